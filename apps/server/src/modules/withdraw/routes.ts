import {
  addressList,
  addWithdrawAddr,
  cancelWithdraw,
  deleteWithdrawAddr,
  doWithdraw,
  getCost,
  validateWithdrawAddr,
  withdrawConfirm,
  withdrawList,
} from '@opex/contract/calls/withdraw';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import type { Services } from '../../platform/services.ts';
import { loggedInUser } from '../security/address-binding.ts';
import { requireGoogleWhenEnforced } from '../security/enforced-google.ts';
import { createUserKit } from '../user/user-kit.ts';
import { addAddress, checkAddress, deleteAddress, listAddresses } from './address-book.ts';
import { payOutOnSimulatedChains } from './simulated-payout.ts';
import { withdrawCost } from './withdraw-cost.ts';
import {
  cancelWithdrawal,
  confirmWithdrawal,
  expireUnconfirmed,
  recoverInterruptedRequests,
  requestWithdrawal,
  withdrawalPage,
} from './withdrawal-requests.ts';

/**
 * Withdrawals and their address book. The calls belong to several of the spec's groups (addr, cost, finance,
 * record); they live together because they share one state machine.
 */
const EXPIRY_SWEEP_MS = 60_000;

export async function registerWithdrawModule(app: FastifyInstance, services: Services) {
  const kit = createUserKit(services);
  const { db } = services.database;
  const { clock } = services;
  await recoverInterruptedRequests(kit);
  const sweep = setInterval(() => {
    expireUnconfirmed(kit).catch((error) => app.log.error(error, 'withdrawal expiry sweep failed'));
  }, EXPIRY_SWEEP_MS).unref();
  // The demo's simulated wallet pays as often as the chains are polled (0: only when called, as tests do).
  const pollMs = services.config.chainPollMs;
  let paying = false;
  const payout =
    pollMs > 0
      ? setInterval(() => {
          if (paying) return;
          paying = true;
          payOutOnSimulatedChains(services)
            .catch((error) => app.log.error(error, 'simulated-chain payout failed'))
            .finally(() => {
              paying = false;
            });
        }, pollMs).unref()
      : null;
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    if (payout) clearInterval(payout);
  });

  bindCall(app, services, getCost, (input, ctx) => withdrawCost(kit, ctx, input.symbol));
  bindCall(app, services, addressList, async (input, ctx) => ({
    addressList: await listAddresses(db, ctx.userId, input.coinSymbol),
  }));
  bindCall(app, services, addWithdrawAddr, async (input, ctx) => {
    await requireGoogleWhenEnforced(services, await loggedInUser(kit, ctx));
    return addAddress(db, clock, ctx.userId, input);
  });
  bindCall(app, services, deleteWithdrawAddr, (input, ctx) => deleteAddress(db, ctx.userId, input.id).then(() => null));
  bindCall(app, services, validateWithdrawAddr, async (input) => {
    const check = await checkAddress(db, input);
    return check.ok
      ? { valid: true, problem: '', reason: '', address: check.address }
      : { valid: false, problem: check.problem, reason: check.reason, address: '' };
  });
  bindCall(app, services, doWithdraw, (input, ctx) => requestWithdrawal(kit, ctx, input));
  bindCall(app, services, withdrawConfirm, (input, ctx) => confirmWithdrawal(kit, ctx, input));
  bindCall(app, services, cancelWithdraw, (input, ctx) => cancelWithdrawal(kit, ctx, input.id));
  bindCall(app, services, withdrawList, (input, ctx) => withdrawalPage(kit, ctx.userId, input));
}
