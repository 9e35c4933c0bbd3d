import { describe, expect, it } from 'vitest';
import { messages } from '../../i18n/locales/en_US.ts';
import { TYPE_FILTER } from './CoOrderPage.tsx';

describe('futures order centre type filter', () => {
  it('sends the record codes: 3 IOC, 4 FOK, 5 post-only (not the original 3/4/5 post-only/IOC/FOK)', () => {
    const labels = Object.fromEntries(TYPE_FILTER.map((code) => [code, messages.futures.orderType[code]]));
    expect(labels).toEqual({ 1: 'Limit', 2: 'Market', 3: 'IOC', 4: 'FOK', 5: 'Post only' });
  });
});
