import { randomUUID } from 'node:crypto';
import { database } from '@/lib/db';
import { LIST_MAX_ROWS } from '@/lib/limits.ts';
import { normalizeEmail } from '@/lib/forms/email';
import type { FormKind } from '@/lib/forms/schemas';
import { enqueue, workFor, type NewOutboxEntry, type OutboxEntry } from '@/lib/outbox';

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
};

const deliveryOf = (work: OutboxEntry | undefined): Delivery => (!work ? 'stored' : work.state === 'sent' ? 'delivered' : 'pending');

function fromRow(row: Row, work: OutboxEntry | undefined): Submission {
  return {
    id: row.id,
    kind: row.kind,
    idempotencyKey: row.idempotency_key,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, string>,
    attachment: row.attachment_name ? { name: row.attachment_name, type: row.attachment_type!, size: row.attachment_size! } : null,
    createdAt: row.created_at,
    delivery: deliveryOf(work),
    target: work ? ((work.payload as { target?: string }).target ?? null) : null,
    attempts: work?.attempts ?? 0,
    nextAttemptAt: work?.state === 'pending' ? work.nextAttemptAt : null,
    lastError: work?.lastError ?? null,
    deliveredAt: work?.sentAt ?? null,
  };
}

/** Submissions with their delivery: the outbox's work of topic `submission` for each (lib/outbox reads its own table). */
async function withDelivery(rows: Row[]): Promise<Submission[]> {
  const work = await workFor('submission', rows.map((row) => row.id));
  return rows.map((row) => fromRow(row, work.get(row.id)));
}

/** A submission with its CV's details, as one row. */
const SELECT = `SELECT s.id, s.kind, s.idempotency_key, s.locale, s.data, s.created_at,
    a.name AS attachment_name, a.type AS attachment_type, a.size AS attachment_size
  FROM submissions s
  LEFT JOIN attachments a ON a.submission_id = s.id`;

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
  return row ? (await withDelivery([row]))[0]! : null;
}

export async function listSubmissions(options: { kind?: FormKind; limit?: number } = {}): Promise<Submission[]> {
  const db = await database();
  const rows = await db.all<Row>(`${SELECT} ${options.kind ? 'WHERE s.kind = ?' : ''} ORDER BY s.created_at DESC, s.id LIMIT ?`, [
    ...(options.kind ? [options.kind] : []),
    options.limit ?? LIST_MAX_ROWS,
  ]);
  return withDelivery(rows);
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
  const rows = await db.all<{ id: string; kind: FormKind }>('SELECT id, kind FROM submissions ORDER BY kind');
  const work = await workFor('submission', rows.map((row) => row.id));
  const counts = new Map<string, { kind: FormKind; delivery: Delivery; count: number }>();
  for (const row of rows) {
    const delivery = deliveryOf(work.get(row.id));
    const key = `${row.kind} ${delivery}`;
    const entry = counts.get(key) ?? counts.set(key, { kind: row.kind, delivery, count: 0 }).get(key)!;
    entry.count++;
  }
  const order: Delivery[] = ['delivered', 'pending', 'stored'];
  return [...counts.values()].sort((a, b) => a.kind.localeCompare(b.kind) || order.indexOf(a.delivery) - order.indexOf(b.delivery));
}
