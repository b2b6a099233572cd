import { claim, markFailed, markSent, type OutboxEntry } from './store';
import { logger } from '@/lib/observability';

/** What a topic's handler reports: done, or failed (and whether trying again can help). */
export type Outcome = { ok: true } | { ok: false; error: string; permanent?: boolean };
export type Handler = (entry: OutboxEntry) => Promise<Outcome>;
export type Handlers = Readonly<Record<string, Handler>>;

const LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 3600;

/** 15 s, 30 s, 1 min, ... at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.max(0, attempts - 1));
}

async function run(entry: OutboxEntry, handlers: Handlers, now: Date): Promise<boolean> {
  const handler = handlers[entry.topic];
  let outcome: Outcome;
  try {
    // A topic nobody registered (an instance started without its handler) is retried, not lost.
    outcome = handler ? await handler(entry) : { ok: false, error: `no handler for topic ${entry.topic}` };
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  // The line names the row, never its payload or the handler's error text (which can echo what a visitor
  // sent); the error is kept in the row (`npm run submissions -- outbox`).
  const line = { event: 'outbox.done', topic: entry.topic, id: entry.id, ref: entry.ref, attempts: entry.attempts + 1 };
  if (outcome.ok) {
    await markSent(entry.id);
    logger('outbox').info(line, 'outbox row done');
    return true;
  }
  const retryAt = outcome.permanent ? null : new Date(now.getTime() + backoffSeconds(entry.attempts + 1) * 1000);
  await markFailed(entry.id, outcome.error, retryAt);
  logger('outbox').warn({ ...line, event: 'outbox.failed', permanent: !retryAt, retryAt: retryAt?.toISOString() }, retryAt ? 'outbox row failed; will retry' : 'outbox row failed for good');
  return false;
}

/**
 * Claims and does pending rows: every due row, or (with `ref`) the pending rows of one submission or
 * payment right after the request that wrote them. `now` can be moved forward in tests. Returns how
 * many went through.
 */
export async function deliver(handlers: Handlers, options: { now?: Date; ref?: string } = {}): Promise<number> {
  const now = options.now ?? new Date();
  let done = 0;
  for (const entry of await claim({ now, leaseSeconds: LEASE_SECONDS, ref: options.ref })) if (await run(entry, handlers, now)) done++;
  return done;
}
