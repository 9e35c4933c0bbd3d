import { type CoUnit, coUnitOf } from './contracts.ts';

/** The quantity unit kept in the browser (platform.md §4: default 2 contracts, saved locally; the server's config wins). */
const KEY = 'coUnit';

export function readCoUnit(storage: Storage): CoUnit {
  return coUnitOf(Number(storage.getItem(KEY)));
}

export function writeCoUnit(storage: Storage, unit: CoUnit): void {
  storage.setItem(KEY, String(unit));
}
