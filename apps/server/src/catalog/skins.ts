import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Colour skins of the web app: each a named set of colours the app turns into CSS custom properties. */
export interface SkinInput {
  skinId: string;
  names: Record<string, string>;
  mainColor: string;
  colorList: { type: string; rgba: string[] }[];
  imgPath?: string;
  iconUrl?: string;
  imgList?: unknown[];
  sort?: number;
  isDefault?: boolean;
}

/** Adds or replaces a skin; marking one default clears the flag on the others. */
export async function saveSkin(db: Kysely<Database>, input: SkinInput): Promise<void> {
  const row = {
    skin_key: input.skinId,
    names: JSON.stringify(input.names),
    main_color: input.mainColor,
    img_path: input.imgPath ?? '',
    icon_url: input.iconUrl ?? '',
    color_list: JSON.stringify(input.colorList),
    img_list: JSON.stringify(input.imgList ?? []),
    sort: input.sort ?? 0,
    is_default: input.isDefault ? 1 : 0,
  };
  if (input.isDefault) await db.updateTable('skins').set({ is_default: 0 }).execute();
  await db
    .insertInto('skins')
    .values(row)
    .onConflict((oc) => oc.column('skin_key').doUpdateSet(row))
    .execute();
}

export async function listSkins(db: Kysely<Database>) {
  return db.selectFrom('skins').selectAll().orderBy('sort').orderBy('skin_key').execute();
}
