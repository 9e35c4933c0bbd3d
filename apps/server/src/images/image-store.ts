import path from 'node:path';

/**
 * Where uploaded images live: each user's under `<DATA_DIR>/uploads/u<id>/`, so an image is found (and served)
 * only by the session of the user who uploaded it. Identity documents are such images; the operator reads them
 * on disk (`kyc list` prints the paths), as there is no operator HTTP access yet.
 */
export const storedImageName = /^[0-9a-f]{32}\.(jpg|png)$/;

export function userImageDirectory(dataDir: string, userId: number): string {
  return path.join(dataDir, 'uploads', `u${userId}`);
}

export function userImagePath(dataDir: string, userId: number, name: string): string | null {
  return storedImageName.test(name) ? path.join(userImageDirectory(dataDir, userId), name) : null;
}
