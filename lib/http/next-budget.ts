// A budget of time in Next per client (issue 47, finding 2): one address's flood of requests Next must
// answer itself (404s of unknown editions, random query strings, RSC requests on `?_rsc`) took another
// client's cached page from p50 3 ms to 18-62 ms, p99 to 1 s. The turns (client-turns.ts) cap how many
// of a client's requests are in Next at once, not how much of the one thread they take over time.
//
// So each client (an IPv4 address, an IPv6 /64) has a bucket of milliseconds in Next: it refills at
// NEXT_BUDGET_MS_PER_SECOND up to NEXT_BUDGET_BURST_MS, and each request in Next takes the time it
// took there (measured from its turn to its response's end, at most NEXT_BUDGET_MAX_COST_MS; the
// client's recent average is taken at the start and corrected at the end, so a burst cannot all start
// on one full bucket). While other clients are about, a client whose bucket is empty waits, in order,
// until it has refilled: its requests are delayed, its sender waits, and the others' requests are not
// behind them. A page (a request the page cache may keep: a page of the sitemap, a campaign's visit) is
// only ever delayed; anything else that would wait more than NEXT_BUDGET_MAX_WAIT_MS is answered 429
// with Retry-After at once (an answer, never a dropped connection). A client alone is never held: it
// hurts nobody (a crawler at night, a load test); what it spent is still counted, down to at most
// NEXT_BUDGET_MAX_WAIT_MS of debt.
//
// What this costs the well-behaved: a visitor's pages come from the cache (no budget) and its
// navigations are a few RSC requests of 5-30 ms each; an office or carrier NAT of many visitors (one
// client to the server, which cannot tell them apart) shares 250 ms of Next a second, 10-50 navigations;
// a crawler on a cold cache gets its pages rendered at that pace, delayed, never refused.
// The state is this instance's own: behind nginx each instance gives a client its budget.
//
// TypeScript that Node runs directly (type stripping): relative imports with their extension, no `@/`.
import type { ServerResponse } from 'node:http';
import { clientGroup } from '../client-group.ts';
import { CLIENTS_REMEMBERED, NEXT_BUDGET_BURST_MS, NEXT_BUDGET_MAX_COST_MS, NEXT_BUDGET_MAX_WAIT_MS, NEXT_BUDGET_MS_PER_SECOND, NEXT_TURNS_QUEUE } from '../limits.ts';
import { setNewest } from '../newest-map.ts';

export type NextBudgetOptions = { perSecond?: number; burstMs?: number; maxWaitMs?: number; maxCostMs?: number; queue?: number; maxClients?: number; now?: () => number };
/** go: the request may go to Next now; else the caller answers 429 (retryAfterSeconds) or 503 (busy), or nothing (gone). */
export type BudgetDecision = { go: true } | { go: false; why: 'over' | 'busy' | 'gone'; retryAfterSeconds: number };

/** A first request's estimate before a client has an average: a page render here. */
const FIRST_ESTIMATE_MS = 20;

export function createNextBudget({
  perSecond = NEXT_BUDGET_MS_PER_SECOND,
  burstMs = NEXT_BUDGET_BURST_MS,
  maxWaitMs = NEXT_BUDGET_MAX_WAIT_MS,
  maxCostMs = NEXT_BUDGET_MAX_COST_MS,
  queue = NEXT_TURNS_QUEUE,
  maxClients = CLIENTS_REMEMBERED,
  now = Date.now,
}: NextBudgetOptions = {}) {
  type Waiter = { go: () => void };
  type Client = { balance: number; at: number; average: number; waiting: Waiter[]; timer: ReturnType<typeof setTimeout> | null };
  const clients = new Map<string, Client>();
  /** The most a client may owe: what refills in maxWaitMs. */
  const floor = -(perSecond * maxWaitMs) / 1000;

  function refill(client: Client): void {
    const time = now();
    client.balance = Math.min(burstMs, client.balance + ((time - client.at) * perSecond) / 1000);
    client.at = time;
  }

  /** Takes the client's estimate now and the rest of what the request took when its response ends. */
  function charge(client: Client, res: ServerResponse): void {
    const estimate = client.average;
    client.balance -= estimate;
    const began = now();
    res.once('close', () => {
      const spent = Math.min(maxCostMs, Math.max(0, now() - began));
      client.average = client.average * 0.8 + spent * 0.2;
      refill(client);
      client.balance = Math.max(floor, client.balance + estimate - spent);
    });
  }

  /** Lets the client's waiting requests in, in order, as its bucket refills. */
  function schedule(client: Client): void {
    if (client.timer || client.waiting.length === 0) return;
    const delay = client.balance > 0 ? 0 : Math.ceil((-client.balance * 1000) / perSecond) + 1;
    client.timer = setTimeout(() => {
      client.timer = null;
      refill(client);
      while (client.waiting.length > 0 && client.balance > 0) client.waiting.shift()!.go();
      schedule(client);
    }, delay);
  }

  /**
   * Waits for the client's budget. `page`: a request the page cache may keep (delayed, never refused
   * for the budget); `contended`: other clients are about (client-turns.ts `othersAbout`).
   */
  function take(address: string | null, res: ServerResponse, { page, contended }: { page: boolean; contended: boolean }): Promise<BudgetDecision> {
    if (perSecond <= 0) return Promise.resolve({ go: true });
    const key = clientGroup(address);
    let client = clients.get(key);
    if (!client) setNewest(clients, key, (client = { balance: burstMs, at: now(), average: FIRST_ESTIMATE_MS, waiting: [], timer: null }), maxClients);
    const own = client;
    refill(own);
    if (!contended || (own.waiting.length === 0 && own.balance > 0)) {
      charge(own, res);
      return Promise.resolve({ go: true });
    }
    const expectedMs = ((-Math.min(0, own.balance) + own.average * own.waiting.length) * 1000) / perSecond;
    const retryAfterSeconds = Math.max(1, Math.ceil(expectedMs / 1000));
    if (!page && expectedMs > maxWaitMs) return Promise.resolve({ go: false, why: 'over', retryAfterSeconds });
    if (own.waiting.length >= queue) return Promise.resolve({ go: false, why: 'busy', retryAfterSeconds });
    return new Promise((resolve) => {
      const waiter: Waiter = {
        go: () => {
          res.off('close', gone);
          charge(own, res);
          resolve({ go: true });
        },
      };
      const gone = () => {
        own.waiting.splice(own.waiting.indexOf(waiter), 1);
        resolve({ go: false, why: 'gone', retryAfterSeconds });
      };
      own.waiting.push(waiter);
      res.once('close', gone);
      schedule(own);
    });
  }

  return {
    take,
    /** The client's bucket now, in ms, and its waiting requests (tests, metrics). */
    of(address: string | null) {
      const client = clients.get(clientGroup(address));
      if (client) refill(client);
      return { balance: client?.balance ?? burstMs, waiting: client?.waiting.length ?? 0 };
    },
  };
}
