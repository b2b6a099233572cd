import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { paymentsTable } from '@/lib/db/migrations/payments';
import { submissionsLegacy } from '@/lib/db/migrations/submissions';

/** A SQLite file written by the first versions (user_version 2, CVs under DATA_DIR/uploads). */
const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

import { closeDatabase } from '@/lib/db';
import { getSubmission, readAttachment } from '@/lib/submissions/store';

describe('upgrading a database of the first versions', () => {
  it('keeps every submission, moves CVs into the database and pending deliveries into the outbox', async () => {
    const legacy = new Database(path.join(dataDir, 'billme.sqlite'));
    legacy.exec(submissionsLegacy.sqlite[0] as string);
    legacy.exec(paymentsTable.sqlite[0] as string);
    legacy.pragma('user_version = 2');
    fs.mkdirSync(path.join(dataDir, 'uploads'));
    fs.writeFileSync(path.join(dataDir, 'uploads', 'abc.pdf'), '%PDF-1.7 old cv');
    const insert = legacy.prepare(
      `INSERT INTO submissions (id, kind, idempotency_key, locale, data, attachment, client, created_at, target, delivery, attempts, next_attempt_at, last_error)
       VALUES (?, ?, ?, 'et-EE', ?, ?, 'c', '2026-10-01T10:00:00.000Z', ?, ?, ?, ?, ?)`,
    );
    insert.run('11111111-1111-4111-8111-111111111111', 'job-application', 'legacy-key-1', '{"name":"Mari"}', '{"file":"abc.pdf","name":"Mari CV.pdf","type":"application/pdf","size":15}', null, 'stored', 0, null, null);
    insert.run('22222222-2222-4222-8222-222222222222', 'business-start', 'legacy-key-2', '{"name":"Jaan"}', null, 'https://api.example/site/business-start', 'pending', 2, '2026-10-01T10:05:00.000Z', 'HTTP 503');
    legacy.close();

    expect(await getSubmission('11111111-1111-4111-8111-111111111111')).toMatchObject({ kind: 'job-application', data: { name: 'Mari' }, delivery: 'stored', attachment: { name: 'Mari CV.pdf', size: 15 } });
    expect((await readAttachment('11111111-1111-4111-8111-111111111111'))!.bytes.toString()).toBe('%PDF-1.7 old cv');
    expect(await getSubmission('22222222-2222-4222-8222-222222222222')).toMatchObject({ delivery: 'pending', attempts: 2, lastError: 'HTTP 503', target: 'https://api.example/site/business-start' });
    await closeDatabase();
  });
});
