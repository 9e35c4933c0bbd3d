import Big from 'big.js';
import type { Kysely } from 'kysely';
import { findCoin } from '../catalog/coins.ts';
import { type BracketTier, cumulativeAmounts, ladderProblem } from '../catalog/contract-brackets.ts';
import {
  addContract,
  type Contract,
  type ContractType,
  contractName,
  contractTypes,
  datedTypes,
  findLiveContract,
  listBrackets,
  listContracts,
  saveBrackets,
  setContractStatus,
} from '../catalog/contracts.ts';
import type { Database } from '../db/schema.ts';
import type { ContractStatus } from '../db/tables/futures.ts';
import { type AdminCommand, type AdminContext, change, type Flags, positional, stringFlags } from './admin-command.ts';
import {
  AdminInputError,
  decimal,
  flag01,
  instant,
  integer,
  optional,
  positive,
  rate,
  required,
  symbol,
} from './admin-input.ts';

/** What `contract add` takes when a flag is left out. */
const DEFAULTS = {
  minOrderVolume: '1',
  minOrderMoney: '0',
  priceRange: '0.05',
  fundingHours: 8,
  fundingStart: 0,
  fundingCap: '0.0075',
};
/** Funding intervals that divide a day, so every day's settlements fall at the same hours. */
const FUNDING_HOURS = [1, 2, 3, 4, 6, 8, 12, 24];
/** An inverse contract may be quoted in US dollars, which the index prices every coin in. */
const USD = 'USD';

/**
 * The futures catalogue: contracts listed, halted, resumed and delisted, and their leverage brackets. The co host's
 * public calls serve listed and halted contracts at once.
 */
