import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BatchEffects } from './batch-effects.ts';
import type { CoreState } from './core-state.ts';

/**
 * One row of the core's command table: how a command kind is applied to the state in memory, whose balances it
 * needs, and its answer when the core cannot take it. A product adds rows (margin's borrow and repay, futures'
 * funding, P2P's escrow hold); the core's loop knows none of them by name.
 */
export interface CommandEntry<I, O> {
  /** Owners whose balances the command may read or post (loaded before the batch is applied). */
  owners(input: I): Iterable<number>;
  /** Applies the command in memory, collecting its effects in the batch; synchronous, and the time comes in `at`. */
  apply(context: ApplyContext, input: I): O;
  /** The answer when the core is stopped or the batch holding the command could not be stored. */
  unavailable(input: I): O;
  /** True when the command needs the markets read again before it is applied (a market listed since the last read). */
  needsMarkets?(input: I, state: CoreState): boolean;
  /** Reads what the batch's commands of this kind need from the database, once per batch, before any is applied. */
  prepare?(db: Kysely<Database>, inputs: I[]): Promise<void>;
}

export interface ApplyContext {
  state: CoreState;
  batch: BatchEffects;
  /** The command's time, given by whoever sent it (the core never reads the clock). */
  at: number;
  /** The batch's sequence number: effects kept in memory until its commit name it. */
  seq: number;
}

/** The table of every command kind: what a product registers. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds entries of every input and outcome type
export type CommandTable = Record<string, CommandEntry<any, any>>;

export type InputOf<T extends CommandTable, K extends keyof T> =
  T[K] extends CommandEntry<infer I, unknown> ? I : never;
export type OutcomeOf<T extends CommandTable, K extends keyof T> =
  T[K] extends CommandEntry<never, infer O> ? O : never;

/**
 * Where commands are sent: the in-process core implements it; with scale-out a NATS client will, carrying the
 * command id as the message id so a retry applies at most once.
 */
export interface CommandBus<T extends CommandTable> {
  execute<K extends keyof T & string>(
    kind: K,
    input: InputOf<T, K>,
    options?: { at?: number; mark?: ScheduleMark },
  ): Promise<OutcomeOf<T, K>>;
}

/** A scheduled task's command carries the moment its task is done until, stored in the same transaction. */
export interface ScheduleMark {
  task: string;
  until: number;
}
