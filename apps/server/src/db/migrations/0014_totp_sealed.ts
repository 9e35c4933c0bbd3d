import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Google authenticator secrets sealed at rest with the Open API's secret box (AES-256-GCM), like API key secrets:
 * a database dump alone no longer yields codes. The sealed forms need more room than the Base32 columns, so they
 * get columns of their own. The box's key is not at hand while migrating (OPEN_API_SECRET_KEY or the key file under
 * DATA_DIR), so the server seals the plain secrets left in the old columns when it starts (sealPlainTotpSecrets)
 * and empties them.
 */
export default (_dialect: Dialect): Migration => ({
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('totp_secrets').addColumn('secret_sealed', 'varchar(200)').execute();
    await db.schema.alterTable('totp_secrets').addColumn('pending_sealed', 'varchar(200)').execute();
  },
});
