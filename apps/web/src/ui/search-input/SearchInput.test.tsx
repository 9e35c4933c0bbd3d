import '../testing/dom.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Controlled } from '../testing/Controlled.tsx';
import { SEARCH_MAX_LENGTH, SearchInput } from './SearchInput.tsx';

describe('SearchInput', () => {
  it('strips spaces and keeps at most 100 characters', () => {
    expect(SEARCH_MAX_LENGTH).toBe(100);
    render(<Controlled render={(p) => <SearchInput label="Search coins" {...p} />} />);
    const box = screen.getByRole('searchbox', { name: 'Search coins' });
    fireEvent.change(box, { target: { value: ` b t c ${'x'.repeat(200)}` } });
    expect((box as HTMLInputElement).value).toBe(`btc${'x'.repeat(97)}`);
  });
});