export const futuresCommands: Record<string, AdminCommand> = {
  'contract add': {
    usage:
      `contract add --base BTC --quote USDT --type E|W|N|M|Q|S|H --side linear|inverse --multiplier 0.001 --price-precision 1 --max-limit-volume 100000 --max-market-money 1000000 --maker-fee 0.0002 --taker-fee 0.0005 ` +
      `[--delivery 2026-03-27T08:00:00Z (W, N, M, Q only, and required)] [--min-order-volume ${DEFAULTS.minOrderVolume}] [--min-order-money ${DEFAULTS.minOrderMoney}] [--price-range ${DEFAULTS.priceRange}] ` +
      `[--funding-hours ${DEFAULTS.fundingHours}] [--funding-start ${DEFAULTS.fundingStart}] [--funding-cap ${DEFAULTS.fundingCap}] [--depth 1,0] [--sort N] [--funds-in 0|1] [--funds-out 0|1]`,
    options: stringFlags(
      'base',
      'quote',
      'type',
      'side',
      'multiplier',
      'price-precision',
      'min-order-volume',
      'max-limit-volume',
      'min-order-money',
      'max-market-money',
      'price-range',
      'funding-hours',
      'funding-start',
      'funding-cap',
      'maker-fee',
      'taker-fee',
      'delivery',
      'depth',
      'sort',
      'funds-in',
      'funds-out',
    ),
    async run(ctx, _p, f) {
      const type = contractType(required(f, 'type'));
      const side = required(f, 'side');
      if (side !== 'linear' && side !== 'inverse') throw new AdminInputError('--side must be linear or inverse');
      const base = symbol(required(f, 'base'), 'base');
      const quote = symbol(required(f, 'quote'), 'quote');
      if (base === quote) throw new AdminInputError('--base and --quote must differ');
      const baseCoin = await listedCoin(ctx, base, 'base');
      // Linear contracts are margined in the quote coin, which must be listed; inverse ones in the base coin.
      if (side === 'linear' || quote !== USD) await listedCoin(ctx, quote, 'quote');

      const multiplier = positive(decimal(required(f, 'multiplier'), 'multiplier'), 'multiplier');
      if (side === 'linear' && decimals(multiplier) > baseCoin.scale)
        throw new AdminInputError(`--multiplier has more decimals than ${base} keeps (${baseCoin.scale})`);
      const pricePrecision = integer(optional(f, 'price-precision'), 'price-precision', 0, 18);
      const minOrderVolume = contracts(optional(f, 'min-order-volume') ?? DEFAULTS.minOrderVolume, 'min-order-volume');
      const maxLimitVolume = contracts(required(f, 'max-limit-volume'), 'max-limit-volume');
      if (new Big(maxLimitVolume).lt(minOrderVolume))
        throw new AdminInputError('--max-limit-volume must be at least --min-order-volume');
      const minOrderMoney = decimal(optional(f, 'min-order-money') ?? DEFAULTS.minOrderMoney, 'min-order-money');
      const maxMarketMoney = positive(decimal(required(f, 'max-market-money'), 'max-market-money'), 'max-market-money');
      if (new Big(maxMarketMoney).lt(minOrderMoney))
        throw new AdminInputError('--max-market-money must be at least --min-order-money');
      const fundingHours = integer(optional(f, 'funding-hours'), 'funding-hours', 1, 24, DEFAULTS.fundingHours);
      if (!FUNDING_HOURS.includes(fundingHours))
        throw new AdminInputError(`--funding-hours must divide a day: one of ${FUNDING_HOURS.join(', ')}`);

      const row = {
        contract_type: type,
        contract_side: side === 'linear' ? 1 : 0,
        base,
        quote,
        margin_coin: side === 'linear' ? quote : base,
        multiplier: new Big(multiplier).toFixed(),
        multiplier_coin: side === 'linear' ? base : quote,
        price_precision: pricePrecision,
        min_order_volume: minOrderVolume,
        max_limit_volume: maxLimitVolume,
        min_order_money: new Big(minOrderMoney).toFixed(),
        max_market_money: new Big(maxMarketMoney).toFixed(),
        price_range: openFraction(optional(f, 'price-range') ?? DEFAULTS.priceRange, 'price-range'),
        capital_frequency: fundingHours,
        capital_start_time: integer(optional(f, 'funding-start'), 'funding-start', 0, 23, DEFAULTS.fundingStart),
        funding_cap: openFraction(optional(f, 'funding-cap') ?? DEFAULTS.fundingCap, 'funding-cap'),
        maker_fee: rate(required(f, 'maker-fee'), 'maker-fee', '0.1'),
        taker_fee: rate(required(f, 'taker-fee'), 'taker-fee', '0.1'),
        delivery_time: delivery(ctx, f, type),
        status: 'listed' as const,
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, 0),
        depth_steps: depthSteps(optional(f, 'depth'), pricePrecision),
        funds_in_status: flag01(optional(f, 'funds-in'), 'funds-in', true) ? 1 : 0,
        funds_out_status: flag01(optional(f, 'funds-out'), 'funds-out', true) ? 1 : 0,
      };
      const name = contractName(type, base, quote);
      let id = 0;
      // Checked inside the transaction, so a refusal leaves no audit row.
      await change(ctx, { action: 'contract.add', subject: name, detail: row }, async (db) => {
        if (await findLiveContract(db, name))
          throw new AdminInputError(`contract ${name} is already listed: delist it before listing another`);
        id = await addContract(db, row, ctx.clock.now());
      });
      return `contract ${name} listed (id ${id}); give it brackets: contract brackets ${name} --tiers CAP:LEVERAGE:RATE,...`;
    },
  },
  'contract brackets': {
    usage:
      'contract brackets <name> --tiers "50000:125:0.004,250000:100:0.005"   (position value cap in the margin coin : max leverage : maintenance rate; replaces every bracket)',
    options: stringFlags('tiers'),
    async run(ctx, p, f) {
      const contract = await liveContract(ctx, p);
      const tiers = required(f, 'tiers').split(',').map(bracketTier);
      const problem = ladderProblem(tiers);
      if (problem) throw new AdminInputError(`--tiers ${problem}`);
      const amounts = cumulativeAmounts(tiers);
      const brackets = tiers.map((t, i) => ({
        tier: i + 1,
        max_notional: new Big(t.maxNotional).toFixed(),
        max_leverage: t.maxLeverage,
        maintenance_rate: new Big(t.maintenanceRate).toFixed(),
        cumulative_amount: amounts[i] ?? '0',
      }));
      await change(ctx, { action: 'contract.brackets', subject: contract.contract_name, detail: brackets }, (db) =>
        saveBrackets(db, contract, brackets, ctx.clock.now()),
      );
      return `contract ${contract.contract_name}: ${brackets.length} brackets, up to ${tiers[0]?.maxLeverage}x`;
    },
  },
  'contract halt': statusCommand('halt', 'halted', ['listed'], 'no new orders until resumed; still served'),
  'contract resume': statusCommand('resume', 'listed', ['halted'], 'trading again'),
  'contract delist': statusCommand('delist', 'delisted', ['listed', 'halted'], 'no longer served'),
  'contract list': {
    usage: 'contract list   (every contract, delisted and delivered ones too)',
    async run(ctx) {
      const all = await listContracts(ctx.handle.db);
      const lines = await Promise.all(all.map((c) => summary(ctx.handle.db, c)));
      return lines.join('\n') || '(no contracts)';
    },
  },
};

/** halt, resume or delist: the contract must be in one of `from`. */
function statusCommand(
  verb: string,
  to: ContractStatus,
  from: readonly ContractStatus[],
  meaning: string,
): AdminCommand {
  return {
    usage: `contract ${verb} <name>   (${meaning})`,
    async run(ctx, p) {
      const contract = await liveContract(ctx, p);
      if (!from.includes(contract.status))
        throw new AdminInputError(
          `cannot ${verb} contract ${contract.contract_name}: it is ${contract.status}, and only a ${from.join(' or ')} one can be`,
        );
      await change(
        ctx,
        { action: `contract.${verb}`, subject: contract.contract_name, detail: { id: contract.id } },
        (db) => setContractStatus(db, contract.id, to, ctx.clock.now()),
      );
      return `contract ${contract.contract_name} ${to}`;
    },
  };
}

