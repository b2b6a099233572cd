import { randomUUID } from 'node:crypto';
import { database, type Queries } from '@/lib/db';
import { LIST_MAX_ROWS, OUTBOX_ERROR_MAX_CHARS } from '@/lib/limits.ts';

/**
 * The outbox: work that must happen after a visitor's request was stored (deliver a submission to the
 * remote API, send a mail), written in the same transaction as what it belongs to, then done by a
 * worker that claims each row with a lease, so that two workers (two instances) never do it twice.
 */
export type OutboxState = 'pending' | 'sent' | 'failed';

export type OutboxEntry = {
  id: string;
  topic: string;
  /** What it belongs to: a submission's or a payment's id. */
  ref: string;
  payload: Record<string, unknown>;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type OutboxRow = {
  id: string;
  topic: string;
  ref: string;
  payload: string;
  state: OutboxState;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export function fromOutboxRow(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    topic: row.topic,
    ref: row.ref,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

export type NewOutboxEntry = { topic: string; ref: string; payload: Record<string, unknown>; id?: string };

/** Adds work to the outbox inside the caller's transaction; it is due at once. */
export async function enqueue(tx: Queries, entry: NewOutboxEntry, now = new Date()): Promise<string> {
  const id = entry.id ?? randomUUID();
  await tx.run(
    `INSERT INTO outbox (id, topic, ref, payload, state, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
    [id, entry.topic, entry.ref, JSON.stringify(entry.payload), now.toISOString(), now.toISOString()],
  );
  return id;
}

/**
 * Takes up to `limit` due rows (or the pending rows of one `ref`) for `leaseSeconds`: no other worker
 * sees them until the lease ends. PostgreSQL skips rows another transaction is claiming; SQLite
 * serializes writers.
 */
export async function claim(options: { now: Date; leaseSeconds: number; limit?: number; ref?: string }): Promise<OutboxEntry[]> {
  const db = await database();
  const now = options.now.toISOString();
  const lease = new Date(options.now.getTime() + options.leaseSeconds * 1000).toISOString();
  const skipLocked = db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  const which = options.ref ? 'ref = ?' : 'next_attempt_at <= ?';
  const rows = await db.all<OutboxRow>(
    `UPDATE outbox SET locked_until = ?
     WHERE id IN (SELECT id FROM outbox WHERE state = 'pending' AND ${which} AND (locked_until IS NULL OR locked_until < ?)
                  ORDER BY next_attempt_at LIMIT ? ${skipLocked})
     RETURNING id, topic, ref, payload, state, attempts, next_attempt_at, last_error, created_at, sent_at`,
    [lease, options.ref ?? now, now, options.limit ?? 50],
  );
  return rows.map(fromOutboxRow);
}

/** Done: never again. */
export async function markSent(id: string, now = new Date()): Promise<void> {
  const db = await database();
  await db.run(`UPDATE outbox SET state = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL, locked_until = NULL WHERE id = ?`, [
    now.toISOString(),
    id,
  ]);
}

/** Failed this time: try again at `retryAt`, or never (`null`: a permanent refusal, kept as failed). */
export async function markFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
  const db = await database();
  await db.run(
    `UPDATE outbox SET attempts = attempts + 1, last_error = ?, locked_until = NULL, state = ?, next_attempt_at = COALESCE(?, next_attempt_at) WHERE id = ?`,
    [error.slice(0, OUTBOX_ERROR_MAX_CHARS), retryAt ? 'pending' : 'failed', retryAt?.toISOString() ?? null, id],
  );
}

/** What waits, what was sent and what failed, for operators. */
export async function listOutbox(options: { topic?: string; state?: OutboxState; limit?: number } = {}): Promise<OutboxEntry[]> {
  const db = await database();
  const where = [options.topic ? 'topic = ?' : '', options.state ? 'state = ?' : ''].filter(Boolean);
  const params = [options.topic, options.state].filter((value): value is string => Boolean(value));
  const rows = await db.all<OutboxRow>(
    `SELECT id, topic, ref, payload, state, attempts, next_attempt_at, last_error, created_at, sent_at FROM outbox
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC LIMIT ?`,
    [...params, options.limit ?? LIST_MAX_ROWS],
  );
  return rows.map(fromOutboxRow);
}

/**
 * The work of `topic` queued for each of `refs` (one row per ref: a submission's delivery), for the
 * domain the refs belong to, which reads the outbox's table only through here.
 */
export async function workFor(topic: string, refs: readonly string[]): Promise<Map<string, OutboxEntry>> {
  const db = await database();
  const found = new Map<string, OutboxEntry>();
  for (let i = 0; i < refs.length; i += 500) {
    const chunk = refs.slice(i, i + 500);
    const rows = await db.all<OutboxRow>(
      `SELECT id, topic, ref, payload, state, attempts, next_attempt_at, last_error, created_at, sent_at FROM outbox
       WHERE topic = ? AND ref IN (${chunk.map(() => '?').join(', ')})`,
      [topic, ...chunk],
    );
    for (const row of rows) found.set(row.ref, fromOutboxRow(row));
  }
  return found;
}
