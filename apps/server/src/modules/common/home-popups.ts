import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inPreferredLanguage, languageChain } from '../../settings/languages.ts';

/** Home pop-ups (homepage_Elastic_Layer): shown between start and end, per terminal type and language. */
export interface PopupInput {
  lang: string;
  terminalType?: string;
  activityTitle: string;
  startTime: number;
  endTime: number;
  /** 0 image, 1 text. */
  displayType: 0 | 1;
  picturePath?: string;
  pictureUrl?: string;
  imageText?: string;
  buttonWritingOne?: string;
  buttonWritingTwo?: string;
  buttonUrlOne?: string;
  buttonUrlTwo?: string;
  /** Only for logged-in users. */
  isLogin?: boolean;
}

export async function addPopup(db: Kysely<Database>, input: PopupInput, now: number): Promise<number> {
  const row = await db
    .insertInto('popups')
    .values({
      lang: input.lang,
      terminal_type: input.terminalType ?? '0',
      activity_title: input.activityTitle,
      start_time: input.startTime,
      end_time: input.endTime,
      display_type: input.displayType,
      picture_path: input.picturePath ?? '',
      picture_url: input.pictureUrl ?? '',
      image_text: input.imageText ?? '',
      button_writing_one: input.buttonWritingOne ?? '',
      button_writing_two: input.buttonWritingTwo ?? '',
      button_url_one: input.buttonUrlOne ?? '',
      button_url_two: input.buttonUrlTwo ?? '',
      is_login: input.isLogin ? 1 : 0,
      mtime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function removePopup(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('popups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The newest pop-up active at `now` for this terminal, language (fallback en_US) and audience; null when none. */
export async function activePopup(
  db: Kysely<Database>,
  query: { terminalType: string; lang: string; loggedIn: boolean; now: number },
) {
  let select = db
    .selectFrom('popups')
    .selectAll()
    .where('terminal_type', '=', query.terminalType)
    .where('lang', 'in', languageChain(query.lang))
    .where('start_time', '<=', query.now)
    .where('end_time', '>', query.now);
  if (!query.loggedIn) select = select.where('is_login', '=', 0);
  const rows = await select.orderBy('start_time', 'desc').orderBy('id', 'desc').execute();
  const popup = inPreferredLanguage(rows, query.lang)[0];
  if (!popup) return null;
  return {
    id: Number(popup.id),
    mtime: popup.mtime,
    activityTitle: popup.activity_title,
    startTime: popup.start_time,
    endTime: popup.end_time,
    displayType: popup.display_type,
    picturePath: popup.picture_path,
    pictureUrl: popup.picture_url,
    imageText: popup.image_text,
    buttonWritingOne: popup.button_writing_one,
    buttonWritingTwo: popup.button_writing_two,
    buttonUrlOne: popup.button_url_one,
    buttonUrlTwo: popup.button_url_two,
    isLogin: popup.is_login,
  };
}
