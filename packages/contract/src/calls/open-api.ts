import { z } from 'zod';
import { defineCall } from '../call.ts';
import { humanText } from '../human-text.ts';
import { ipPattern } from '../rules.ts';
import { idField } from './paging.ts';
import { secondFactorFields } from './security.ts';

/**
 * API keys of the Open API (the /personal/apiManagement and checkApi pages). A key signs requests to the
 * Binance-compatible API under /api/v3: header X-MBX-APIKEY carries `apiKey`, and the signature is the hex
 * HMAC-SHA256 of the request's query string and form body with `secretKey`.
 *
 * - Permissions: 'read' (balances, orders, trades) always; 'trade' (place and cancel orders) when asked for.
 * - `ip`: the whitelist, dotted-quad IPv4 addresses separated by commas (spaces allowed); '' accepts any address.
 * - `secretKey` is answered once, by openapi/create_open_api; it is stored encrypted and never shown again.
 * - Creating, changing and deleting a key needs the second factor (security.ts: Google code when bound, else a
 *   securityVerify e-mail or SMS code) and leaves a setting_history row and a message.
 */
export const ApiPermission = { read: 'read', trade: 'trade' } as const;
export type ApiPermissionValue = (typeof ApiPermission)[keyof typeof ApiPermission];

/** The most keys one account may hold. */
export const MAX_API_KEYS = 20;
/** The most addresses on one key's whitelist. */
export const MAX_WHITELIST_IPS = 20;

const labelField = humanText(40);

/** Comma-separated dotted quads, normalised to 'a.b.c.d,e.f.g.h' (duplicates dropped). */
export const ipWhitelistField = z
  .string()
  .max(400)
  .transform((value) => [...new Set(value.split(/[\s,]+/).filter(Boolean))])
  .pipe(z.array(z.string().regex(ipPattern, 'dotted four octets, each 0-255')).max(MAX_WHITELIST_IPS))
  .transform((ips) => ips.join(','));

/** 'read' is implied; the answer always lists it. Accepts ['trade'], 'read,trade' or a JSON array string. */
const permissionsField = z
  .union([z.array(z.string()), z.string().max(40)])
  .transform((value) => (Array.isArray(value) ? value : value.split(/[\s,]+/).filter(Boolean)))
  .pipe(z.array(z.enum(['read', 'trade'])).max(2))
  .transform((list): ApiPermissionValue[] => (list.includes('trade') ? ['read', 'trade'] : ['read']));

export const apiKeyItem = z.object({
  id: z.number(),
  label: z.string(),
  apiKey: z.string(),
  permissions: z.array(z.enum(['read', 'trade'])),
  /** The whitelist, comma-separated; '' when any address may use the key. */
  ip: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  /** The last signed request made with the key (epoch ms), or null. */
  lastUsedAt: z.number().nullable(),
});
export type ApiKeyItem = z.output<typeof apiKeyItem>;

export const createOpenApi = defineCall({
  name: 'openapi/create_open_api',
  access: 'login',
  writes: true,
  request: z.object({
    label: labelField,
    permissions: permissionsField.default(['read']),
    ip: ipWhitelistField.default(''),
    ...secondFactorFields,
  }),
  reply: apiKeyItem.extend({ secretKey: z.string() }),
});

export const myApiList = defineCall({
  name: 'openapi/my_api_list',
  access: 'login',
  request: z.object({}),
  reply: z.object({ count: z.number(), list: z.array(apiKeyItem) }),
});

export const openApiOne = defineCall({
  name: 'openapi/open_api_one',
  access: 'login',
  request: z.object({ id: idField }),
  reply: apiKeyItem,
});

/** Changes label, permissions and whitelist; fields left out keep their value. */
export const updateOpenApi = defineCall({
  name: 'openapi/update_open_api',
  access: 'login',
  writes: true,
  request: z.object({
    id: idField,
    label: labelField.optional(),
    permissions: permissionsField.optional(),
    ip: ipWhitelistField.optional(),
    ...secondFactorFields,
  }),
  reply: apiKeyItem,
});

export const deleteOpenApi = defineCall({
  name: 'openapi/delete_open_api',
  access: 'login',
  writes: true,
  request: z.object({ id: idField, ...secondFactorFields }),
  reply: z.null(),
});
