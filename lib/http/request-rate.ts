// Requests per client in a fixed window, counted by server.ts before Next (issue 37, finding 4: the
// sharing images). A request beyond `limit` in the client's current window is refused (429) there, for
// microseconds, instead of costing Next's handler. One client: the rate limits' (lib/client-group.ts).
// TypeScript that Node runs directly (type stripping): relative imports with their extension, no `@/`.
import { clientGroup } from '../client-group.ts';
import { CLIENTS_REMEMBERED } from '../limits.ts';
import { setNewest } from '../newest-map.ts';

export type RequestRateOptions = { limit: number; windowMs: number; maxClients?: number; now?: () => number };
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createRequestRate({ limit, windowMs, maxClients = CLIENTS_REMEMBERED, now = Date.now }: RequestRateOptions) {
  /** Each client's window: when it began and its requests so far (oldest windows first, at most maxClients). */
  const windows = new Map<string, { start: number; count: number }>();

  /** Counts a request of the client at `address`; refuses it when the client's window is full. */
  function take(address: string | null): RateDecision {
    const key = clientGroup(address);
    const time = now();
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) setNewest(windows, key, (window = { start: time, count: 0 }), maxClients);
    if (window.count >= limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)) };
    window.count++;
    return { ok: true };
  }

  return { take };
}
