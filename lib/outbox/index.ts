/**
 * The outbox: a generic durable queue for work that must happen after a request was stored. A caller
 * writes a row with `enqueue(tx, { topic, ref, payload })` inside its own transaction; a worker claims
 * due rows with a lease (so two instances never do one twice), runs the topic's handler, and retries
 * with backoff. The queue knows no consumer: handlers are registered at start-up by the composition
 * root, `instrumentation.ts`, and nowhere else:
 *
 *     registerOutboxHandler('mail', sendMail);      // one line per topic
 *     startOutboxWorker();                          // once, after the handlers
 *
 * A handler takes the row and answers an `Outcome`: `{ ok: true }`, or `{ ok: false, error }` to be
 * retried, or `{ ok: false, error, permanent: true }` to be kept as failed. It must be idempotent
 * (a lost answer means a second run); the row's id is a good idempotency key.
 */
import { processValue } from '@/lib/handoff.ts';
import { deliver, type Handler } from './worker';
import { logger } from '@/lib/observability';

export { backoffSeconds, type Handler, type Outcome } from './worker';
export { outboxData } from './personal-data';
export { enqueue, listOutbox, workFor, type NewOutboxEntry, type OutboxEntry, type OutboxState } from './store';

type Worker = { timer: NodeJS.Timeout; running: Promise<unknown> | null; stopped: boolean };

/** Process-wide (lib/handoff.ts): registered in instrumentation.ts, used by the actions' bundles too. */
const state = processValue('outbox', () => ({ handlers: {} as Record<string, Handler>, worker: null as Worker | null }));

/** Makes `handler` do the rows of `topic`; a second registration of a topic replaces the first. */
export function registerOutboxHandler(topic: string, handler: Handler): void {
  state.handlers[topic] = handler;
}

/** The topics with a handler (tests, start-up checks). */
export function outboxTopics(): string[] {
  return Object.keys(state.handlers).sort();
}

/** Does every due row of every topic (`now` can be moved forward in tests). */
export function deliverAllDue(now = new Date()): Promise<number> {
  return deliver(state.handlers, { now });
}

/** Does the pending work of one submission or payment now, where no worker holds it already. */
export function deliverFor(ref: string): Promise<number> {
  return deliver(state.handlers, { ref });
}

/**
 * Runs the due work every few seconds for the life of the server process. `stopOutboxWorker` (on
 * SIGTERM) lets the round in progress finish, so a claimed row is settled before the process exits.
 */
export function startOutboxWorker(intervalMs = 10_000): void {
  if (state.worker) return;
  const worker: Worker = { timer: setInterval(tick, intervalMs), running: null, stopped: false };
  worker.timer.unref();
  state.worker = worker;
  function tick() {
    if (worker.running || worker.stopped) return;
    worker.running = deliverAllDue()
      .catch((error: unknown) => logger('outbox').error({ event: 'outbox.round_failed', err: error }, 'outbox round failed'))
      .finally(() => (worker.running = null));
  }
}

export async function stopOutboxWorker(): Promise<void> {
  const worker = state.worker;
  if (!worker) return;
  worker.stopped = true;
  clearInterval(worker.timer);
  await worker.running;
  state.worker = null;
}
