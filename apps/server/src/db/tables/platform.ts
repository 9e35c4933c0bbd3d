import type { Generated } from 'kysely';

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  subject: string;
  /** JSON text of what changed. */
  detail: string;
  created_at: number;
}

export interface PlatformTables {
  settings: SettingsTable;
  audit_log: AuditLogTable;
}
