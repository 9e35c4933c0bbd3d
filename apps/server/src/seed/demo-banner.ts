import path from 'node:path';
import type { Config } from '../config.ts';
import { DEMO_LOGINS } from './demo-logins.ts';

/** What a newcomer needs at the demo's start: where to go, who to log in as, where the data is, where codes are. */
export function demoBanner(url: string, config: Config): string {
  const logins = DEMO_LOGINS.map((l) => `${l.email} / ${l.password}`).join('  or  ');
  const storage = config.databaseUrl
    ? 'PostgreSQL at DATABASE_URL'
    : `${path.join(config.dataDir, 'opex.sqlite')} (DATA_DIR=${config.dataDir})`;
  const mail = config.smtpUrl ? 'sent by SMTP_URL, and' : 'not sent without SMTP_URL:';
  return [
    `Opex demo is ready: ${url}`,
    `  log in as   ${logins}`,
    `  data        ${storage}`,
    '  operator    npm run admin -- help   (run with the same DATA_DIR or DATABASE_URL)',
    `  codes       e-mail and SMS codes are ${mail} npm run admin -- outbox list`,
  ].join('\n');
}
