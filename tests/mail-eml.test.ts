import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it, vi, beforeAll } from 'vitest';

/** The embedded default: no SMTP server; each mail is written as an .eml file under DATA_DIR/mail. */
const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

import { listOutbox } from '@/lib/outbox';
import { submitForm } from '@/lib/submissions/service';
import { registerOutboxHandlers } from '@/instrumentation-node';


// The topics instrumentation.ts registers at start-up (the composition root), registered the same way.
beforeAll(registerOutboxHandlers);
describe('mail without SMTP', () => {
  it('writes each mail as an .eml file that parses as mail', async () => {
    const result = await submitForm({
      kind: 'ask-question',
      locale: 'ru-LV',
      idempotencyKey: 'eml-test-0001',
      fields: { name: 'Ирина', email: 'irina@example.lv', message: 'Как добавить карту?' },
      clientAddress: '198.51.100.30',
    });
    expect(result).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await listOutbox({ topic: 'mail', state: 'sent' })).toHaveLength(2), { timeout: 15_000, interval: 100 });
    const dir = path.join(dataDir, 'mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
    const confirmation = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === 'irina@example.lv')!;
    expect(confirmation.subject).toBe('Мы получили ваш вопрос');
    expect(confirmation.text).not.toContain('Как добавить карту?');
    expect(confirmation.text).not.toContain('Ирина');
    expect(confirmation.html).toContain('lang="ru-LV"');
    const notification = mails.find((m) => m !== confirmation)!;
    expect(notification.subject).toBe('New question from Ирина');
    expect(notification.replyTo?.value[0]?.address).toBe('irina@example.lv');
  });
});
