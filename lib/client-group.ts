import { isIPv4, isIPv6 } from 'node:net';

// Who counts as one client, for the rate limits (lib/clients) and for the share of the request-body
// budget in the production server (lib/http/body-limit.ts). A leaf below both (as lib/limits.ts is),
// with no import but Node's, because server.ts loads it directly (Node strips its types; it resolves no
// `@/` paths).

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who counts as one client for every limit: an IPv4 address, or an IPv6 /64 network. One subscriber
 * line or server usually gets a whole /64, so counting single IPv6 addresses would give one attacker
 * 2^64 fresh clients. IPv4-mapped IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
export function clientGroup(address: string | null): string {
  if (!address) return 'unknown';
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}
