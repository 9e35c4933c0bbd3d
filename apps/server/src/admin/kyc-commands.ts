import { CertificateType, KycStatus } from '@opex/contract/calls/security';
import { userImagePath } from '../images/image-store.ts';
import { KYC_SETTING, type KycSetting, listKyc, reviewKyc } from '../kyc/kyc.ts';
import { KYC_LIMITS_SETTING } from '../kyc/trade-limit.ts';
import { SettingsStore } from '../settings/settings-store.ts';
import { type AdminCommand, change, positional, stringFlags } from './admin-command.ts';
import { AdminInputError, flag01, integer, optional, required, text } from './admin-input.ts';

/** Reviewing real-name (KYC) submissions: list them, approve or reject a pending one (the user gets a message). */
const statusNames: Record<string, number | null> = {
  pending: KycStatus.pending,
  approved: KycStatus.approved,
  rejected: KycStatus.rejected,
  all: null,
};
const statusLabel = Object.fromEntries(Object.entries(statusNames).map(([name, value]) => [value, name]));

function review(approve: boolean): AdminCommand {
  const word = approve ? 'approve' : 'reject';
  return {
    usage: approve ? 'kyc approve <id> [--reason "..."]' : 'kyc reject <id> --reason "..."',
    options: stringFlags('reason'),
    async run(ctx, p, f) {
      const id = integer(positional(p, 0, 'id'), 'id', 1, Number.MAX_SAFE_INTEGER);
      const reason = text(approve ? (optional(f, 'reason') ?? '') : required(f, 'reason'), '--reason', 500);
      await change(ctx, { action: `kyc.${word}`, subject: String(id), detail: { reason } }, async (db) => {
        const decided = await reviewKyc(db, ctx.clock, id, { approve, reason, reviewer: ctx.actor });
        if (!decided) throw new AdminInputError(`no pending KYC submission with id ${id}`);
      });
      return `KYC submission ${id} ${approve ? 'approved' : 'rejected'}`;
    },
  };
}

export const kycCommands: Record<string, AdminCommand> = {
  'kyc limit': {
    usage: 'kyc limit --lever-trade 0|1',
    options: stringFlags('lever-trade'),
    async run(ctx, _p, f) {
      const limits = { leverTrade: flag01(required(f, 'lever-trade'), 'lever-trade', false) };
      await change(ctx, { action: 'kyc.limit', subject: KYC_LIMITS_SETTING, detail: limits }, (db) =>
        new SettingsStore(db, ctx.clock).set(KYC_LIMITS_SETTING, limits),
      );
      return `margin orders ${limits.leverTrade ? 'need' : 'do not need'} an approved identity verification`;
    },
  },
  'kyc list': {
    usage: 'kyc list [--status pending|approved|rejected|all] [--limit N]',
    options: stringFlags('status', 'limit'),
    async run(ctx, _p, f) {
      const name = optional(f, 'status') ?? 'pending';
      if (!(name in statusNames)) throw new AdminInputError('--status must be pending, approved, rejected or all');
      const rows = await listKyc(
        ctx.handle.db,
        statusNames[name]!,
        integer(optional(f, 'limit'), 'limit', 1, 1000, 50),
      );
      if (rows.length === 0) return `no ${name} KYC submissions`;
      return rows
        .map((r) =>
          [
            `#${r.id} user ${r.user_id} ${statusLabel[r.status]} ${new Date(Number(r.created_at)).toISOString()}`,
            `  ${r.real_name} (country +${r.country_code}), document type ${r.cert_type} no. ${r.cert_number}`,
            // The documents are served only to their owner over HTTP; the operator reads them on disk.
            `  images: ${[r.front_img, r.back_img, r.hand_img]
              .filter(Boolean)
              .map((name) => userImagePath('$DATA_DIR', r.user_id, name) ?? name)
              .join(' ')}`,
            ...(r.reason ? [`  reason: ${r.reason}`] : []),
          ].join('\n'),
        )
        .join('\n');
    },
  },
  'kyc documents': {
    usage: 'kyc documents <types> (comma-separated: 1 identity card, 2 passport, 3 driving licence)',
    async run(ctx, p) {
      const offered: number[] = Object.values(CertificateType);
      const types = [
        ...new Set(
          text(positional(p, 0, 'types'), 'types', 20)
            .split(',')
            .map((t) => Number(t.trim())),
        ),
      ];
      if (types.length === 0 || !types.every((t) => offered.includes(t))) {
        throw new AdminInputError('<types> must be a comma-separated list of 1, 2 and 3');
      }
      const setting: KycSetting = { certificateTypes: types.sort() };
      await change(ctx, { action: 'kyc.documents', subject: KYC_SETTING, detail: setting }, (db) =>
        new SettingsStore(db, ctx.clock).set(KYC_SETTING, setting),
      );
      return `KYC accepts document types ${setting.certificateTypes?.join(', ')}`;
    },
  },
  'kyc approve': review(true),
  'kyc reject': review(false),
};
