import { readCoinProfile, setCoinProfile } from '../catalog/coin-profiles.ts';
import { findCoin } from '../catalog/coins.ts';
import { type AdminCommand, change, language, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, optional, required, symbol, text } from './admin-input.ts';

/** A coin's introduction (common/coinSymbol_introduce, shown while symbol_profile is on). */

/** An http(s) address, or '' to clear it. */
function webAddress(value: string, name: string): string {
  if (value !== '' && !/^https?:\/\/[^\s"'<>]+$/.test(value))
    throw new AdminInputError(`--${name} must be an http:// or https:// address, not "${value}"`);
  return text(value, `--${name}`, 500);
}

function issueDate(value: string): string {
  if (value !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))))
    throw new AdminInputError(`--issue-date must be a date like 2009-01-03, not "${value}"`);
  return value;
}

export const coinProfileCommands: Record<string, AdminCommand> = {
  'coin profile': {
    usage:
      'coin profile --symbol BTC [--issue-date 2009-01-03] [--supply 21000000] [--website URL] [--white-paper URL] [--intro-lang en_US --intro HTML]  (an empty value clears a field)',
    options: stringFlags('symbol', 'issue-date', 'supply', 'website', 'white-paper', 'intro-lang', 'intro'),
    async run(ctx, _p, f) {
      const coinSymbol = symbol(required(f, 'symbol'), 'symbol');
      const coin = await findCoin(ctx.handle.db, coinSymbol);
      if (!coin) throw new AdminInputError(`no coin ${coinSymbol}; add it first with coin add`);
      const current = readCoinProfile(coin.profile);
      const supply = optional(f, 'supply') ?? current.supply;
      const profile = {
        issueDate: issueDate(optional(f, 'issue-date') ?? current.issueDate),
        supply: supply === '' ? '' : decimal(supply, 'supply'),
        website: webAddress(optional(f, 'website') ?? current.website, 'website'),
        whitePaper: webAddress(optional(f, 'white-paper') ?? current.whitePaper, 'white-paper'),
      };
      const introduction = JSON.parse(coin.introduction) as Record<string, string>;
      const intro = optional(f, 'intro');
      if (intro !== undefined) {
        const lang = await language(ctx, required(f, 'intro-lang'));
        if (intro === '') delete introduction[lang];
        else introduction[lang] = text(intro, '--intro', 100_000);
      } else if (optional(f, 'intro-lang') !== undefined) throw new AdminInputError('--intro-lang needs --intro');
      await change(ctx, { action: 'coin.profile', subject: coinSymbol, detail: { profile, introduction } }, (db) =>
        setCoinProfile(db, coinSymbol, profile, introduction, ctx.clock.now()),
      );
      return `coin ${coinSymbol} profile saved`;
    },
  },
};
