import { describe, expect, it } from 'vitest';
import { cleanOperatorHtml } from './operator-html.ts';

describe('operator html', () => {
  it('keeps markup and drops everything that could run', () => {
    const html = cleanOperatorHtml(
      '<h2 onclick="x()">Fees</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="/fees" target="_blank">ok</a><iframe src="//e"></iframe><img src="data:image/png;base64,AA" onerror="x()">',
    );
    expect(html).toBe(
      '<h2>Fees</h2><a>x</a><a href="/fees" target="_blank" rel="noopener noreferrer">ok</a><img src="data:image/png;base64,AA">',
    );
  });
});
