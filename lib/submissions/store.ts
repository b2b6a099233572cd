import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { LIST_MAX_ROWS } from '@/lib/limits.ts';
import { normalizeEmail } from '@/lib/forms/email';
import type { FormKind } from '@/lib/forms/schemas';
import { enqueue, type NewOutboxEntry } from '@/lib/outbox';

/** A CV as stored: the bytes are read on their own (readAttachment), never with a list. */
export type Attachment = { name: string; type: string; size: number };

export type Delivery = 'stored' | 'pending' | 'delivered';

export type Submission = {
  id: string;
  kind: FormKind;
  idempotencyKey: string;
  locale: string;
  data: Record<string, string>;
  attachment: Attachment | null;
  createdAt: string;
  /** Delivery to the remote API (remote mode): `stored` when there is none to make. */
  delivery: Delivery;
  target: string | null;
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
  created_at: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  outbox_state: 'pending' | 'sent' | 'failed' | null;
  outbox_payload: string | null;
  attempts: number | null;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
};

function fromRow(row: Row): Submission {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, string>,
    attachment: row.attachment_name ? { name: row.attachment_name, type: row.attachment_type!, size: row.attachment_size! } : null,
    createdAt: row.created_at,
    delivery: row.outbox_state === null ? 'stored' : row.outbox_state === 'sent' ? 'delivered' : 'pending',
    target: row.outbox_payload ? ((JSON.parse(row.outbox_payload) as { target?: string }).target ?? null) : null,
    attempts: row.attempts ?? 0,
    nextAttemptAt: row.outbox_state === 'pending' ? row.next_attempt_at : null,
    lastError: row.last_error,
    deliveredAt: row.sent_at,
  };
}

/** A submission with its CV's details and its delivery, as one row. */
const SELECT = `SELECT s.id, s.kind, s.idempotency_key, s.locale, s.data, s.created_at,
    a.name AS attachment_name, a.type AS attachment_type, a.size AS attachment_size,
    o.state AS outbox_state, o.payload AS outbox_payload, o.attempts, o.next_attempt_at, o.last_error, o.sent_at
  FROM submissions s
  LEFT JOIN attachments a ON a.submission_id = s.id
  LEFT JOIN outbox o ON o.ref = s.id AND o.topic = 'submission'`;

export type NewSubmission = {
  kind: FormKind;
  idempotencyKey: string;
  locale: string;
  data: Record<string, string>;
  attachment: (Attachment & { bytes: Uint8Array }) | null;
  /** A one-way hash of the client's address (rate limiting; cleared by retention). */
  client: string;
  /** When its personal data is due to go (lib/privacy/policy.ts). */
  retainUntil: string;
  /** Work to do once it is stored (delivery, mail), written in the same transaction. */
  outbox: Omit<NewOutboxEntry, 'ref'>[];
};

/**
 * Stores a submission with its CV and its outbox work in one transaction, committed before it returns.
 * The same idempotency key of the same form (a double click, a resend) returns the first submission.
 */
export async function insertSubmission(input: NewSubmission, now = new Date()): Promise<{ submission: Submission; duplicate: boolean }> {
  const db = await database();
  const result = await db.transaction(async (tx) => {
    const id = randomUUID();
    const inserted = await tx.run(
      `INSERT INTO submissions (id, kind, idempotency_key, locale, data, email, client, created_at, retain_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (kind, idempotency_key) DO NOTHING`,
      [id, input.kind, input.idempotencyKey, input.locale, JSON.stringify(input.data), normalizeEmail(input.data.email ?? ''), input.client, now.toISOString(), input.retainUntil],
    );
    if (inserted === 0) {
      const existing = await tx.get<{ id: string }>('SELECT id FROM submissions WHERE kind = ? AND idempotency_key = ?', [input.kind, input.idempotencyKey]);
      return { id: existing!.id, duplicate: true };
    }
    if (input.attachment) {
      const { name, type, size, bytes } = input.attachment;
      await tx.run('INSERT INTO attachments (submission_id, name, type, size, bytes) VALUES (?, ?, ?, ?, ?)', [id, name, type, size, Buffer.from(bytes)]);
    }
    for (const entry of input.outbox) await enqueue(tx, { ...entry, ref: id }, now);
    return { id, duplicate: false };
  });
  return { submission: (await getSubmission(result.id))!, duplicate: result.duplicate };
}

export async function getSubmission(id: string): Promise<Submission | null> {
  const db = await database();
  const row = await db.get<Row>(`${SELECT} WHERE s.id = ?`, [id]);
  return row ? fromRow(row) : null;
}

export async function listSubmissions(options: { kind?: FormKind; limit?: number } = {}): Promise<Submission[]> {
  const db = await database();
  const rows = await db.all<Row>(`${SELECT} ${options.kind ? 'WHERE s.kind = ?' : ''} ORDER BY s.created_at DESC, s.id LIMIT ?`, [
    ...(options.kind ? [options.kind] : []),
    options.limit ?? LIST_MAX_ROWS,
  ]);
  return rows.map(fromRow);
}

/** A stored CV's bytes. */
export async function readAttachment(submissionId: string): Promise<(Attachment & { bytes: Buffer }) | null> {
  const db = await database();
  const row = await db.get<Attachment & { bytes: Buffer }>('SELECT name, type, size, bytes FROM attachments WHERE submission_id = ?', [submissionId]);
  return row ?? null;
}

/** How many submissions of each form are stored, waiting for delivery or delivered. */
export async function deliverySummary(): Promise<{ kind: FormKind; delivery: Delivery; count: number }[]> {
  const db = await database();
  const rows = await db.all<{ kind: FormKind; state: string | null; count: number }>(
    `SELECT s.kind, o.state, COUNT(*) AS count FROM submissions s LEFT JOIN outbox o ON o.ref = s.id AND o.topic = 'submission'
     GROUP BY s.kind, o.state ORDER BY s.kind, o.state`,
  );
  return rows.map((row) => ({ kind: row.kind, delivery: row.state === null ? 'stored' : row.state === 'sent' ? 'delivered' : 'pending', count: Number(row.count) }));
}
