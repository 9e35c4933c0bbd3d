import {
  createCoId,
  editUserPageConfig,
  getUserConfig,
  levelEdit,
  marginModelEdit,
  receiveCoupon,
} from '@opex/contract/calls/co-user';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../catalog/contracts.ts';
import { listBrackets } from '../../catalog/contracts.ts';
import { futuresSymbol } from '../../core/futures/futures-rules.ts';
import { claimCoupon, couponTag } from '../../futures/sim-coupon.ts';
import {
  contractHoldings,
  editUserConfig,
  hasFuturesAccount,
  openFuturesAccount,
  readUserConfig,
  switchable,
  type UserContractConfig,
} from '../../futures/user-config.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';
import { leverCeiling, topLeverage } from './contract-views.ts';

/**
 * The co host's user/* settings calls (contract-notes-products.md §1.2): each reads or changes only the caller's
 * own settings, for a live contract. The margin and position mode are refused while their CanSwitch flag is false;
 * the leverage may change at any time the core allows.
 */
export function registerCoUserCalls(
  app: FastifyInstance,
  services: Services,
  contractOf: (id: number) => Promise<Contract>,
) {
  const { db } = services.database;

  /** The live contract, its brackets and highest leverage. */
  const contractWithLevels = async (contractId: number) => {
    const contract = await contractOf(contractId);
    const brackets = await listBrackets(db, contract.id);
    return { contract, brackets, maxLevel: topLeverage(brackets) };
  };

  /**
   * Saves an edit the contract's and the user's state allow; `flag` is the CanSwitch flag guarding it, `first` what
   * must be done (or refused) before it is saved, given the contract's book.
   */
  const edit = async (
    userId: number,
    contractId: number,
    changes: Partial<UserContractConfig>,
    guard?: { field: string; flag: keyof ReturnType<typeof switchable> },
    first?: (symbol: string) => Promise<void>,
  ) => {
    const { contract, maxLevel } = await contractWithLevels(contractId);
    if (changes.nowLevel !== undefined) {
      const n = changes.nowLevel;
      if (!Number.isInteger(n) || n < 1 || n > maxLevel) {
        throw new CallError(ErrorCode.badRequest, `nowLevel must be a whole number from 1 to ${maxLevel}.`);
      }
    }
    const symbol = futuresSymbol(contract.contract_name);
    if (guard && !switchable(await contractHoldings(db, userId, symbol))[guard.flag]) {
      throw new CallError(
        ErrorCode.badRequest,
        `${guard.field} cannot change while you hold a position or an open order in this contract.`,
      );
    }
    await first?.(symbol);
    await editUserConfig(db, userId, contract.id, maxLevel, changes, services.clock.now());
    return null;
  };

  bindCall(app, services, getUserConfig, async ({ contractId }, { userId }) => {
    const { contract, brackets, maxLevel } = await contractWithLevels(contractId);
    const [config, opened, held, coupon] = await Promise.all([
      readUserConfig(db, userId, contract.id, maxLevel),
      hasFuturesAccount(db, userId),
      contractHoldings(db, userId, futuresSymbol(contract.contract_name)),
      couponTag(services, userId),
    ]);
    const ceiling = leverCeiling(brackets);
    return {
      openContract: opened ? 1 : 0,
      transStatus: opened ? 1 : 0,
      coUnit: config.coUnit,
      multiplierCoin: contract.multiplier_coin,
      marginModel: config.marginModel,
      positionModel: config.positionModel,
      ...switchable(held),
      nowLevel: config.nowLevel,
      minLevel: 1,
      maxLevel,
      // No per-user leverage caps exist: a user may use the contract's whole range, as the original's
      // leverOriginCeiling (before any per-user cut) equals leverCeiling.
      userMaxLevel: maxLevel,
      leverCeiling: ceiling,
      leverOriginCeiling: ceiling,
      pcSecondConfirm: config.pcSecondConfirm,
      expireTime: config.expireTime,
      couponTag: coupon,
    };
  });

  bindCall(app, services, createCoId, async (_input, { userId }) => {
    await openFuturesAccount(db, userId, services.clock.now());
    return null;
  });

  bindCall(app, services, receiveCoupon, async (_input, { userId }) => {
    await claimCoupon(services, userId);
    return null;
  });

  // The leverage may change while holding (as Binance): the core re-holds the position's and orders' margin at it, or
  // refuses (the bracket, an isolated position lowered, or too little available balance); then it is saved.
  bindCall(app, services, levelEdit, async ({ nowLevel, contractId }, { userId }) =>
    edit(userId, contractId, { nowLevel }, undefined, async (symbol) => {
      const outcome = await services.core.execute('futuresLeverage', { userId, symbol, leverage: nowLevel });
      if (!outcome.ok) throw new CallError(outcome.code);
    }),
  );

  bindCall(app, services, marginModelEdit, async ({ marginModel, contractId }, { userId }) =>
    edit(userId, contractId, { marginModel }, { field: 'marginModel', flag: 'marginModelCanSwitch' }),
  );

  bindCall(app, services, editUserPageConfig, async ({ contractId, ...changes }, { userId }) =>
    edit(
      userId,
      contractId,
      changes,
      changes.positionModel === undefined ? undefined : { field: 'positionModel', flag: 'positionModelCanSwitch' },
    ),
  );
}