async function summary(db: Kysely<Database>, c: Contract): Promise<string> {
  const brackets = await listBrackets(db, c.id);
  return [
    c.contract_name,
    `id ${c.id}`,
    c.status,
    c.contract_side === 1 ? 'linear' : 'inverse',
    `margin ${c.margin_coin}`,
    `${c.multiplier} ${c.multiplier_coin} a contract`,
    `fees ${c.maker_fee}/${c.taker_fee}`,
    brackets.length ? `${brackets.length} brackets up to ${brackets[0]?.max_leverage}x` : 'no brackets',
    c.delivery_time === null ? 'perpetual' : `delivers ${new Date(c.delivery_time).toISOString()}`,
  ].join('\t');
}

/** The listed or halted contract named by the first word after the command. */
export async function liveContract(ctx: AdminContext, p: string[]): Promise<Contract> {
  const name = positional(p, 0, 'name').toUpperCase();
  const contract = await findLiveContract(ctx.handle.db, name);
  if (!contract) throw new AdminInputError(`no listed or halted contract ${name}: see contract list`);
  return contract;
}

async function listedCoin(ctx: AdminContext, coin: string, flag: string) {
  const listed = await findCoin(ctx.handle.db, coin);
  if (!listed) throw new AdminInputError(`--${flag} ${coin} is not a listed coin: coin add it first`);
  return listed;
}

function contractType(value: string): ContractType {
  const type = value.toUpperCase();
  if (!(type in contractTypes))
    throw new AdminInputError(`--type must be one of ${Object.keys(contractTypes).join(', ')}, not "${value}"`);
  return type as ContractType;
}

/** A dated type delivers at --delivery, which must be ahead; any other type never delivers. */
function delivery(ctx: AdminContext, f: Flags, type: ContractType): number | null {
  const given = optional(f, 'delivery');
  if (!datedTypes.includes(type)) {
    if (given !== undefined)
      throw new AdminInputError(`--delivery is only for dated types (${datedTypes.join(', ')}), not ${type}`);
    return null;
  }
  if (given === undefined) throw new AdminInputError(`--delivery is required for a dated contract (type ${type})`);
  const at = instant(given, 'delivery');
  if (at <= ctx.clock.now()) throw new AdminInputError('--delivery must be in the future');
  return at;
}

/** A count of whole contracts, at least 1. */
function contracts(value: string, name: string): string {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1)
    throw new AdminInputError(`--${name} must be a whole number of contracts, at least 1`);
  return String(Number(value));
}

/** A fraction above 0 and below 1. */
function openFraction(value: string, name: string): string {
  const r = rate(value, name, '1');
  if (!new Big(r).gt(0) || !new Big(r).lt(1)) throw new AdminInputError(`--${name} must be above 0 and below 1`);
  return r;
}

/** The book's merge steps as decimal places, most first, none beyond the price's; by default three from it down. */
function depthSteps(value: string | undefined, pricePrecision: number): string {
  if (value === undefined)
    return [0, 1, 2]
      .map((d) => pricePrecision - d)
      .filter((d) => d >= 0)
      .join(',');
  const steps = value.split(',');
  const places = steps.map(Number);
  if (
    !steps.every((s) => /^\d{1,2}$/.test(s)) ||
    places.some((d) => d > pricePrecision) ||
    places.some((d, i) => i > 0 && d >= (places[i - 1] ?? 0))
  )
    throw new AdminInputError(
      `--depth must be decimal places from most to fewest, none above --price-precision (${pricePrecision}), like 2,1,0`,
    );
  return places.join(',');
}

/** One tier of --tiers: CAP:LEVERAGE:RATE. */
function bracketTier(text: string, i: number): BracketTier {
  const [cap, leverage, maintenance, ...rest] = text.trim().split(':');
  if (cap === undefined || leverage === undefined || maintenance === undefined || rest.length > 0)
    throw new AdminInputError(`--tiers tier ${i + 1} must be CAP:LEVERAGE:RATE like 50000:125:0.004, not "${text}"`);
  if (!/^\d{1,3}$/.test(leverage))
    throw new AdminInputError(`--tiers tier ${i + 1}: the leverage must be a whole number, not "${leverage}"`);
  return {
    maxNotional: decimal(cap, `tiers tier ${i + 1} cap`),
    maxLeverage: Number(leverage),
    maintenanceRate: rate(maintenance, `tiers tier ${i + 1} rate`, '1'),
  };
}

function decimals(value: string): number {
  return new Big(value).toFixed().split('.')[1]?.length ?? 0;
}
