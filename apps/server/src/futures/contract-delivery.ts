import { CoTriggerMemo, CoTriggerStatus } from '@opex/contract/calls/co-trigger';
import type { Kysely } from 'kysely';
import { recordAudit } from '../admin/audit.ts';
import {
  addContract,
  datedTypes,
  findLiveContract,
  LIVE,
  listBrackets,
  listContracts,
  saveBrackets,
} from '../catalog/contracts.ts';
import {
  DELIVERY_WINDOW_MS,
  type DeliveryCommand,
  type DeliveryContract,
  deliveryPrice,
} from '../core/futures/futures-delivery.ts';
import { futuresSymbol } from '../core/futures/futures-rules.ts';
import type { Database } from '../db/schema.ts';
import { ledgerOf, ledgerText } from '../ledger/ledger-units.ts';
import { successorDeliveryTime } from './delivery-times.ts';
import { barsBefore } from './price-bars.ts';

/**
 * The scheduled side of delivery (core-schedule.ts deliverySchedule):
 * - `moment(at)`: the core's futuresDeliver command for every live dated contract whose delivery time is at or
 *   before `at`, each with its price worked out from the stored index bars of the 30 minutes before delivery. With
 *   no bar in that window the last bar before it is the price; a contract with no index bar at all is not sent (it
 *   waits, still live, until it has one).
 * - `roll(at)`: for each delivered contract not yet rolled, lists the next one of its kind under the same name, with
 *   the same terms and brackets, through the catalogue as `contract add` does (and the audit log), and records it as
 *   the delivery's successor in the same transaction, so a restart lists it exactly once. The delivered contract's
 *   waiting conditional orders are cancelled then too (memo 6, the contract is closed); the trigger watch ends any it
 *   still holds when it fires, as it does for a closed contract.
 */
export class ContractDelivery {
  constructor(private readonly db: Kysely<Database>) {}

  async moment(at: number): Promise<DeliveryCommand> {
    const due = (await listContracts(this.db, LIVE)).filter(
      (c) => datedTypes.includes(c.contract_type as never) && c.delivery_time !== null && c.delivery_time <= at,
    );
    const contracts: DeliveryContract[] = [];
    for (const c of due) {
      const deliveryTime = c.delivery_time as number;
      const before = await barsBefore(this.db, c.id, 'index', deliveryTime, DELIVERY_WINDOW_MS / 60_000);
      const window = before.filter((b) => Number(b.open_time) >= deliveryTime - DELIVERY_WINDOW_MS);
      const bars = (window.length ? window : before.slice(0, 1)).reverse();
      const price = deliveryPrice(
        bars.map((b) => ledgerOf(b.close)),
        c.price_precision,
      );
      if (price === null) continue;
      contracts.push({
        contractId: c.id,
        symbol: futuresSymbol(c.contract_name),
        deliveryTime,
        price: ledgerText(price),
        bars: bars.map((b) => ({ openTime: Number(b.open_time), close: b.close })),
      });
    }
    return { contracts };
  }

  async roll(at: number): Promise<void> {
    const pending = await this.db
      .selectFrom('futures_deliveries')
      .select('contract_id')
      .where('successor_id', 'is', null)
      .orderBy('contract_id')
      .execute();
    for (const { contract_id } of pending) {
      await this.db.transaction().execute(async (trx) => {
        const old = await trx
          .selectFrom('contracts')
          .selectAll()
          .where('id', '=', Number(contract_id))
          .executeTakeFirstOrThrow();
        // The operator may have listed one under the name already: that one is the successor.
        let successor = (await findLiveContract(trx, old.contract_name))?.id;
        if (successor === undefined) {
          const { id, contract_name, created_at, updated_at, ...terms } = old;
          const delivery = successorDeliveryTime(old.contract_type, old.delivery_time as number, at);
          successor = await addContract(trx, { ...terms, delivery_time: delivery, status: 'listed' }, at);
          const added = await trx
            .selectFrom('contracts')
            .selectAll()
            .where('id', '=', successor)
            .executeTakeFirstOrThrow();
          const brackets = await listBrackets(trx, id);
          if (brackets.length)
            await saveBrackets(
              trx,
              added,
              brackets.map(({ contract_id: _, ...b }) => b),
              at,
            );
          await recordAudit(
            trx,
            {
              actor: 'delivery',
              action: 'contract.roll',
              subject: contract_name,
              detail: { from: id, id: successor, delivery },
            },
            at,
          );
        }
        // Its conditional orders still waiting off the book can no longer be placed: cancelled, the contract closed.
        await trx
          .updateTable('futures_trigger_orders')
          .set({ status: CoTriggerStatus.cancelled, memo: CoTriggerMemo.suspended, updated_at: at })
          .where('contract_id', '=', old.id)
          .where('status', '=', CoTriggerStatus.active)
          .execute();
        await trx
          .updateTable('futures_deliveries')
          .set({ successor_id: successor })
          .where('contract_id', '=', Number(contract_id))
          .where('successor_id', 'is', null)
          .execute();
      });
    }
  }
}
