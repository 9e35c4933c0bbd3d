import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The job_leases row that makes one runner the holder of a job: claiming succeeds when nobody holds it, when this
 * holder does (a renewal), or when the last holder let it lapse. One statement, so two claimants cannot both win.
 */
export async function claimLease(
  db: Kysely<Database>,
  lease: { name: string; holder: string; now: number; expiresAt: number },
): Promise<boolean> {
  const won = await db
    .insertInto('job_leases')
    .values({ name: lease.name, holder: lease.holder, expires_at: lease.expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
        .where((eb) =>
          eb.or([eb('job_leases.holder', '=', lease.holder), eb('job_leases.expires_at', '<=', lease.now)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return won !== undefined;
}

/** Gives the job up at once (a clean shutdown), so another runner need not wait for the lease to lapse. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
