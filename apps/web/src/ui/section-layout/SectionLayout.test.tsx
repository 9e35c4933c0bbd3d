import '../testing/dom.ts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SectionLayout } from './SectionLayout.tsx';

describe('SectionLayout', () => {
  it('draws the section menu with the current page, the title, the actions and the body', () => {
    render(
      <SectionLayout
        menu={{
          label: 'Assets',
          activeId: 'b',
          items: [
            { id: 'a', type: 1, navText: 'First', href: '/a' },
            { id: 'b', type: 1, navText: 'Second', href: '/b' },
          ],
        }}
        title="Second page"
        actions={<button type="button">Act</button>}
      >
        <p>Body</p>
      </SectionLayout>,
    );
    expect(screen.getByRole('navigation', { name: 'Assets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Second' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'First' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Second page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Act' })).toBeInTheDocument();
    expect(screen.getByText('Body')).toBeInTheDocument();
  });

  it('scrolls the current entry into view (the phone strip)', () => {
    const scroll = vi.fn();
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scroll;
    render(
      <SectionLayout
        menu={{ label: 'Orders', activeId: 'z', items: [{ id: 'z', type: 1, navText: 'Last', href: '/z' }] }}
        title="Last"
      >
        <p>Body</p>
      </SectionLayout>,
    );
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('link', { name: 'Last' }));
    Element.prototype.scrollIntoView = before;
  });
});
