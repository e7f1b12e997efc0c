import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from '../notifications';

/**
 * Where a webhook may go: like Web Push (modules/notifications/public-agent.ts),
 * an https URL whose host is, or resolves only to, public addresses, since an
 * Owner's typo or a stolen session must not aim the server at the private
 * network (SSRF). WEBHOOK_ALLOW_LOOPBACK adds loopback (http or https), for a
 * receiver on the same machine in development and tests. This check answers
 * at registration; the delivery's own connection checks the address it
 * connects to again (deliverer.ts), so a name that later resolves elsewhere
 * (DNS rebinding) is refused then.
 */
export const allowedAddress = (allowLoopback: boolean) => (address: string) =>
  isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));

/** `localhost` and its subdomains name loopback (RFC 6761) whatever DNS says. */
const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why `url` may not be a webhook target, or null when it may. Names are
 * resolved now; one that does not resolve yet is accepted (its deliveries
 * fail until it does).
 */
export async function refusedTarget(url: string, allowLoopback: boolean): Promise<string | null> {
  const parsed = new URL(url);
  const host = hostOf(parsed);
  const allowed = allowedAddress(allowLoopback);
  const loopback =
    isLoopbackName(host.toLowerCase()) || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (parsed.protocol !== 'https:' && !(allowLoopback && loopback)) return 'not https';
  if (loopback) return allowLoopback ? null : 'loopback';
  if (isIP(host) !== 0) return allowed(host) ? null : 'not public';
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.every((a) => allowed(a.address)) ? null : 'not public';
  } catch {
    return null;
  }
}
