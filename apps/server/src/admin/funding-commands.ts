import Big from 'big.js';
import type { Contract } from '../catalog/contracts.ts';
import { enqueueFundingSettle, waitForInbox } from '../core/core-inbox.ts';
import { isFundingTime, MINUTE_MS, nextFundingTime } from '../core/futures/funding-times.ts';
import { fundingContract, fundingScheduleOf, lastRates, predictedRate } from '../futures/funding-store.ts';
import { latestBar } from '../futures/price-bars.ts';
import { SYSTEM_OWNER } from '../ledger/accounts.ts';
import { type AdminCommand, type AdminContext, change } from './admin-command.ts';
import { AdminInputError } from './admin-input.ts';
import { liveContract } from './futures-commands.ts';

/** How long the CLI waits to see a running exchange settle. */
const SETTLE_WAIT_MS = 5_000;

/**
 * A perpetual's funding by hand: the running interval's rate as it stands, and a settlement now at that rate. The
 * settlement is funding's own core command (core/futures/funding-commands.ts fundingSettle), sent through the core
 * inbox like a credit, so the running exchange pays it between the open positions and stores it as the scheduler's
 * are: a funding_rates row (rate, mark, samples) and ledger rows of cause funding.
 */
export const fundingCommands: Record<string, AdminCommand> = {
  'funding rate': {
    usage: "funding rate <contract>   (the running interval's predicted rate and the next funding time)",
    async run(ctx, p) {
      const contract = await perpetual(ctx, p);
      const now = ctx.clock.now();
      const [predicted, last] = await Promise.all([
        predictedRate(ctx.handle.db, contract, now),
        lastRates(ctx.handle.db),
      ]);
      const next = nextFundingTime(fundingScheduleOf(contract), now);
      return [
        `${contract.contract_name}\tpredicted rate ${percent(predicted.rate)} (${predicted.rate}, ${predicted.samples} samples so far)`,
        `next funding ${new Date(next).toISOString()}`,
        `last settled rate ${last.has(contract.id) ? percent(last.get(contract.id) as string) : 'none yet'}`,
      ].join('\t');
    },
  },
  'funding settle': {
    usage:
      'funding settle <contract>   (settles funding now at the predicted rate and the mark; the exchange must run)',
    async run(ctx, p) {
      const contract = await perpetual(ctx, p);
      const { db } = ctx.handle;
      const now = ctx.clock.now();
      // A scheduled moment is the scheduler's: one ms on, so the two settlements never share a funding time.
      const at = isFundingTime(fundingScheduleOf(contract), now) ? now + 1 : now;
      // The mark as the running exchange last worked it out (it stores a bar each minute while it runs).
      const [mark, index] = await Promise.all([
        latestBar(db, contract.id, 'mark'),
        latestBar(db, contract.id, 'index'),
      ]);
      if (!mark || Number(mark.open_time) < Math.floor(at / MINUTE_MS) * MINUTE_MS - MINUTE_MS)
        throw new Error(
          `${contract.contract_name} has no mark price from the last minute: funding settles only while the exchange runs and prices the contract`,
        );
      const moment = {
        at,
        operator: true as const,
        contracts: [fundingContract(contract, index?.close ?? null, mark.close)],
      };
      let inboxId = 0;
      await change(ctx, { action: 'funding.settle', subject: contract.contract_name, detail: moment }, async (trx) => {
        inboxId = await enqueueFundingSettle(trx, moment, now);
      });
      const result = await waitForInbox(db, inboxId, SETTLE_WAIT_MS);
      if (result === null) return `queued funding of ${contract.contract_name}: the exchange settles it when it runs`;
      return settled(ctx, contract, at);
    },
  },
};

/** A live perpetual: a dated contract has no funding. */
async function perpetual(ctx: AdminContext, p: string[]): Promise<Contract> {
  const contract = await liveContract(ctx, p);
  if (contract.delivery_time !== null)
    throw new AdminInputError(`${contract.contract_name} is a dated contract: only perpetuals fund`);
  return contract;
}

/** What the settlement stored: its rate and mark, and how many positions paid or were paid. */
async function settled(ctx: AdminContext, contract: Contract, at: number): Promise<string> {
  const { db } = ctx.handle;
  const [row, payments] = await Promise.all([
    db
      .selectFrom('funding_rates')
      .select(['rate', 'mark', 'samples'])
      .where('contract_id', '=', contract.id)
      .where('funding_time', '=', at)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cause', '=', 'funding')
      .where('cause_id', '=', `funding:${contract.id}:${at}`)
      .where('owner_id', '!=', SYSTEM_OWNER)
      .executeTakeFirstOrThrow(),
  ]);
  return (
    `${contract.contract_name} funding settled at ${new Date(at).toISOString()}: rate ${percent(row.rate)} ` +
    `(${row.samples} samples), mark ${row.mark}, ${Number(payments.n)} ledger rows of positions`
  );
}

const percent = (rate: string) => `${new Big(rate).times(100).toFixed()}%`;
