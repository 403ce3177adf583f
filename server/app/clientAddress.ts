/**
 * Who a request comes from, as the rate limits count clients: the socket's peer or, behind reverse
 * proxies the operator trusts (`TRUST_PROXY`), the address the outermost of them saw.
 *
 * `X-Forwarded-For` is read from its right end. Proxies such as nginx
 * (`$proxy_add_x_forwarded_for`) and AWS load balancers append the address they saw to whatever
 * the client sent, so only the entries the trusted proxies added are theirs; everything to the left
 * of them is the client's own text, which it can change with every request to get a fresh limit.
 */
import { BlockList, isIP } from 'node:net';

/**
 * How far `X-Forwarded-For` is believed (`TRUST_PROXY`):
 * - `hops`: that many proxies stand in front of the server (0: none, the header is ignored);
 * - `proxies`: the addresses of the trusted proxies, as `address/prefix` ranges; any peer or entry
 *   outside them is a client.
 */
export type TrustProxy =
  { kind: 'hops'; hops: number } | { kind: 'proxies'; ranges: readonly string[] };

/** No proxy is trusted: the socket's peer is the client. */
export const TRUST_NO_PROXY: TrustProxy = { kind: 'hops', hops: 0 };

/** The most proxy hops `TRUST_PROXY` may name (a CDN, a load balancer and nginx are three). */
export const MAX_TRUSTED_HOPS = 10;

/** The key of a client whose address is unknown (a socket already closed). */
const UNKNOWN = 'unknown';

/** A parsed IP address: IPv4 dotted, or IPv6 as written (lower case, no zone). */
interface IpAddress {
  family: 4 | 6;
  text: string;
  /** Whether it was written as an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`). */
  mapped: boolean;
}

/**
 * The eight 16-bit groups of an IPv6 address `isIP` has accepted (a dotted IPv4 tail becomes the
 * last two groups).
 */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * An IP address written without port or brackets, or null when it is not one. An IPv4-mapped
 * IPv6 address is its IPv4 address, since a dual-stack socket reports IPv4 peers that way; a zone
 * (`fe80::1%eth0`) is dropped only where `zone` allows it.
 */
function parseIp(text: string, { zone }: { zone: boolean }): IpAddress | null {
  if (!zone && text.includes('%')) return null;
  const withoutZone = text.replace(/%[^%]+$/, '');
  const family = isIP(withoutZone);
  // Only IPv6 link-local addresses have zones; `10.0.0.1%x` is no address.
  if (withoutZone !== text && family !== 6) return null;
  if (family === 4) return { family: 4, text: withoutZone, mapped: false };
  if (family !== 6) return null;
  const lower = withoutZone.toLowerCase();
  const groups = ipv6Groups(lower);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return {
      family: 4,
      text: [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'),
      mapped: true,
    };
  }
  return { family: 6, text: lower, mapped: false };
}

/**
 * One `X-Forwarded-For` entry's address: proxies may add a port (`203.0.113.5:4711`) and bracket
 * IPv6 (`[2001:db8::1]:4711`). Null for anything else (`unknown`, an empty entry, a name), which
 * nobody can be counted by.
 */
function parseForwardedEntry(entry: string | undefined): IpAddress | null {
  if (entry === undefined) return null;
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) return parseIp(bracketed[1], { zone: true });
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return parseIp(withPort?.[1] ?? text, { zone: true });
}

/**
 * A trusted proxy range of `TRUST_PROXY` (`10.0.0.0/8`, `127.0.0.1`, `2001:db8::/32`) as
 * `address/prefix`, or null when it is not one. A single address is a range of one. An
 * IPv4-mapped range is written back as the IPv4 range it covers, since peers are compared as IPv4.
 */
export function parseAddressRange(text: string): string | null {
  const parts = text.trim().split('/');
  if (parts.length > 2 || parts[0] === undefined) return null;
  const address = parseIp(parts[0], { zone: false });
  if (address === null) return null;
  const written = address.mapped ? 128 : address.family === 4 ? 32 : 128;
  const prefixText = parts[1];
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? written : Number(prefixText);
  if (prefix > written) return null;
  if (address.mapped) return prefix < 96 ? null : `${address.text}/${prefix - 96}`;
  return `${address.text}/${prefix}`;
}

/**
 * The rate-limit key of an address: an IPv4 address as it is, an IPv6 one as its /64 network,
 * since one host is usually given a whole /64 and could otherwise take a fresh address (and a
 * fresh limit) for every request.
 */
function keyOf(address: IpAddress | null): string {
  if (address === null) return UNKNOWN;
  if (address.family === 4) return address.text;
  const network = ipv6Groups(address.text)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}

/** The entries of every `X-Forwarded-For` header, in order (repeated headers are one list). */
function forwardedEntries(forwardedFor: string | string[] | undefined): string[] {
  if (forwardedFor === undefined) return [];
  return (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
}

/**
 * Gives a request's client key from its socket's peer (`remoteAddress`) and its `X-Forwarded-For`
 * header(s).
 */
export type ClientAddressResolver = (
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
) => string;

/**
 * Creates the resolver of a `TRUST_PROXY` setting, once per server. What it answers:
 * - no trusted proxy: the peer;
 * - `hops` N: the Nth entry from the right of `X-Forwarded-For`, which the outermost proxy wrote;
 * - `proxies`: walking from the peer leftwards, the first address that is not a trusted proxy
 *   (the peer itself when it is not one).
 *
 * An entry that is not an IP address (empty, `unknown`, a name), or a header shorter than the hop
 * count, ends the walk at the last address a trusted party wrote (a proxy, or the peer): such a
 * request shares that address's limit, never gets a fresh one of its own.
 */
export function createClientAddressResolver(trust: TrustProxy): ClientAddressResolver {
  const peerOf = (remoteAddress: string | undefined) =>
    remoteAddress === undefined ? null : parseIp(remoteAddress, { zone: true });

  if (trust.kind === 'hops') {
    const { hops } = trust;
    return (remoteAddress, forwardedFor) => {
      let client = peerOf(remoteAddress);
      const entries = hops === 0 ? [] : forwardedEntries(forwardedFor);
      for (let hop = 1; hop <= hops; hop++) {
        const written = parseForwardedEntry(entries[entries.length - hop]);
        if (written === null) break;
        client = written;
      }
      return keyOf(client);
    };
  }

  const proxies = new BlockList();
  for (const range of trust.ranges) {
    const [address = '', prefix = ''] = range.split('/');
    proxies.addSubnet(address, Number(prefix), isIP(address) === 4 ? 'ipv4' : 'ipv6');
  }
  const isProxy = (address: IpAddress) =>
    proxies.check(address.text, address.family === 4 ? 'ipv4' : 'ipv6');
  return (remoteAddress, forwardedFor) => {
    let client = peerOf(remoteAddress);
    if (client === null || !isProxy(client)) return keyOf(client);
    const entries = forwardedEntries(forwardedFor);
    for (let index = entries.length - 1; index >= 0; index--) {
      const written = parseForwardedEntry(entries[index]);
      if (written === null) break;
      client = written;
      if (!isProxy(written)) break;
    }
    return keyOf(client);
  };
}

/**
 * The client key of one request (see `createClientAddressResolver`); a server that resolves many
 * requests creates its resolver once instead.
 */
export function clientAddressOf(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string {
  return createClientAddressResolver(trust)(remoteAddress, forwardedFor);
}
