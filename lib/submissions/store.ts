import { randomUUID } from 'node:crypto';
import type { FormKind } from '@/lib/forms/schemas';
import { db } from './db';

export type Attachment = { file: string; name: string; type: string; size: number };

export type Submission = {
  id: string;
  kind: FormKind;
  idempotencyKey: string;
  locale: string;
  data: Record<string, string>;
  attachment: Attachment | null;
  createdAt: string;
  target: string | null;
  delivery: 'stored' | 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
};

type Row = {
  id: string;
  kind: FormKind;
  idempotency_key: string;
  locale: string;
  data: string;
  attachment: string | null;
  created_at: string;
  target: string | null;
  delivery: Submission['delivery'];
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  delivered_at: string | null;
};

export function fromRow(row: Row): Submission {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, string>,
    attachment: row.attachment ? (JSON.parse(row.attachment) as Attachment) : null,
    createdAt: row.created_at,
    target: row.target,
    delivery: row.delivery,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}

export type NewSubmission = {
  kind: FormKind;
  idempotencyKey: string;
  locale: string;
  data: Record<string, string>;
  attachment: Attachment | null;
  client: string;
  target: string | null;
};

/**
 * Stores a submission, committed to disk before it returns. The same idempotency key of the same form
 * (a double click, a resent request) returns the first submission instead of storing a second.
 */
export function insertSubmission(input: NewSubmission, now = new Date()): { submission: Submission; duplicate: boolean } {
  const database = db();
  return database.transaction(() => {
    const existing = database
      .prepare('SELECT * FROM submissions WHERE kind = ? AND idempotency_key = ?')
      .get(input.kind, input.idempotencyKey) as Row | undefined;
    if (existing) return { submission: fromRow(existing), duplicate: true };
    const id = randomUUID();
    database
      .prepare(
        `INSERT INTO submissions (id, kind, idempotency_key, locale, data, attachment, client, created_at, target, delivery, next_attempt_at)
         VALUES (@id, @kind, @key, @locale, @data, @attachment, @client, @createdAt, @target, @delivery, @nextAttemptAt)`,
      )
      .run({
        id,
        kind: input.kind,
        key: input.idempotencyKey,
        locale: input.locale,
        data: JSON.stringify(input.data),
        attachment: input.attachment ? JSON.stringify(input.attachment) : null,
        client: input.client,
        createdAt: now.toISOString(),
        target: input.target,
        delivery: input.target ? 'pending' : 'stored',
        nextAttemptAt: input.target ? now.toISOString() : null,
      });
    const row = database.prepare('SELECT * FROM submissions WHERE id = ?').get(id) as Row;
    return { submission: fromRow(row), duplicate: false };
  }).immediate();
}

/** How many submissions of a form one client made since a moment (for the rate limit). */
export function countRecent(kind: FormKind, client: string, since: Date): { count: number; oldest: string | null } {
  const row = db()
    .prepare('SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM submissions WHERE kind = ? AND client = ? AND created_at >= ?')
    .get(kind, client, since.toISOString()) as { count: number; oldest: string | null };
  return row;
}

export function listSubmissions(options: { kind?: FormKind; limit?: number } = {}): Submission[] {
  const rows = db()
    .prepare(`SELECT * FROM submissions ${options.kind ? 'WHERE kind = @kind' : ''} ORDER BY created_at DESC, id LIMIT @limit`)
    .all({ kind: options.kind, limit: options.limit ?? 1000 }) as Row[];
  return rows.map(fromRow);
}

export function getSubmission(id: string): Submission | null {
  const row = db().prepare('SELECT * FROM submissions WHERE id = ?').get(id) as Row | undefined;
  return row ? fromRow(row) : null;
}
