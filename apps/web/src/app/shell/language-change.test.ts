import { beforeEach, describe, expect, it, vi } from 'vitest';

const invoke = vi.fn();
vi.mock('../../api/call.ts', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));
const { changeLanguage, samePathWithout } = await import('./language-change.ts');

describe('language change flow', () => {
  beforeEach(() => {
    invoke.mockReset();
    document.cookie = 'lan=; max-age=0; path=/';
    history.replaceState(null, '', '/footerPage/about?lang=en_US&x=1');
  });

  it('keeps the path and drops a ?lang= that would undo the choice', () => {
    expect(samePathWithout('http://h/mesage?lang=zh_CN&page=2#top')).toBe('/mesage?page=2#top');
  });

  it('logged in: posts the change first, then reloads the same path', async () => {
    const order: string[] = [];
    invoke.mockImplementation(async () => order.push('post'));
    await changeLanguage('zh_CN', true, (path) => order.push(`reload ${path}`));
    expect(invoke.mock.calls[0]?.[1]).toEqual({ language: 'zh_CN' });
    expect(order).toEqual(['post', 'reload /footerPage/about?x=1']);
    expect(document.cookie).toContain('lan=zh_CN');
  });

  it('logged in: a failed post changes nothing', async () => {
    invoke.mockRejectedValue(new Error('down'));
    const reload = vi.fn();
    await changeLanguage('ja_JP', true, reload);
    expect(reload).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('lan=ja_JP');
  });

  it('visitor: reloads at once without posting', async () => {
    const reload = vi.fn();
    await changeLanguage('ko_KR', false, reload);
    expect(invoke).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledWith('/footerPage/about?x=1');
  });
});
