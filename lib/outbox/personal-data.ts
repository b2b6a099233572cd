 
import type { Transaction } from '@/lib/db';

/** lib/privacy's DataOwner as far as the outbox fills it (structural: the queue imports no consumer). */
type Scope = { dryRun: boolean; refs: string[] };
type OutboxOwner = {
  domain: string;
  tables: readonly string[];
  erase(tx: Transaction, scope: Scope): Promise<{ counts: { mails: number } }>;
  retain(tx: Transaction, scope: Scope & { now: Date }): Promise<{ counts: { mails: number } }>;
};

const inChunks = (ids: readonly string[], size = 500) => Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));
const placeholders = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/**
 * The outbox's part of erasure and retention (lib/privacy/owners.ts): the work queued for the rows the
 * owners before it removed (`refs`: a submission's delivery, its mails, a payment's receipt) goes with
 * them, and done work of a topic in `keepDoneDays` is deleted after that many days (the composition,
 * lib/personal-data.ts, says which: the queue knows no consumer).
 */
export function outboxData(keepDoneDays: Readonly<Record<string, number>>): OutboxOwner {
  async function remove(tx: Transaction, refs: string[], now: Date | null, dryRun: boolean) {
    const rows = new Map<string, string>();
    for (const chunk of inChunks(refs)) {
      for (const row of await tx.all<{ id: string; topic: string }>(`SELECT id, topic FROM outbox WHERE ref IN (${placeholders(chunk)})`, chunk)) rows.set(row.id, row.topic);
    }
    if (now) {
      for (const [topic, days] of Object.entries(keepDoneDays)) {
        const before = new Date(now.getTime() - days * 86_400_000).toISOString();
        const done = await tx.all<{ id: string; topic: string }>(`SELECT id, topic FROM outbox WHERE topic = ? AND state <> 'pending' AND created_at < ?`, [topic, before]);
        for (const row of done) rows.set(row.id, row.topic);
      }
    }
    if (!dryRun) for (const chunk of inChunks([...rows.keys()])) await tx.run(`DELETE FROM outbox WHERE id IN (${placeholders(chunk)})`, chunk);
    // An erasure counts every row it takes (a submission's delivery too), retention the mails.
    return { counts: { mails: now ? [...rows.values()].filter((topic) => topic === 'mail').length : rows.size } };
  }
  return {
    domain: 'outbox',
    tables: ['outbox'],
    erase: (tx, { refs, dryRun }) => remove(tx, refs, null, dryRun),
    retain: (tx, { refs, now, dryRun }) => remove(tx, refs, now, dryRun),
  };
}
