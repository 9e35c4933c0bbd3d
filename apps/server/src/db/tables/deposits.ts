import type { ColumnType, Generated } from 'kysely';

/**
 * Deposits: chains and coin-chains the operator configured, deposit addresses per user, coin and chain, deposits
 * seen on chain with their state, and the demo's simulated chain (blocks as a height, transactions as rows).
 */
export interface ChainsTable {
  /** The chain's id, upper case: BTC, ETH, LTC... */
  chain: string;
  name: string;
  kind: 'bitcoin' | 'evm';
  /** Bitcoin-style: a key of bitcoinNetworks (its bech32 HRP); EVM: a free label such as mainnet. */
  network: string;
  watcher: 'simulated' | 'bitcoind' | 'evm-rpc';
  rpc_url: string;
  /** Account-level extended public key (xpub/tpub/zpub/vpub...); '' while not configured. */
  xpub: string;
  confirmations: number;
  /** A transaction's block-explorer address with {txid} in it (open_txid_addr); '' none. */
  explorer_tx: ColumnType<string, string | undefined, string>;
  /** Where the watcher's next scan starts (a block hash, a height, or a simulated row id). */
  scan_cursor: Generated<string>;
  /** The last scan's failure, '' after a good scan. */
  scan_error: Generated<string>;
  updated_at: number;
}

export interface CoinChainsTable {
  coin: string;
  chain: string;
  /** Smallest deposit credited, a decimal string. */
  min_deposit: string;
  /** 1: the chain's address is shared and a per-user memo (tag) tells deposits apart. */
  need_memo: number;
  /** ERC-20 token contract (lower case); '' for the chain's native coin. */
  contract: string;
  /** Digits of the coin's on-chain unit (18 for ETH, 8 for BTC, 6 for most USDT). */
  decimals: number;
  sort: number;
  updated_at: number;
}

export type DepositAddressState = 'ready' | 'failed';

export interface DepositAddressesTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  chain: string;
  address: string;
  memo: string;
  state: DepositAddressState;
  /** Why generation failed (a reason key), '' when ready. */
  error: string;
  created_at: number;
  updated_at: number;
}

export type DepositState =
  | 'pending'
  | 'confirming'
  | 'crediting'
  | 'credited'
  | 'below_minimum'
  | 'orphaned'
  | 'unmatched';

export interface DepositsTable {
  id: Generated<number>;
  chain: string;
  txid: string;
  output_index: number;
  coin: string;
  /** null: no user's address or memo matched (kept for the operator, never credited). */
  user_id: number | null;
  address: string;
  memo: string;
  /** Exactly as on chain. */
  amount: string;
  /** What the ledger received: the amount truncated to the coin's scale; '0' until credited. */
  credited_amount: string;
  block_height: number | null;
  confirmations: number;
  required_confirmations: number;
  state: DepositState;
  created_at: number;
  updated_at: number;
  credited_at: number | null;
}

export interface SimChainHeightsTable {
  chain: string;
  height: number;
}

export interface SimChainTxsTable {
  id: Generated<number>;
  chain: string;
  txid: string;
  output_index: number;
  coin: string;
  address: string;
  memo: string;
  amount: string;
  /** null while in the mempool. */
  block_height: number | null;
  created_at: number;
}

export interface DepositTables {
  chains: ChainsTable;
  coin_chains: CoinChainsTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  sim_chain_heights: SimChainHeightsTable;
  sim_chain_txs: SimChainTxsTable;
}
