import { MAX_WHITELIST_IPS } from '@opex/contract/calls/open-api';
import { ipPattern } from '@opex/contract/rules';

/**
 * An API key's IP whitelist as typed: addresses separated by commas, spaces or lines, each a dotted quad with
 * octets 0-255 (platform.md §5), at most MAX_WHITELIST_IPS; empty means any address. `value` is what the call takes.
 */
export interface WhitelistCheck {
  value: string;
  invalid: string[];
  tooMany: boolean;
  ok: boolean;
}

export function checkIpWhitelist(text: string): WhitelistCheck {
  const ips = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const invalid = ips.filter((ip) => !ipPattern.test(ip));
  const tooMany = ips.length > MAX_WHITELIST_IPS;
  return { value: ips.join(','), invalid, tooMany, ok: invalid.length === 0 && !tooMany };
}

/** The label rule of the contract: 1 to 40 characters after trimming. */
export const API_LABEL_MAX = 40;
export function isValidApiLabel(label: string): boolean {
  const trimmed = label.trim();
  return trimmed.length > 0 && trimmed.length <= API_LABEL_MAX;
}
