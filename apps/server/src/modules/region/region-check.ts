import { BlockList, isIP } from 'node:net';

/**
 * Where a client address is, for the restricted-country check: GeoIP (geoip-lite's bundled country database) of
 * public addresses. Loopback, private, link-local and shared addresses have no country and are never restricted.
 */
const localRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  localRanges.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  localRanges.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:1.2.3.4) is checked as IPv4. */
function normalise(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isLocalAddress(ip: string): boolean {
  const address = normalise(ip);
  const family = isIP(address);
  if (family === 0) return true;
  return localRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type GeoLookup = (ip: string) => { country: string } | null;
let lookup: GeoLookup | undefined;

/** The database is large (loaded on first use, not at start-up of every process that imports this). */
async function geoLookup(): Promise<GeoLookup> {
  if (!lookup) {
    const geoip = (await import('geoip-lite')).default;
    lookup = (ip) => geoip.lookup(ip);
  }
  return lookup;
}

/** ISO 3166 alpha-2 country of a public address; undefined for local addresses and unknown ranges. */
export async function countryOf(ip: string): Promise<string | undefined> {
  if (isLocalAddress(ip)) return undefined;
  return (await geoLookup())(normalise(ip))?.country || undefined;
}

/** Our language ids as BCP 47 locales; el_GR is the original's label for Traditional Chinese. */
function localeOf(lang: string): string {
  return lang === 'el_GR' ? 'zh-Hant' : lang.replace('_', '-');
}

/** Country names in the caller's language, from the runtime's ICU data. */
export function countryNames(codes: string[], lang: string): string {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([localeOf(lang), 'en'], { type: 'region' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  }
  return codes.map((code) => names.of(code) ?? code).join(', ');
}
