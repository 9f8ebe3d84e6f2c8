import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '../../lib/app-error.ts';

// Addresses a webhook must never reach: this host, the private networks around it, link-local (cloud
// metadata at 169.254.169.254), carrier-grade NAT, benchmarking, multicast and reserved ranges.
const refusedIpv4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refusedIpv4.addSubnet(network, prefix, 'ipv4');

const refusedIpv6 = new net.BlockList();
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const)
  refusedIpv6.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * The IPv4 address an IPv6 one carries to an IPv4 host, if any: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::).
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeroUpTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zeroUpTo(5) && (groups[5] === 0xffff || groups[5] === 0)) return quad(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return quad(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return quad(groups[1]!, groups[2]!);
  return undefined;
}

/** True for an address a webhook may be delivered to: a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !refusedIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== undefined) return ipv4 !== '0.0.0.0' && isPublicAddress(ipv4);
  return !refusedIpv6.check(address.split('%')[0]!, 'ipv6');
}

export type AddressPolicy = { allowPrivate: boolean };

/**
 * Checks a webhook URL as typed: HTTPS (plain HTTP only with WEBHOOK_ALLOW_PRIVATE, for tests and closed
 * networks), no credentials, and a host whose every address is public. The URL parser already reads the
 * decimal, octal and hexadecimal IPv4 forms (https://2130706433/ is 127.0.0.1).
 */
export async function checkWebhookUrl(text: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('webhook_url_invalid');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || url.username || url.password)
    throw new AppError('webhook_url_invalid');
  await resolvePublicAddresses(url.hostname, policy);
  return url;
}

/**
 * The host's addresses, all public (or the policy allows private ones). A name that does not resolve is
 * `webhook_host_unresolved` (a typo to fix, not a private address); any private address `webhook_url_refused`.
 */
async function resolvePublicAddresses(hostname: string, policy: AddressPolicy): Promise<dns.LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new AppError('webhook_host_unresolved', { host });
      });
  if (addresses.length === 0) throw new AppError('webhook_host_unresolved', { host });
  if (!policy.allowPrivate && !addresses.every(({ address }) => isPublicAddress(address)))
    throw new AppError('webhook_url_refused');
  return addresses;
}

/**
 * A `lookup` for http(s).request that resolves and checks in one step, so the connection goes to exactly the
 * addresses checked: a name that answered a public address at registration and a private one now (DNS
 * rebinding) is refused at delivery.
 */
export function checkedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family
          ? addresses.filter((entry) => entry.family === options.family)
          : addresses;
        if (options.all) return callback(null, wanted as never);
        const [first] = wanted;
        if (!first)
          return callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        return callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
