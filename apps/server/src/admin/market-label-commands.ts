import { setBigDealMin, setMarketTags } from '../catalog/market-labels.ts';
import { type AdminCommand, change, language, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, required } from './admin-input.ts';
import { marketOf } from './catalog-commands.ts';

/** Market tags (coin_tag_open) and the large-trades threshold (is_open_bigDeal). */

const MAX_TAGS = 3;
const MAX_TAG_LENGTH = 12;

export const marketLabelCommands: Record<string, AdminCommand> = {
  'market tags': {
    usage: 'market tags --market BTC/USDT --lang en_US --tags "Hot,New"   (at most 3; --tags "" removes that language)',
    options: stringFlags('market', 'lang', 'tags'),
    async run(ctx, _p, f) {
      const market = await marketOf(ctx, f);
      const lang = await language(ctx, required(f, 'lang'));
      const raw = f.tags;
      if (typeof raw !== 'string') throw new AdminInputError('--tags is required ("" removes the tags)');
      const tags = raw
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (tags.length > MAX_TAGS) throw new AdminInputError(`--tags holds at most ${MAX_TAGS} tags`);
      if (tags.some((t) => t.length > MAX_TAG_LENGTH || /[<>"]/.test(t)))
        throw new AdminInputError(`each of --tags is at most ${MAX_TAG_LENGTH} characters, without < > or "`);
      const subject = `${market.base}/${market.quote}`;
      await change(ctx, { action: 'market.tags', subject, detail: { lang, tags } }, (db) =>
        setMarketTags(db, market.symbol, lang, tags, ctx.clock.now()),
      );
      return `market ${subject} tags (${lang}) saved`;
    },
  },
  'market big-deal': {
    usage: 'market big-deal --market BTC/USDT --min-value 50000   (quote coin; the large-trades panel; 0 lists none)',
    options: stringFlags('market', 'min-value'),
    async run(ctx, _p, f) {
      const market = await marketOf(ctx, f);
      const minValue = decimal(required(f, 'min-value'), 'min-value');
      const subject = `${market.base}/${market.quote}`;
      await change(ctx, { action: 'market.big-deal', subject, detail: { minValue } }, (db) =>
        setBigDealMin(db, market.symbol, minValue, ctx.clock.now()),
      );
      return `market ${subject} large trades from ${minValue} ${market.quote}`;
    },
  },
};
