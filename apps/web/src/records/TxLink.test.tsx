import '../ui/testing/dom.ts';
import '../i18n/test-i18n.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicInfoQuery } from '../api/common.ts';
import { explorerTxUrl, TxLink } from './TxLink.tsx';

function renderTx(openTxidAddr: '0' | '1', chain = 'BTC', txid = 'ab12') {
  const client = new QueryClient();
  client.setQueryData(publicInfoQuery.queryKey, {
    switch: { open_txid_addr: openTxidAddr },
    txExplorers: { BTC: 'https://mempool.space/tx/{txid}' },
  });
  render(
    <QueryClientProvider client={client}>
      <TxLink chain={chain} txid={txid}>
        <span>{txid}</span>
      </TxLink>
    </QueryClientProvider>,
  );
}

describe('links to a block explorer (open_txid_addr)', () => {
  it("links the transaction to its chain's explorer while the switch is on", () => {
    renderTx('1');
    expect(screen.getByRole('link', { name: 'Transaction ab12 on the block explorer' })).toHaveAttribute(
      'href',
      'https://mempool.space/tx/ab12',
    );
  });

  it('shows the text alone while the switch is off', () => {
    renderTx('0');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('ab12')).toBeVisible();
  });

  it('shows no link for a chain the operator gave no explorer', () => {
    renderTx('1', 'LTC');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('puts the txid into the address escaped', () => {
    expect(explorerTxUrl('https://x.org/tx/{txid}?a=1', 'a/b c')).toBe('https://x.org/tx/a%2Fb%20c?a=1');
  });
});
