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
import { createAccountChecks } from '../../accounts/account-checks.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import { runModuleJobs } from '../../jobs/module-jobs.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { requireGoogleWhenEnforced } from '../../second-factor/enforced-google.ts';
import type { Services } from '../../services.ts';
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
  const kit = createAccountChecks(services);
  const { db } = services.database;
  const { clock } = services;
  await runModuleJobs(app, services.jobs, [
    {
      name: 'withdrawal-expiry',
      everyMs: EXPIRY_SWEEP_MS,
      takeOver: () => recoverInterruptedRequests(kit),
      run: () => expireUnconfirmed(kit),
    },
    // The demo's simulated wallet pays as often as the chains are polled (0: only when called, as tests do).
    { name: 'simulated-payout', everyMs: services.config.chainPollMs, run: () => payOutOnSimulatedChains(services) },
  ]);

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
