import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField } from './paging.ts';

/**
 * A user's futures settings (contract-notes-products.md §1.2), served under /fe-co-api/user/. Settings are per user
 * per contract; only the futures account's opening (openContract) is per user. Codes are the original's: marginModel
 * 1 cross, 2 isolated; positionModel 1 one-way, 2 hedge; coUnit 1 base coin, 2 contracts; pcSecondConfirm 1 ask, 0
 * don't; expireTime in days. Every call needs a session and names the contract by contractId (number or digits).
 */

const contractId = idField;

/** One of the original's codes, sent as a number or its digits. */
const code = <const T extends readonly [number, ...number[]]>(values: T) =>
  z
    .union([z.number(), z.string().max(4).regex(/^\d+$/, 'digits only')])
    .transform(Number)
    .pipe(z.literal(values));

const marginModel = code([1, 2]);
const positionModel = code([1, 2]);
const coUnit = code([1, 2]);
const pcSecondConfirm = code([0, 1]);
const expireTime = code([1, 7, 14, 30]);

/** `{ "<leverage>": maxOpenValue }`: at a chosen leverage, the entry with the least key >= it applies. */
const leverCeiling = z.record(z.string(), z.string());

export const getUserConfig = defineCall({
  name: 'user/get_user_config',
  host: 'co',
  access: 'login',
  request: z.object({ contractId }),
  reply: z.object({
    /** 1 once the futures account is opened (user/create_co_id). */
    openContract: z.number(),
    /** 1 enables the transfer buttons: the account is open. */
    transStatus: z.number(),
    coUnit: z.number(),
    multiplierCoin: z.string(),
    marginModel: z.number(),
    positionModel: z.number(),
    /** True while the user holds no position and no open order in the contract. */
    positionModelCanSwitch: z.boolean(),
    marginModelCanSwitch: z.boolean(),
    levelCanSwitch: z.boolean(),
    /** Leverage: default 20, or the contract's highest when that is lower. */
    nowLevel: z.number(),
    minLevel: z.number(),
    /** The contract's highest leverage (its first bracket's); userMaxLevel is this user's cap. */
    maxLevel: z.number(),
    userMaxLevel: z.number(),
    leverCeiling,
    leverOriginCeiling: leverCeiling,
    pcSecondConfirm: z.number(),
    expireTime: z.number(),
    /** 1 once the simulated-trading bonus was claimed (user/receive_coupon). */
    couponTag: z.number(),
  }),
});

/** Opens the caller's futures account; opening an open one succeeds and changes nothing. The page's copied
 * mobileNumber, email and uid are not read: the session names the user. */
export const createCoId = defineCall({
  name: 'user/create_co_id',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({}),
  reply: z.null(),
});

/**
 * Claims simulated trading's bonus: the operator's amount of test money (10,000 USDT unless set) into the caller's
 * simulated futures account, which only simulated (type S) contracts trade on and which never moves to a real
 * account. Once per user (couponTag turns 1); refused a second time (67024) and before the futures account is
 * opened (67013). The page sends it when the simulated tab opens with openContract 1 and couponTag 0.
 */
export const receiveCoupon = defineCall({
  name: 'user/receive_coupon',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({}),
  reply: z.null(),
});

/** Sets the leverage: a whole number from 1 to the contract's highest. */
export const levelEdit = defineCall({
  name: 'user/level_edit',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    // Range and wholeness are the contract's rule, checked by the server so one message names both.
    nowLevel: z
      .union([
        z.number(),
        z
          .string()
          .max(20)
          .regex(/^\d+(\.\d+)?$/, 'digits only'),
      ])
      .transform(Number),
    contractId,
  }),
  reply: z.null(),
});

export const marginModelEdit = defineCall({
  name: 'user/margin_model_edit',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({ marginModel, contractId }),
  reply: z.null(),
});

/** Changes only the fields sent: "don't ask again" sends `{ pcSecondConfirm: 0, contractId }`. */
export const editUserPageConfig = defineCall({
  name: 'user/edit_user_page_config',
  host: 'co',
  access: 'login',
  writes: true,
  request: z.object({
    positionModel: positionModel.optional(),
    pcSecondConfirm: pcSecondConfirm.optional(),
    coUnit: coUnit.optional(),
    expireTime: expireTime.optional(),
    contractId,
  }),
  reply: z.null(),
});
