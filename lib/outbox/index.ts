import { sendMail } from '@/lib/mail/send';
import { deliverSubmission } from '@/lib/submissions/delivery';
import { deliverDue, deliverNow, type Handlers } from './worker';
import { logger } from '@/lib/observability';

export { backoffSeconds } from './worker';
export { listOutbox, type OutboxEntry } from './store';

/** Every topic of the outbox and who does it. */
export const handlers: Handlers = {
  submission: deliverSubmission,
  mail: sendMail,
};

/** Does every due row of every topic (`now` can be moved forward in tests). */
export function deliverAllDue(now = new Date()): Promise<number> {
  return deliverDue(handlers, now);
}

/** Does the pending work of one submission or payment now, where no worker holds it already. */
export function deliverFor(ref: string): Promise<number> {
  return deliverNow(ref, handlers);
}

type Worker = { timer: NodeJS.Timeout; running: Promise<unknown> | null; stopped: boolean };

/**
 * Runs the due work every few seconds for the life of the server process. `stopOutboxWorker` (on
 * SIGTERM) lets the round in progress finish, so a claimed row is settled before the process exits.
 */
export function startOutboxWorker(intervalMs = 10_000): void {
  const holder = globalThis as { __billmeOutbox?: Worker };
  if (holder.__billmeOutbox) return;
  const worker: Worker = { timer: setInterval(tick, intervalMs), running: null, stopped: false };
  worker.timer.unref();
  holder.__billmeOutbox = worker;
  function tick() {
    if (worker.running || worker.stopped) return;
    worker.running = deliverAllDue()
      .catch((error: unknown) => logger('outbox').error({ event: 'outbox.round_failed', err: error }, 'outbox round failed'))
      .finally(() => (worker.running = null));
  }
}

export async function stopOutboxWorker(): Promise<void> {
  const holder = globalThis as { __billmeOutbox?: Worker };
  const worker = holder.__billmeOutbox;
  if (!worker) return;
  worker.stopped = true;
  clearInterval(worker.timer);
  await worker.running;
  holder.__billmeOutbox = undefined;
}
