import { canonicalAddress } from './chain-config.ts';
import {
  type ChainWatcher,
  type ObservedTransfer,
  type TransferLocation,
  unitsToDecimal,
  type WatchScope,
} from './chain-watcher.ts';
import { JsonRpcClient } from './json-rpc.ts';

/**
 * Deposits from an Ethereum JSON-RPC node: native coin from full blocks (eth_getBlockByNumber), ERC-20 tokens from
 * Transfer logs to our addresses (eth_getLogs). Each scan re-reads the last `confirmations` blocks so a re-org
 * that brings new transactions is not missed (the deposit table ignores what it has already seen); a transfer is
 * followed by its receipt, and a failed or vanished transaction is gone.
 * Output index: 0 for a native transfer; 1 + the log's position in its transaction for a token transfer (stable
 * when a re-org moves the transaction to another block, unlike the block-wide logIndex).
 */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const BLOCKS_PER_SCAN = 50;

interface RpcTx {
  hash: string;
  to: string | null;
  value: string;
}
interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}
interface RpcReceipt {
  status: string;
  blockNumber: string;
  logs: RpcLog[];
}

const hex = (n: number) => `0x${n.toString(16)}`;

export class EvmWatcher implements ChainWatcher {
  private readonly rpc: JsonRpcClient;

  constructor(url: string) {
    this.rpc = new JsonRpcClient(url);
  }

  async tipHeight(): Promise<number> {
    return Number(await this.rpc.call<string>('eth_blockNumber'));
  }

  async scan(cursor: string, scope: WatchScope): Promise<{ transfers: ObservedTransfer[]; cursor: string }> {
    const tip = await this.tipHeight();
    const overlap = Math.max(1, scope.chain.confirmations);
    const next = cursor === '' ? tip - overlap + 1 : Number(cursor) + 1;
    const from = Math.max(0, Math.min(next, tip - overlap + 1));
    const to = Math.min(tip, from + BLOCKS_PER_SCAN - 1);
    if (to < from) return { transfers: [], cursor: cursor || String(tip) };
    const transfers = [
      ...(await this.nativeTransfers(from, to, scope)),
      ...(await this.tokenTransfers(from, to, scope)),
    ];
    return { transfers, cursor: String(Math.max(to, Number(cursor || 0))) };
  }

  private async nativeTransfers(from: number, to: number, scope: WatchScope): Promise<ObservedTransfer[]> {
    const native = scope.coins.find((c) => c.contract === '');
    if (!native) return [];
    const found: ObservedTransfer[] = [];
    for (let height = from; height <= to; height++) {
      const block = await this.rpc.call<{ transactions: RpcTx[] } | null>('eth_getBlockByNumber', [hex(height), true]);
      for (const tx of block?.transactions ?? []) {
        if (!tx.to || BigInt(tx.value) === 0n) continue;
        const address = canonicalAddress('evm', tx.to);
        if (!scope.addresses.has(address)) continue;
        found.push({
          txid: tx.hash,
          outputIndex: 0,
          coin: native.coin,
          address,
          memo: '',
          amount: unitsToDecimal(BigInt(tx.value), native.decimals),
          blockHeight: height,
        });
      }
    }
    return found;
  }

  private async tokenTransfers(from: number, to: number, scope: WatchScope): Promise<ObservedTransfer[]> {
    const tokens = new Map(scope.coins.filter((c) => c.contract !== '').map((c) => [c.contract, c]));
    if (tokens.size === 0 || scope.addresses.size === 0) return [];
    const recipients = [...scope.addresses].map((a) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`);
    const logs = await this.rpc.call<RpcLog[]>('eth_getLogs', [
      {
        fromBlock: hex(from),
        toBlock: hex(to),
        address: [...tokens.keys()],
        topics: [TRANSFER_TOPIC, null, recipients],
      },
    ]);
    const found: ObservedTransfer[] = [];
    for (const log of logs) {
      const token = tokens.get(log.address.toLowerCase());
      if (!token || log.removed || log.topics[0] !== TRANSFER_TOPIC || !log.topics[2]) continue;
      const address = canonicalAddress('evm', `0x${log.topics[2].slice(-40)}`);
      if (!scope.addresses.has(address)) continue;
      const receipt = await this.rpc.call<RpcReceipt | null>('eth_getTransactionReceipt', [log.transactionHash]);
      const position = receipt?.logs.findIndex((l) => l.logIndex === log.logIndex) ?? -1;
      if (position < 0) continue;
      found.push({
        txid: log.transactionHash,
        outputIndex: 1 + position,
        coin: token.coin,
        address,
        memo: '',
        amount: unitsToDecimal(BigInt(log.data), token.decimals),
        blockHeight: Number(log.blockNumber),
      });
    }
    return found;
  }

  async locate(transfer: Pick<ObservedTransfer, 'txid'>): Promise<TransferLocation> {
    const receipt = await this.rpc.call<RpcReceipt | null>('eth_getTransactionReceipt', [transfer.txid]);
    if (receipt) return receipt.status === '0x1' ? Number(receipt.blockNumber) : 'gone';
    const pending = await this.rpc.call<unknown>('eth_getTransactionByHash', [transfer.txid]);
    return pending ? null : 'gone';
  }
}
