/**
 * Names reserved for examples and documentation (RFC 2606, RFC 6761): they can never reach a real third
 * party, so demo data may use them, and the site never links to them. `example.cy`, `example.lv` and
 * the like are NOT reserved.
 */
export function isReservedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return /(^|\.)(example|test|invalid|localhost)$/.test(name) || /(^|\.)example\.(com|net|org)$/.test(name);
}
