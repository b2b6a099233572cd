// Turns in Next for each client (issue 37, finding 4). Node runs one request's JavaScript at a time: a
// client with eight requests in Next at once (eight loops asking /api/og, or any route Next renders)
// makes every other client's request wait behind all eight, a cached page included. So while other
// clients are about, each client has at most NEXT_TURNS_SHARED requests in Next at once; the others wait
// in its own queue, in order, and are let in as its earlier ones finish. A client alone (a load test, a
// crawler at night) may have up to NEXT_TURNS_ALONE: nobody waits behind it. Beyond NEXT_TURNS_QUEUE
// waiting requests, 503. What server.ts answers itself (the page cache, the build's files, the body
// guard's refusals) takes no turn: it costs less than deciding whose turn it is.
// TypeScript that Node runs directly (type stripping): relative imports with their extension, no `@/`.
import type { ServerResponse } from 'node:http';
import { clientGroup } from '../client-group.ts';
import { NEXT_TURNS_ALONE, NEXT_TURNS_PRESENT_MS, NEXT_TURNS_QUEUE, NEXT_TURNS_SHARED } from '../limits.ts';

export type ClientTurnsOptions = { alone?: number; shared?: number; queue?: number; presentMs?: number; now?: () => number };

export function createClientTurns({
  alone = NEXT_TURNS_ALONE,
  shared = NEXT_TURNS_SHARED,
  queue = NEXT_TURNS_QUEUE,
  presentMs = NEXT_TURNS_PRESENT_MS,
  now = Date.now,
}: ClientTurnsOptions = {}) {
  type Client = { running: number; waiting: (() => void)[]; timer?: ReturnType<typeof setTimeout> | null };
  const clients = new Map<string, Client>();
  /** When each client last asked for anything, oldest first; forgotten after `presentMs`: who is about. */
  const seen = new Map<string, number>();

  /** Is a client other than `key` about (seen within `presentMs`)? */
  function othersPresent(key: string): boolean {
    const time = now();
    for (const [client, at] of seen) {
      if (time - at <= presentMs) break;
      seen.delete(client);
    }
    return seen.size > (seen.has(key) ? 1 : 0);
  }

  /** Notes a request of the client at `address`, whether or not it goes to Next (server.ts, first). */
  function arrived(address: string | null): void {
    const key = clientGroup(address);
    seen.delete(key); // set again: the map stays in the order of last visits
    seen.set(key, now());
  }

  /**
   * Waits for the client's turn in Next. Resolves true when the request may go on (its turn is given
   * back when its response closes), false when the client already has `queue` requests waiting (the
   * caller answers 503) or the request was closed while it waited.
   */
  function turn(address: string | null, res: ServerResponse): Promise<boolean> {
    const key = clientGroup(address);
    let client = clients.get(key);
    if (!client) clients.set(key, (client = { running: 0, waiting: [] }));
    const own = client;
    const limit = () => (othersPresent(key) ? shared : alone);
    const admit = () => {
      while (own.waiting.length > 0 && own.running < limit()) own.waiting.shift()!();
    };
    /**
     * While requests wait, the limit is looked at again now and then: once the others have gone it rises
     * to `alone`, and a client whose running requests take long (a sharing image drawn slowly) must not
     * wait for one of them to end (issue 47: a crawler's pages timed out behind two slow images).
     */
    const watch = () => {
      if (own.timer || own.waiting.length === 0) return;
      own.timer = setTimeout(() => {
        own.timer = null;
        admit();
        watch();
      }, presentMs / 10);
      own.timer.unref?.();
    };
    const start = () => {
      own.running++;
      res.once('close', () => {
        own.running--;
        // One finished: let in the next in order, as many as the limit now allows.
        admit();
        if (own.running === 0 && own.waiting.length === 0) clients.delete(key);
      });
    };
    if (own.running < limit() && own.waiting.length === 0) {
      start();
      return Promise.resolve(true);
    }
    if (own.waiting.length >= queue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const go = () => {
        res.off('close', gone);
        start();
        resolve(true);
      };
      const gone = () => {
        own.waiting.splice(own.waiting.indexOf(go), 1);
        if (own.running === 0 && own.waiting.length === 0) clients.delete(key);
        resolve(false);
      };
      own.waiting.push(go);
      res.once('close', gone);
      watch();
    });
  }

  return {
    arrived,
    turn,
    /** Is a client other than the one at `address` about? (lib/http/next-budget.ts applies only then) */
    othersAbout: (address: string | null) => othersPresent(clientGroup(address)),
    /** Requests of the client at `address` in Next now, and waiting (for tests and metrics). */
    of: (address: string | null) => ({ running: clients.get(clientGroup(address))?.running ?? 0, waiting: clients.get(clientGroup(address))?.waiting.length ?? 0 }),
  };
}
