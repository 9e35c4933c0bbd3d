import { saveCmsPage } from '../content/cms-pages.ts';
import { addNotice, removeNotice } from '../content/notices.ts';
import { addFooterLink, removeFooterLink } from '../modules/cms/footer-links.ts';
import { addBanner, removeBanner } from '../modules/common/banners.ts';
import { addPopup, removePopup } from '../modules/common/home-popups.ts';
import { type AdminCommand, change, language, positional, stringFlags } from './admin-command.ts';
import { AdminInputError, body, flag01, instant, integer, optional, required, text } from './admin-input.ts';

/** CMS pages, footer links, notices, home pop-ups and carousel banners. */

/** `<what> remove <id>`: deletes one row, refusing an unknown id. */
function removeCommand(what: string, remove: (db: Parameters<typeof removeNotice>[0], id: number) => Promise<boolean>) {
  return {
    usage: `${what} remove <id>`,
    async run(ctx, p) {
      const id = integer(positional(p, 0, 'id'), 'id', 1, Number.MAX_SAFE_INTEGER);
      await change(ctx, { action: `${what}.remove`, subject: String(id), detail: null }, async (db) => {
        if (!(await remove(db, id))) throw new AdminInputError(`no ${what} with id ${id}`);
      });
      return `${what} ${id} removed`;
    },
  } satisfies AdminCommand;
}

export const contentCommands: Record<string, AdminCommand> = {
  'cms set': {
    usage: 'cms set --key about --lang en_US --title "About us" (--file body.html | --body "<p>...</p>")',
    options: stringFlags('key', 'lang', 'title', 'file', 'body'),
    async run(ctx, _p, f) {
      const key = required(f, 'key');
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(key))
        throw new AdminInputError('--key may hold letters, digits, _ and - (at most 100)');
      const page = {
        key,
        lang: await language(ctx, required(f, 'lang')),
        title: text(required(f, 'title'), '--title', 200),
        body: body(f),
      };
      await change(ctx, { action: 'cms.set', subject: `${key}/${page.lang}`, detail: { title: page.title } }, (db) =>
        saveCmsPage(db, page, ctx.clock.now()),
      );
      return `page ${key} (${page.lang}) saved`;
    },
  },
  'footer-link add': {
    usage:
      'footer-link add --list about --list-title About --lang en_US --text "About us" --link /footerPage/about --type 0|1|3 [--sort N]',
    options: stringFlags('list', 'list-title', 'lang', 'text', 'link', 'type', 'sort'),
    async run(ctx, _p, f) {
      const type = required(f, 'type');
      if (!['0', '1', '3'].includes(type))
        throw new AdminInputError('--type must be 0 (internal), 1 (external) or 3 (copy)');
      const link = {
        listKey: text(required(f, 'list'), '--list', 100),
        listTitle: text(required(f, 'list-title'), '--list-title', 200),
        lang: await language(ctx, required(f, 'lang')),
        linkText: text(required(f, 'text'), '--text', 200),
        link: text(required(f, 'link'), '--link', 1000),
        linkType: Number(type) as 0 | 1 | 3,
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, 0),
      };
      let id = 0;
      await change(ctx, { action: 'footer-link.add', subject: link.listKey, detail: link }, async (db) => {
        id = await addFooterLink(db, link);
      });
      return `footer link ${id} added`;
    },
  },
  'footer-link remove': removeCommand('footer-link', removeFooterLink),
  'notice add': {
    usage: 'notice add --lang en_US --title "..." (--file body.html | --body "<p>...</p>")',
    options: stringFlags('lang', 'title', 'file', 'body'),
    async run(ctx, _p, f) {
      const notice = {
        lang: await language(ctx, required(f, 'lang')),
        title: text(required(f, 'title'), '--title', 200),
        content: body(f),
      };
      let id = 0;
      await change(ctx, { action: 'notice.add', subject: notice.title, detail: { lang: notice.lang } }, async (db) => {
        id = await addNotice(db, notice, ctx.clock.now());
      });
      return `notice ${id} added`;
    },
  },
  'notice remove': removeCommand('notice', removeNotice),
  'popup add': {
    usage:
      'popup add --lang en_US --title "..." --start 2026-01-01T00:00:00Z --end 2026-02-01T00:00:00Z (--picture-url URL | --body HTML | --file F) [--button1-text T --button1-url U] [--button2-text T --button2-url U] [--login-only 0|1] [--terminal 0]',
    options: stringFlags(
      'lang',
      'title',
      'start',
      'end',
      'picture-url',
      'body',
      'file',
      'button1-text',
      'button1-url',
      'button2-text',
      'button2-url',
      'login-only',
      'terminal',
    ),
    async run(ctx, _p, f) {
      const startTime = instant(required(f, 'start'), 'start');
      const endTime = instant(required(f, 'end'), 'end');
      if (endTime <= startTime) throw new AdminInputError('--end must be after --start');
      const pictureUrl = optional(f, 'picture-url');
      const terminal = optional(f, 'terminal') ?? '0';
      if (!/^\d{1,10}$/.test(terminal)) throw new AdminInputError('--terminal must be digits (0 web)');
      const popup = {
        lang: await language(ctx, required(f, 'lang')),
        terminalType: terminal,
        activityTitle: text(required(f, 'title'), '--title', 200),
        startTime,
        endTime,
        displayType: (pictureUrl ? 0 : 1) as 0 | 1,
        pictureUrl: text(pictureUrl ?? '', '--picture-url', 1000),
        picturePath: text(pictureUrl ?? '', '--picture-url', 1000),
        imageText: pictureUrl ? '' : body(f),
        buttonWritingOne: text(optional(f, 'button1-text') ?? '', '--button1-text', 100),
        buttonUrlOne: text(optional(f, 'button1-url') ?? '', '--button1-url', 1000),
        buttonWritingTwo: text(optional(f, 'button2-text') ?? '', '--button2-text', 100),
        buttonUrlTwo: text(optional(f, 'button2-url') ?? '', '--button2-url', 1000),
        isLogin: flag01(optional(f, 'login-only'), 'login-only', false),
      };
      let id = 0;
      await change(ctx, { action: 'popup.add', subject: popup.activityTitle, detail: popup }, async (db) => {
        id = await addPopup(db, popup, ctx.clock.now());
      });
      return `popup ${id} added`;
    },
  },
  'popup remove': removeCommand('popup', removePopup),
  'banner add': {
    usage: 'banner add --lang en_US --image-url URL --link /trade [--sort N]',
    options: stringFlags('lang', 'image-url', 'link', 'sort'),
    async run(ctx, _p, f) {
      const banner = {
        lang: await language(ctx, required(f, 'lang')),
        imageUrl: text(required(f, 'image-url'), '--image-url', 1000),
        httpUrl: text(optional(f, 'link') ?? '', '--link', 1000),
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, 0),
      };
      let id = 0;
      await change(
        ctx,
        { action: 'banner.add', subject: banner.imageUrl.slice(0, 200), detail: banner },
        async (db) => {
          id = await addBanner(db, banner);
        },
      );
      return `banner ${id} added`;
    },
  },
  'banner remove': removeCommand('banner', removeBanner),
};
