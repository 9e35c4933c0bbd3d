import type { TradingCore } from '../core/trading-core.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../platform/clock.ts';
import { BitcoindWatcher } from './bitcoind-watcher.ts';
import { type ChainConfig, listChains } from './chain-config.ts';
import type { ChainWatcher } from './chain-watcher.ts';
import { DepositProcessor } from './deposit-processor.ts';
import { EvmWatcher } from './evm-watcher.ts';
import { SimulatedChain, SimulatedWatcher } from './simulated-chain.ts';

/**
 * The deposit watcher: a round polls each configured chain through its adapter, one round at a time (rounds never
 * overlap). The deposit module runs it as a job; tests call pollOnce. A chain whose node fails keeps its error in
 * chains.scan_error for the operator and is tried again next round.
 */
export class DepositWatch {
  readonly processor: DepositProcessor;
  private round: Promise<void> | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    core: TradingCore,
    private readonly options: { onError?: (error: unknown, context: string) => void },
  ) {
    this.processor = new DepositProcessor(database.db, clock, core);
  }

  /** The simulated chain `chain`, e.g. to "send" a withdrawal on it. */
  simulated(chain: string): SimulatedChain {
    return new SimulatedChain(this.database.db, this.clock, chain);
  }

  /** One round over every chain; a round already running is awaited instead of started twice. */
  pollOnce(): Promise<void> {
    this.round ??= this.pollChains().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async pollChains(): Promise<void> {
    for (const chain of await listChains(this.database.db)) {
      try {
        await this.processor.poll(chain, this.watcherFor(chain));
      } catch (error) {
        this.options.onError?.(error, `deposit watcher: chain ${chain.chain}`);
        await this.database.db
          .updateTable('chains')
          .set({ scan_error: String((error as Error).message ?? error).slice(0, 500) })
          .where('chain', '=', chain.chain)
          .execute();
      }
    }
  }

  private watcherFor(chain: ChainConfig): ChainWatcher {
    if (chain.watcher === 'bitcoind') return new BitcoindWatcher(chain.rpc_url);
    if (chain.watcher === 'evm-rpc') return new EvmWatcher(chain.rpc_url);
    return new SimulatedWatcher(this.database.db, this.clock, chain.chain);
  }
}
