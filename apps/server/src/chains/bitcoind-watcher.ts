import Big from 'big.js';
import { canonicalAddress } from './chain-config.ts';
import type { ChainWatcher, ObservedTransfer, TransferLocation, WatchScope } from './chain-watcher.ts';
import { JsonRpcClient, JsonRpcError } from './json-rpc.ts';

/**
 * Deposits from a bitcoind (or a fork with its RPC: Litecoin Core...) whose wallet watches our addresses: the
 * operator imports the chain's extended public key as a watch-only descriptor (wpkh(xpub/0/*)), so the node never
 * holds a private key either. listsinceblock finds receipts after the last seen block; gettransaction follows each
 * until it is credited (negative confirmations: conflicted, i.e. gone).
 */
interface WalletTx {
  address?: string;
  category: string;
  amount: string;
  vout: number;
  confirmations: number;
  blockheight?: number;
  txid: string;
}

/** bitcoind's "Invalid or non-wallet transaction id". */
const NOT_FOUND = -5;

export class BitcoindWatcher implements ChainWatcher {
  private readonly rpc: JsonRpcClient;

  constructor(url: string) {
    this.rpc = new JsonRpcClient(url, { exactFields: ['amount', 'fee'] });
  }

  tipHeight(): Promise<number> {
    return this.rpc.call<number>('getblockcount');
  }

  async scan(cursor: string, scope: WatchScope): Promise<{ transfers: ObservedTransfer[]; cursor: string }> {
    const native = scope.coins.find((c) => c.contract === '');
    const params = cursor ? [cursor, 1, true, true] : [];
    const reply = await this.rpc.call<{ transactions: WalletTx[]; lastblock: string }>('listsinceblock', params);
    const tip = reply.transactions.some((t) => t.confirmations > 0 && t.blockheight === undefined)
      ? await this.tipHeight()
      : 0;
    const transfers: ObservedTransfer[] = [];
    for (const tx of reply.transactions) {
      if (!native || tx.category !== 'receive' || !tx.address || tx.confirmations < 0) continue;
      const address = canonicalAddress('bitcoin', tx.address);
      if (!scope.addresses.has(address)) continue;
      transfers.push({
        txid: tx.txid,
        outputIndex: tx.vout,
        coin: native.coin,
        address,
        memo: '',
        amount: new Big(tx.amount).toFixed(),
        blockHeight: tx.confirmations === 0 ? null : (tx.blockheight ?? tip - tx.confirmations + 1),
      });
    }
    return { transfers, cursor: reply.lastblock };
  }

  async locate(transfer: Pick<ObservedTransfer, 'txid'>): Promise<TransferLocation> {
    let tx: { confirmations: number; blockheight?: number };
    try {
      tx = await this.rpc.call('gettransaction', [transfer.txid, true]);
    } catch (error) {
      if (error instanceof JsonRpcError && error.code === NOT_FOUND) return 'gone';
      throw error;
    }
    if (tx.confirmations < 0) return 'gone';
    if (tx.confirmations === 0) return null;
    return tx.blockheight ?? (await this.tipHeight()) - tx.confirmations + 1;
  }
}
