import '../../i18n/test-i18n.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDE_INTERVAL_MS, Slides } from './Slides.tsx';

const slides = [
  { imageUrl: 'a.png', httpUrl: '' },
  { imageUrl: 'b.png', httpUrl: '' },
];
const current = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');

describe('home slides', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 4000 ms and wraps to the first', () => {
    expect(SLIDE_INTERVAL_MS).toBe(4000);
    render(<Slides slides={slides} />);
    expect(current()).toBe('Slide 1');
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe('Slide 1');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('Slide 2');
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe('Slide 1');
  });

  it('pauses on hover', () => {
    render(<Slides slides={slides} />);
    fireEvent.mouseEnter(screen.getByRole('region'));
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe('Slide 1');
  });
});
