/**
 * Where the server may send web pushes (docs/security.md, "Push endpoints"): a subscription's endpoint is
 * a URL the browser got from its push service, but a client can send any URL, and the server posts
 * to it. So only the push services browsers use are accepted (an allow-list, PUSH_ALLOWED_HOSTS),
 * and before each send the host's addresses are checked: loopback, private, link-local and other
 * special ranges are refused, so a name that resolves inside the network is never reached.
 *
 * An entry is a host ("fcm.googleapis.com") or, with a leading "*.", every host under a domain
 * ("*.notify.windows.com"). Only an exact entry may name an IP address or an internal host (tests
 * list their local push service that way); the default list names none.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const hostOf = (endpoint: string): string | null => {
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
};

const exactlyListed = (host: string, allowed: readonly string[]) =>
  allowed.some((entry) => entry.toLowerCase() === host);

/** Is `endpoint` an https URL on an allowed push host (without resolving it)? */
export const pushEndpointAllowed = (endpoint: string, allowed: readonly string[]): boolean => {
  const host = hostOf(endpoint);
  if (!host) return false;
  if (exactlyListed(host, allowed)) return true;
  if (isIP(host)) return false;
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') && host.endsWith(e.slice(1)) && host.length > e.length - 1;
  });
};

const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  special.addSubnet(net, prefix, 'ipv6');

/** Is `address` loopback, private, link-local or otherwise not a public internet address? */
export const isSpecialAddress = (address: string) => {
  const kind = isIP(address);
  if (kind === 4) return special.check(address, 'ipv4');
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return mapped ? special.check(mapped, 'ipv4') : special.check(address, 'ipv6');
  }
  return true;
};

export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * Before a send: the endpoint is allowed and its host resolves only to public addresses (an exact
 * entry of the list is trusted as it is). Returns why not, or null.
 */
export const pushTargetRefusal = async (
  endpoint: string,
  allowed: readonly string[],
  resolve: Resolver = systemResolver,
): Promise<string | null> => {
  if (!pushEndpointAllowed(endpoint, allowed)) return 'not an allowed push service';
  const host = hostOf(endpoint)!;
  if (exactlyListed(host, allowed)) return null;
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'its host does not resolve';
  }
  if (!addresses.length || addresses.some(isSpecialAddress))
    return 'its host resolves to an internal address';
  return null;
};
