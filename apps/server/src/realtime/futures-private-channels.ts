import { type CoOrderUpdate, type CoPositionsUpdate, channels } from '@opex/contract/realtime';
import { type FuturesAccounts, futuresSymbol, isFuturesUserAccount } from '../core/futures/futures-rules.ts';
import { userAssets } from '../futures/assets-views.ts';
import { coOrderStatus } from '../futures/co-order-status.ts';
import type { Services } from '../services.ts';
import type { Fanout } from './fanout.ts';
import { type OriginalProtocol, privateTopic } from './original-protocol.ts';
import { registerSessionChannels } from './session-channels.ts';

/** The user accounts valued: the real one, and the simulated one of a user who has simulated money. */
const FUTURES_ACCOUNTS: readonly FuturesAccounts['user'][] = ['co', 'co_sim'];

/** A holder's positions are valued again at most this often as marks move (marks are worked out each second). */
const MARK_PUSH_MS = 1000;

/**
 * The logged-in user's channels on the futures socket (session-bound, session-channels.ts): orders and conditional
 * orders pushed at once as they change; positions and accounts as position/get_assets_list values them, worked out
 * again after the user's futures orders or co balances move and, for a user holding positions, as their contracts'
 * marks move (at most once a second). Valuing reads the database, so it is coalesced: users touched while a round runs
 * are served once by the next. The first listener of a user's positions or account gets their current value; after
 * that a value is pushed only when it differs from the last one. The simulated account's positions and accounts go
 * on the same channels marked `simulated: 1`, once the user has had simulated money.
 */
export function registerFuturesPrivateChannels(fanout: Fanout, protocol: OriginalProtocol, services: Services): void {
  const { core, contractPrices } = services;
  const valued: readonly string[] = [channels.coPositions, channels.coAccount];
  const listening = (userId: number) => valued.some((name) => fanout.listened(privateTopic(name, userId)));
  /** Users holding positions, with their contracts' books, as the last round found them (while they listen). */
  const held = new Map<number, Set<string>>();
  /** What each open topic last carried, by part (the positions whole: ''; an account: its coin). */
  const last = new Map<string, Map<string, string>>();
  /** Users whose simulated account has had money while they listen: it is pushed too. */
  const simulating = new Set<number>();
  /** Listeners whose simulated account is looked at once (it may hold money from before they listened). */
  const unchecked = new Set<number>();
  const due = new Set<number>();
  let queued = false;
  let stopped = false;
  let chain = Promise.resolve();

  const touch = (userId: number) => {
    if (stopped || !listening(userId)) return;
    due.add(userId);
    if (queued) return;
    queued = true;
    chain = chain
      .then(() => {
        queued = false;
        return round();
      })
      .catch((error) => {
        if (!stopped) console.error('futures private channels', error);
      });
  };

  const pushChanged = (userId: number, name: string, part: string, tick: unknown) => {
    const topic = privateTopic(name, userId);
    if (!fanout.listened(topic)) return;
    const text = JSON.stringify(tick);
    let parts = last.get(topic);
    if (!parts) {
      parts = new Map();
      last.set(topic, parts);
    }
    if (parts.get(part) === text) return;
    parts.set(part, text);
    protocol.pushPrivate(userId, name, tick);
  };

  const round = async () => {
    const users = [...due];
    due.clear();
    for (const userId of users) {
      if (stopped || !listening(userId)) continue;
      const books = new Set<string>();
      for (const account of FUTURES_ACCOUNTS) {
        // The simulated account is valued only for a user who has (or may have, until looked at once) its money.
        if (account === 'co_sim' && !simulating.has(userId) && !unchecked.delete(userId)) continue;
        const { positionList, accountList } = await userAssets(services, userId, contractPrices, account);
        for (const p of positionList) books.add(futuresSymbol(p.contractName));
        const simulated = account === 'co_sim' ? ({ simulated: 1 } as const) : {};
        // Pushed only for a user who has had simulated money (a coupon): nothing for everyone else.
        if (account === 'co_sim') {
          if (accountList.some((a) => a.totalAmount !== '0') || positionList.length > 0) simulating.add(userId);
          if (!simulating.has(userId)) continue;
        }
        const positions: CoPositionsUpdate = { positionList, ...simulated };
        pushChanged(userId, channels.coPositions, account, positions);
        for (const item of accountList)
          pushChanged(userId, channels.coAccount, `${account}:${item.symbol}`, { ...item, ...simulated });
      }
      if (books.size > 0 && listening(userId)) held.set(userId, books);
      else held.delete(userId);
    }
  };

  registerSessionChannels(fanout, protocol, services, [...valued, channels.coOrders], {
    opened: (name, userId) => {
      if (!valued.includes(name)) return;
      if (!simulating.has(userId)) unchecked.add(userId);
      touch(userId);
    },
    closed: (name, userId) => {
      last.delete(privateTopic(name, userId));
      if (!listening(userId)) {
        held.delete(userId);
        simulating.delete(userId);
        unchecked.delete(userId);
      }
    },
  });
  fanout.own(() => {
    stopped = true;
  });

  const pushOrder = (userId: number, symbol: string, update: (contractId: number) => CoOrderUpdate) => {
    const rules = core.market(symbol)?.futures;
    if (rules) protocol.pushPrivate(userId, channels.coOrders, update(rules.contractId));
  };
  fanout.own(
    core.bus.subscribe((events) => {
      for (const e of events) {
        if (e.type === 'order' && core.market(e.symbol)?.futures) {
          pushOrder(e.userId, e.symbol, (contractId) => ({
            kind: 'order',
            id: String(e.orderId),
            contractId,
            status: coOrderStatus(e.status, e.dealVolume),
            // Whole contracts, as the order lists show them.
            dealVolume: e.dealVolume.split('.')[0] as string,
            dealMoney: e.dealMoney,
          }));
          touch(e.userId);
        } else if (e.type === 'futuresTrigger') {
          pushOrder(e.userId, e.symbol, (contractId) => ({
            kind: 'trigger',
            id: String(e.triggerId),
            contractId,
            status: e.status,
            orderId: e.orderId === null ? '' : String(e.orderId),
          }));
        } else if (e.type === 'balance' && isFuturesUserAccount(e.account) && e.ownerId > 0) {
          if (e.account === 'co_sim' && listening(e.ownerId)) simulating.add(e.ownerId);
          touch(e.ownerId);
        } else if (e.type === 'futuresLiquidation') touch(e.userId);
      }
    }),
  );

  // A mark move changes every position's PnL in that contract: its holders are valued again, once per period.
  const moved = new Set<string>();
  fanout.own(
    contractPrices.subscribe((changes) => {
      for (const c of changes) moved.add(c.symbol);
    }),
  );
  fanout.every(MARK_PUSH_MS, () => {
    if (moved.size === 0) return;
    for (const [userId, books] of held) if ([...books].some((book) => moved.has(book))) touch(userId);
    moved.clear();
  });
}
