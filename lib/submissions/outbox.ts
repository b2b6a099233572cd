import { db } from './db';
import { readCv } from './files';
import { fromRow, type Submission } from './store';

/**
 * Delivery of submissions to the remote API (remote mode): each waits in the outbox (delivery =
 * 'pending') until the API answers 2xx, retried with exponential backoff. The submission's id goes as
 * `Idempotency-Key`, and a row is claimed with a lease before sending, so a submission is sent by one
 * worker at a time and the API can recognise a resend: exactly once.
 */
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 5000;
const MAX_BACKOFF_SECONDS = 3600;

export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 15 * 2 ** Math.max(0, attempts - 1));
}

function claim(id: string, now: Date): Submission | null {
  const lease = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const result = db()
    .prepare(
      `UPDATE submissions SET locked_until = ? WHERE id = ? AND delivery = 'pending' AND (locked_until IS NULL OR locked_until < ?)`,
    )
    .run(lease, id, now.toISOString());
  if (result.changes !== 1) return null;
  return fromRow(db().prepare('SELECT * FROM submissions WHERE id = ?').get(id) as Parameters<typeof fromRow>[0]);
}

function request(submission: Submission): RequestInit {
  const headers = { 'Idempotency-Key': submission.id, Accept: 'application/json' };
  const fields = { ...submission.data, lang: submission.locale.split('-')[0]!, locale: submission.locale, submitted_at: submission.createdAt };
  if (!submission.attachment) {
    return { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(fields) };
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const cv = readCv(submission.attachment);
  form.set('cv', new Blob([new Uint8Array(cv)], { type: submission.attachment.type }), submission.attachment.name);
  return { method: 'POST', headers, body: form };
}

/** Sends one pending submission now; true when the API took it. */
export async function deliver(id: string, now = new Date()): Promise<boolean> {
  const submission = claim(id, now);
  if (!submission?.target) return false;
  let error: string;
  try {
    const response = await fetch(submission.target, { ...request(submission), signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
    if (response.ok) {
      db()
        .prepare(`UPDATE submissions SET delivery = 'delivered', delivered_at = ?, attempts = attempts + 1, last_error = NULL, locked_until = NULL WHERE id = ?`)
        .run(new Date().toISOString(), id);
      return true;
    }
    error = `HTTP ${response.status}`;
  } catch (failure) {
    error = failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure);
  }
  const attempts = submission.attempts + 1;
  const next = new Date(Date.now() + backoffSeconds(attempts) * 1000).toISOString();
  db()
    .prepare('UPDATE submissions SET attempts = ?, next_attempt_at = ?, last_error = ?, locked_until = NULL WHERE id = ?')
    .run(attempts, next, error.slice(0, 500), id);
  return false;
}

/** Delivers every submission whose next attempt is due; returns how many went through. */
export async function deliverDue(now = new Date()): Promise<number> {
  const due = db()
    .prepare(`SELECT id FROM submissions WHERE delivery = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT 50`)
    .all(now.toISOString()) as { id: string }[];
  let delivered = 0;
  for (const { id } of due) if (await deliver(id, now)) delivered++;
  return delivered;
}

/** Runs `deliverDue` every few seconds for the life of the server process. */
export function startOutboxWorker(intervalMs = 10_000): void {
  const holder = globalThis as { __billmeOutbox?: NodeJS.Timeout };
  if (holder.__billmeOutbox) return;
  let running = false;
  holder.__billmeOutbox = setInterval(() => {
    if (running) return;
    running = true;
    deliverDue()
      .catch((error) => console.error('[outbox]', error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  holder.__billmeOutbox.unref();
}

export function outboxState(): { pending: number; delivered: number; stored: number; failingSince: string | null } {
  const rows = db().prepare('SELECT delivery, COUNT(*) AS n FROM submissions GROUP BY delivery').all() as { delivery: string; n: number }[];
  const count = (d: string) => rows.find((r) => r.delivery === d)?.n ?? 0;
  const oldest = db().prepare(`SELECT MIN(created_at) AS t FROM submissions WHERE delivery = 'pending' AND attempts > 0`).get() as { t: string | null };
  return { pending: count('pending'), delivered: count('delivered'), stored: count('stored'), failingSince: oldest.t };
}
