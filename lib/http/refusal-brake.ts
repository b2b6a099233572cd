// A brake on clients the server keeps refusing (issue 37: one hostile client must not slow the others).
//
// Every refusal server.ts gives itself (a body refused by its limits: a field bomb's 400, a stalled or
// oversized upload's 408/413, a client's share of the body budget spent, 429; the budget spent, 503; no
// turn in Next, 503; too many sharing images, 429) is cheap, but a client that is refused and asks again
// at once, in a few loops, gets hundreds of refusals a second, and each costs a little of the one thread
// every other visitor's answer waits for: a second client's cached page took 3× its quiet p99 during a
// field bomb, although every bomb was refused within its first chunk.
//
// So once a client (the rate limits' client: an IPv4 address or an IPv6 /64) has had BRAKE_FREE_REFUSALS
// refusals within BRAKE_WINDOW_MS, each of its next requests waits BRAKE_DELAY_MS before the server looks
// at it, its body unread (the socket is not read, so its sender waits too). It then goes on as any request
// would, and may well be answered. At most BRAKE_MAX_HELD of its requests wait at once (BRAKE_MAX_HELD_ALL
// of all clients together: held requests stay bounded in memory); one beyond that is answered 429 with
// Retry-After at once, never closed unanswered (issue 47, finding 1: a proxy in front counts a closed
// connection as its instance failing, and takes it out for everyone). A client that stops being refused
// is free again once its refusals are out of the window. Nobody who is never refused notices any of
// this: a visitor's 413 for a too-large file, or a form sent twice too fast, stays far below the
// threshold.
//
// Only requests with a body are braked (server.ts asks after the path and method are known, issue 47,
// finding 3): the refusals it counts are refusals of bodies, and a page view or a file costs no body to
// refuse. A shared address (an office, public Wi-Fi, carrier NAT, an IPv6 /64) whose one member keeps
// sending refused bodies slows that address's posts, never its page views.
//
// The state is this instance's own (each instance of the cluster brakes what it refused itself); nginx
// spreads a client's requests over the instances, so a braked client meets the brake on each one as it
// is refused there.
//
// TypeScript that Node runs directly (type stripping): relative imports with their extension, no `@/`.
import { clientGroup } from '../client-group.ts';
import { setNewest } from '../newest-map.ts';
import { BRAKE_DELAY_MS, BRAKE_FREE_REFUSALS, CLIENTS_REMEMBERED, BRAKE_MAX_HELD, BRAKE_MAX_HELD_ALL, BRAKE_WINDOW_MS } from '../limits.ts';

export type RefusalBrakeOptions = { free?: number; windowMs?: number; delayMs?: number; maxHeld?: number; maxHeldAll?: number; maxClients?: number; now?: () => number };
/** 'go': look at the request now; else answer 429 with Retry-After (seconds), at once. */
export type BrakeDecision = { go: true } | { go: false; retryAfterSeconds: number };

export function createRefusalBrake({
  free = BRAKE_FREE_REFUSALS,
  windowMs = BRAKE_WINDOW_MS,
  delayMs = BRAKE_DELAY_MS,
  maxHeld = BRAKE_MAX_HELD,
  maxHeldAll = BRAKE_MAX_HELD_ALL,
  maxClients = CLIENTS_REMEMBERED,
  now = Date.now,
}: RefusalBrakeOptions = {}) {
  type Client = { refusals: number[]; held: number };
  /** Clients refused lately, least recently refused first (at most maxClients). */
  const clients = new Map<string, Client>();
  /** Requests held now, of all clients. */
  let heldAll = 0;

  /** The client's refusals within the window (older ones forgotten); the client, if any is left. */
  function recent(key: string): Client | undefined {
    const client = clients.get(key);
    if (!client) return undefined;
    const since = now() - windowMs;
    while (client.refusals.length > 0 && client.refusals[0]! <= since) client.refusals.shift();
    if (client.refusals.length === 0 && client.held === 0) {
      clients.delete(key);
      return undefined;
    }
    return client;
  }

  /** server.ts: it refused a request of the client at `address` itself. */
  function refused(address: string | null): void {
    const key = clientGroup(address);
    const client = recent(key) ?? { refusals: [], held: 0 };
    client.refusals.push(now());
    // Only the last `free` refusals matter: the list never grows beyond them.
    if (client.refusals.length > free) client.refusals.shift();
    setNewest(clients, key, client, maxClients); // the map stays in the order of last refusals
  }

  /** Is the client at `address` braked (its `free` refusals all within the window)? */
  function braked(address: string | null): boolean {
    return (recent(clientGroup(address))?.refusals.length ?? 0) >= free;
  }

  /** Seconds until the client's oldest counted refusal leaves the window (it is then no longer braked). */
  function retryAfter(client: Client): number {
    return Math.max(1, Math.ceil(((client.refusals[0] ?? now()) + windowMs - now()) / 1000));
  }

  /**
   * Waits out the brake for a request of the client at `address`: resolves `go` at once for a client not
   * braked, else after `delayMs`; at once with Retry-After when the client already has `maxHeld` requests
   * waiting, or all clients `maxHeldAll` (the caller answers 429: an answer, never a closed connection).
   */
  function wait(address: string | null): Promise<BrakeDecision> {
    const key = clientGroup(address);
    const client = recent(key);
    if (!client || client.refusals.length < free) return Promise.resolve({ go: true });
    if (client.held >= maxHeld || heldAll >= maxHeldAll) return Promise.resolve({ go: false, retryAfterSeconds: retryAfter(client) });
    client.held++;
    heldAll++;
    return new Promise((resolve) =>
      setTimeout(() => {
        client.held--;
        heldAll--;
        resolve({ go: true });
      }, delayMs),
    );
  }

  return { refused, braked, wait, size: () => clients.size, held: () => heldAll };
}
