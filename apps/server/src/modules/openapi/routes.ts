import { createOpenApi, deleteOpenApi, myApiList, openApiOne, updateOpenApi } from '@opex/contract/calls/open-api';
import { SecurityAction } from '@opex/contract/calls/security';
import type { FastifyInstance } from 'fastify';
import { createAccountChecks } from '../../accounts/account-checks.ts';
import { loggedInUser } from '../../accounts/address-binding.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { requireGoogleWhenEnforced } from '../../second-factor/enforced-google.ts';
import { checkSecondFactor } from '../../second-factor/second-factor.ts';
import { serverSecretBox } from '../../secrets/secret-box.ts';
import { commitSecurityChange } from '../../security-changes/sensitive-change.ts';
import type { Services } from '../../services.ts';
import { apiKeyItemOf, insertApiKey, listApiKeys, ownApiKey } from './api-keys.ts';

/**
 * openapi/*: the trader's API keys (the /personal/apiManagement page). Reading needs a session; creating, changing
 * and deleting need the second factor too, and each is a security change (history row, message, withdrawal hold).
 * While the operator enforces Google (is_enforce_google_auth), creating and changing need Google bound.
 */
export async function registerOpenApiKeys(app: FastifyInstance, services: Services) {
  const kit = createAccountChecks(services);
  const { db } = services.database;
  const { clock } = services;

  bindCall(app, services, createOpenApi, async (input, ctx) => {
    const user = await loggedInUser(kit, ctx);
    await requireGoogleWhenEnforced(services, user);
    const spend = await checkSecondFactor(kit, user, input);
    const box = serverSecretBox(services.config);
    let created: Awaited<ReturnType<typeof insertApiKey>> | undefined;
    await commitSecurityChange(kit, ctx, SecurityAction.apiKeyCreate, [spend], async (trx) => {
      created = await insertApiKey(trx, box, user.id, input, clock.now());
    });
    const { row, secret } = created as NonNullable<typeof created>;
    return { ...apiKeyItemOf(row), secretKey: secret };
  });

  bindCall(app, services, myApiList, async (_input, ctx) => {
    const rows = await listApiKeys(db, ctx.userId);
    return { count: rows.length, list: rows.map(apiKeyItemOf) };
  });

  bindCall(app, services, openApiOne, async (input, ctx) => apiKeyItemOf(await ownApiKey(db, ctx.userId, input.id)));

  bindCall(app, services, updateOpenApi, async (input, ctx) => {
    const user = await loggedInUser(kit, ctx);
    const before = await ownApiKey(db, user.id, input.id);
    await requireGoogleWhenEnforced(services, user);
    const spend = await checkSecondFactor(kit, user, input);
    await commitSecurityChange(kit, ctx, SecurityAction.apiKeyUpdate, [spend], async (trx) => {
      await trx
        .updateTable('api_keys')
        .set({
          label: input.label ?? before.label,
          permissions: input.permissions?.join(',') ?? before.permissions,
          ip_whitelist: input.ip ?? before.ip_whitelist,
          updated_at: clock.now(),
        })
        .where('id', '=', before.id)
        .execute();
    });
    return apiKeyItemOf(await ownApiKey(db, user.id, input.id));
  });

  bindCall(app, services, deleteOpenApi, async (input, ctx) => {
    const user = await loggedInUser(kit, ctx);
    const key = await ownApiKey(db, user.id, input.id);
    const spend = await checkSecondFactor(kit, user, input);
    await commitSecurityChange(kit, ctx, SecurityAction.apiKeyDelete, [spend], async (trx) => {
      await trx.deleteFrom('api_keys').where('id', '=', key.id).execute();
    });
    return null;
  });
}
