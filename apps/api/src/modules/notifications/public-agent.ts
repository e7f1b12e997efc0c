import { lookup as resolveHost } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** Every public IPv6 address is global unicast (RFC 4291, 2000::/3). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for an address of the public internet. ipaddr.js names the
 * special-purpose ranges of the IANA registries (loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved,
 * unspecified, NAT64, 6to4, Teredo...); only what it calls plain 'unicast'
 * is public. An IPv4-mapped IPv6 address is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

/** True for a loopback address (127.0.0.0/8, ::1, and 127.x mapped into IPv6). */
export const isLoopbackAddress = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/** Refused: the host is, or resolves to, an address that is not public. */
export class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';
  constructor(host: string, address: string | undefined) {
    super(
      address === undefined
        ? `${host} has no address`
        : `${host} is at ${address}, not a public address`,
    );
  }
}

type Resolve = (
  hostname: string,
  options: { all: true; family: number },
) => Promise<LookupAddress[]>;

/**
 * A `lookup` for net.connect that resolves the name once, checks every
 * address it answers, and hands over exactly those: the connection goes to
 * an address that was checked, and a second answer of the DNS (rebinding)
 * is never asked for.
 */
export function publicOnlyLookup(
  resolve: Resolve = resolveHost,
  /** Which addresses may be connected to (webhooks may add loopback: WEBHOOK_ALLOW_LOOPBACK). */
  allowed: (address: string) => boolean = isPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname, { all: true, family: family ?? 0 }).then(
      (addresses) => {
        const refused = addresses.find((a) => !allowed(a.address));
        const first = addresses[0];
        if (refused || !first) {
          callback(new NotPublicAddressError(hostname, refused?.address), '');
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/**
 * An HTTPS agent that opens connections to public addresses only. Names go
 * through `publicOnlyLookup`; an address written in the URL (which
 * net.connect uses without a lookup) is checked here. The TLS name (SNI) and
 * the Host header stay the URL's.
 */
export class PublicOnlyAgent extends Agent {
  constructor(options: AgentOptions = {}, resolve?: Resolve) {
    super({ ...options, lookup: publicOnlyLookup(resolve) });
  }

  override createConnection(
    options: RequestOptions,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? '';
    if (isIP(host) && !isPublicAddress(host)) {
      callback?.(new NotPublicAddressError(host, host), undefined as never);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
