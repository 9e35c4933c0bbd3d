import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The audit trail of operator changes: who changed what, written in the same transaction as the change. */
export interface AuditEntry {
  actor: string;
  action: string;
  subject: string;
  detail: unknown;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: entry.actor.slice(0, 100),
      action: entry.action.slice(0, 100),
      subject: entry.subject.slice(0, 200),
      detail: JSON.stringify(entry.detail ?? null),
      created_at: now,
    })
    .execute();
}

export async function listAudit(db: Kysely<Database>, limit = 50) {
  return db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
