import '../testing/dom.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, Carousel } from './Carousel.tsx';

const slides = [
  { imageUrl: '/a.png', httpUrl: 'https://example.org/a' },
  { imageUrl: '/b.png' },
  { imageUrl: '/c.png', httpUrl: 'https://example.org/c' },
];

const currentDot = () => screen.getAllByRole('button').findIndex((dot) => dot.getAttribute('aria-current') === 'true');

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 4000 ms and wraps to the first slide', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(4000);
    render(<Carousel label="Promotions" slides={slides} />);
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(3999));
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(currentDot()).toBe(2);
    act(() => vi.advanceTimersByTime(4000));
    expect(currentDot()).toBe(0);
  });

  it('pauses while hovered', () => {
    render(<Carousel label="Promotions" slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Promotions' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(12000));
    expect(currentDot()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(4000));
    expect(currentDot()).toBe(1);
  });

  it('pauses while something inside has focus', () => {
    render(<Carousel label="Promotions" slides={slides} />);
    act(() => screen.getAllByRole('button')[2]?.focus());
    act(() => vi.advanceTimersByTime(8000));
    expect(currentDot()).toBe(0);
  });

  it('jumps to a slide from its dot, and only the shown slide is reachable', () => {
    render(<Carousel label="Promotions" slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3 of 3' }));
    expect(currentDot()).toBe(2);
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://example.org/c');
    expect(screen.getByRole('img', { name: 'Slide 3 of 3' })).toBeInTheDocument();
  });

  it('does not move with a single slide and draws nothing without slides', () => {
    const { container, rerender } = render(<Carousel label="Promotions" slides={[slides[0]!]} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    rerender(<Carousel label="Promotions" slides={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
