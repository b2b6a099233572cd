import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { closeDatabase, database } from '@/lib/db';
import { mailDir } from '@/lib/db';
import { getCompany } from '@/lib/payments/catalogue';
import { recordPayment } from '@/lib/payments/service';
import { eraseEmail } from '@/lib/personal-data';
import { submitForm } from '@/lib/submissions/service';
import { pdfBytes } from './support/cv-files';

const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

/** Issue 28, defects 3 and 8: erasure leaves nothing readable in the SQLite files, and only the address's own mail copies go. */
describe('erase on the embedded SQLite store', () => {
  it('leaves neither the CV\'s text nor the names in billme.sqlite or its log', async () => {
    const marker = `CVSECRET${Date.now()}`;
    const cv = new Uint8Array(Buffer.concat([Buffer.from(pdfBytes()), Buffer.from(`\n% ${marker} ${'experience '.repeat(200)}\n%%EOF\n`)]));
    const name = `Zelda${Date.now()}`;
    await submitForm({
      kind: 'job-application',
      locale: 'en-LV',
      idempotencyKey: `file-a-${Date.now()}`,
      fields: { name, email: 'applicant@example.lv', phone: '+371 2000 0000', message: `${name} writes`, keep: '' },
      context: { vacancy: 'senior-full-stack-engineer' },
      file: { name: 'cv.pdf', size: cv.byteLength, bytes: cv },
      clientAddress: '203.0.113.30',
    });
    const ucity = getCompany('ucity')!;
    await recordPayment({ company: 'ucity', choice: { serviceId: ucity.services[0]!.id, optionId: ucity.services[0]!.options[0]!.id }, payer: { name, email: 'applicant@example.lv', reference: 'R' }, locale: 'en-LV', idempotencyKey: `file-p-${Date.now()}` });
    const files = () => ['billme.sqlite', 'billme.sqlite-wal'].map((f) => path.join(dataDir, f)).filter((f) => fs.existsSync(f));
    const contains = (text: string) => files().some((file) => fs.readFileSync(file).includes(text));
    await (await database()).exec('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(contains(marker)).toBe(true);
    expect(contains(name)).toBe(true);

    expect(await eraseEmail('APPLICANT@example.lv')).toMatchObject({ submissions: 1, cvs: 1, paymentsAnonymized: 1 });
    expect(contains(marker)).toBe(false);
    expect(contains(name)).toBe(false);
  });

  it('deletes the .eml copies addressed to the address or replying to it, not those of rate@example.com', async () => {
    fs.mkdirSync(mailDir(), { recursive: true });
    const eml = (file: string, headers: string) => fs.writeFileSync(path.join(mailDir(), file), `From: Billme <no-reply@billme.eu>\n${headers}\nSubject: x\n\nbody e@example.com\n`);
    eml('to.eml', 'To: E <E@example.com>');
    eml('reply.eml', 'To: Billme <business@billme.eu>\nReply-To: "Someone" <e@example.com>');
    eml('folded.eml', 'To: =?UTF-8?B?zp3Or866zr/PgiA=?=\n <e@EXAMPLE.com>');
    eml('other.eml', 'To: Rate <rate@example.com>');
    eml('named.eml', 'To: "e@example.com" <someone@example.com>');
    eml('reply-other.eml', 'To: Billme <business@billme.eu>\nReply-To: e@example.com.cy');
    const dry = await eraseEmail('e@example.com', { dryRun: true });
    expect(dry.emlFiles).toBe(3);
    await eraseEmail('e@example.com');
    expect(fs.readdirSync(mailDir()).sort()).toEqual(['named.eml', 'other.eml', 'reply-other.eml']);
    await closeDatabase();
  });
});
