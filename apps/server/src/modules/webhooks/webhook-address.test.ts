import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkedLookup, checkWebhookUrl, isPublicAddress } from './webhook-address.ts';

const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255));
/** IPv4 addresses of the refused ranges: loopback, private, link-local, carrier-grade NAT. */
const refusedIpv4 = fc.oneof(
  octets.map(([b, c, d]) => [127, b, c, d]),
  octets.map(([b, c, d]) => [10, b, c, d]),
  octets.map(([b, c, d]) => [172, 16 + (b % 16), c, d]),
  octets.map(([, c, d]) => [192, 168, c, d]),
  octets.map(([, c, d]) => [169, 254, c, d]),
  octets.map(([b, c, d]) => [100, 64 + (b % 64), c, d]),
);
const hex = (value: number) => value.toString(16);

/** The spellings a URL may use for one IPv4 address: dotted, one decimal number, octal or hex parts, IPv6. */
function spellings([a, b, c, d]: number[]): string[] {
  const whole = ((a! << 24) >>> 0) + (b! << 16) + (c! << 8) + d!;
  return [
    `${a}.${b}.${c}.${d}`,
    String(whole),
    `0${a!.toString(8)}.${b}.${c}.${d}`,
    `0x${hex(a!)}.0x${hex(b!)}.${c}.${d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${hex((a! << 8) | b!)}:${hex((c! << 8) | d!)}]`,
    `[64:ff9b::${a}.${b}.${c}.${d}]`,
    `[2002:${hex((a! << 8) | b!)}:${hex((c! << 8) | d!)}::1]`,
  ];
}

describe('webhook addresses', () => {
  it('refuses every spelling of a loopback, private or link-local IPv4 address', async () => {
    await fc.assert(
      fc.asyncProperty(refusedIpv4, async (address) => {
        for (const host of spellings(address))
          await expect(
            checkWebhookUrl(`https://${host}/hook`, { allowPrivate: false }),
            host,
          ).rejects.toMatchObject({
            code: 'webhook_url_refused',
          });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses IPv6 loopback, unique-local, link-local and multicast addresses', () => {
    for (const address of [
      '::1',
      '::',
      'fd12:3456::1',
      'fc00::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '2606:4700:4700::1111', '8.8.8.8', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses names that resolve to this host, at delivery too (the lookup the connection uses)', async () => {
    await expect(checkWebhookUrl('https://localhost/hook', { allowPrivate: false })).rejects.toMatchObject({
      code: 'webhook_url_refused',
    });
    const lookup = checkedLookup({ allowPrivate: false });
    const error = await new Promise((resolve) => lookup('localhost', {}, (failure) => resolve(failure)));
    expect(error).toMatchObject({ code: 'webhook_url_refused' });
    const allowed = checkedLookup({ allowPrivate: true });
    const address = await new Promise((resolve) =>
      allowed('localhost', {}, (_error, found) => resolve(found)),
    );
    expect(address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
