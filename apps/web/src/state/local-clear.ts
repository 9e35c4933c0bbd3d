/**
 * The spec's local-clear version: when the stored version is not the current one, local storage is wiped and the
 * version written, once; the caller then reloads so nothing read from the old storage survives.
 */
export const LOCAL_CLEAR_VERSION = '11';
const KEY = 'localClearVersion';

/** Returns true when storage was wiped (the page should reload). */
export function applyLocalClearVersion(storage: Storage): boolean {
  if (storage.getItem(KEY) === LOCAL_CLEAR_VERSION) return false;
  const hadData = storage.length > 0;
  storage.clear();
  storage.setItem(KEY, LOCAL_CLEAR_VERSION);
  return hadData;
}
