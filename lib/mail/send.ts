import { env } from '@/lib/env';
import type { OutboxEntry } from '@/lib/outbox/store';
import type { Outcome } from '@/lib/outbox/worker';
import { getPayment } from '@/lib/payments/store';
import { getSubmission, readAttachment } from '@/lib/submissions/store';
import { confirmationMail, notificationMail, receiptMail, type Mail } from './templates';
import { transport, writeEml } from './transport';
import { logger, metrics } from '@/lib/observability';

/** The mails the outbox sends: what each needs is read when it is sent, from the row it belongs to. */
export type MailTemplate = 'receipt' | 'confirmation' | 'notification';

async function build(template: MailTemplate, ref: string): Promise<Mail | null> {
  if (template === 'receipt') {
    const payment = await getPayment(ref);
    return payment && receiptMail(payment);
  }
  const submission = await getSubmission(ref);
  if (!submission) return null;
  if (template === 'confirmation') return confirmationMail(submission);
  const cv = submission.attachment ? await readAttachment(submission.id) : null;
  return notificationMail(submission, cv);
}

const senderDomain = () => /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? 'billme.eu';

/**
 * The outbox topic `mail`. The Message-ID comes from the outbox row, so a retry after a lost answer
 * carries the same id. SMTP 5xx is a refusal kept as failed; 4xx and connection failures are retried.
 */
export async function sendMail(entry: OutboxEntry): Promise<Outcome> {
  const mail = await build(entry.payload.template as MailTemplate, entry.ref);
  const template = String(entry.payload.template);
  const log = logger('mail');
  if (!mail) {
    metrics().mailFailed.inc({ permanent: 'true' });
    log.warn({ event: 'mail.failed', template, outbox: entry.id, permanent: true }, 'mail: nothing to send');
    return { ok: false, error: `nothing to send for ${template} ${entry.ref}`, permanent: true };
  }
  try {
    const info = await transport().sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
      messageId: `<${entry.id}@${senderDomain()}>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    if (!env.SMTP_URL) writeEml(entry.id, info.message as Buffer);
    metrics().mailSent.inc();
    log.info({ event: 'mail.sent', template, outbox: entry.id, attachments: mail.attachments?.length ?? 0 }, 'mail sent');
    return { ok: true };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const message = error instanceof Error ? error.message : String(error);
    const permanent = code !== undefined && code >= 500;
    metrics().mailFailed.inc({ permanent: String(permanent) });
    // The server's answer can name the recipient: only its code is logged (the text stays in the outbox row).
    log.warn({ event: 'mail.failed', template, outbox: entry.id, smtpCode: code, permanent }, 'mail could not be sent');
    return { ok: false, error: code ? `SMTP ${code}: ${message}` : message, permanent };
  }
}
