// Bounded maps that forget their stalest entry: the per-client counters of server.ts, the sharing
// images, the sanitized content. A Map iterates in insertion order, so an entry set again moves to the
// end, and the first one is the stalest. A leaf with no import, because server.ts loads it directly
// (Node strips its types; it resolves no `@/` paths).

/** Sets `key` as the newest entry of `map`, and forgets the stalest one when that makes more than `max`. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
