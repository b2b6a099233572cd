import { env } from '@/lib/env';
import { siteDomain } from '@/lib/facts/facts';
import { normalizeEmail } from '@/lib/forms/email';
import type { OutboxEntry, Outcome } from '@/lib/outbox';
import { getPayment, isSandboxPayment } from '@/lib/payments';
import { recipientKey, takeRateLimit } from '@/lib/clients';
import { getSubmission, readAttachment } from '@/lib/submissions';
import { confirmationMail, notificationMail, receiptMail, type Mail } from './templates';
import { transport, writeEml } from './transport';
import { logger, metrics } from '@/lib/observability';

/** The mails the outbox sends: what each needs is read when it is sent, from the row it belongs to. */
export type MailTemplate = 'receipt' | 'confirmation' | 'notification';

/** A mail, and whether it goes to an address nobody verified (a visitor's confirmation, a test receipt). */
async function build(template: MailTemplate, ref: string): Promise<{ mail: Mail; unverified: boolean } | null> {
  if (template === 'receipt') {
    const payment = await getPayment(ref);
    const mail = payment && (await receiptMail(payment));
    return mail && { mail, unverified: isSandboxPayment(payment) };
  }
  const submission = await getSubmission(ref);
  if (!submission) return null;
  if (template === 'confirmation') return { mail: await confirmationMail(submission), unverified: true };
  const cv = submission.attachment ? await readAttachment(submission.id) : null;
  return { mail: notificationMail(submission, cv), unverified: false };
}

/** Mails a day one unverified address may receive (CONFIRMATION_RATE_LIMIT), whoever asks for them. */
const RECIPIENT_WINDOW_SECONDS = 86_400;

const senderDomain = () => /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? siteDomain;

/**
 * The outbox topic `mail`. The Message-ID comes from the outbox row, so a retry after a lost answer
 * carries the same id. SMTP 5xx is a refusal kept as failed; 4xx and connection failures are retried.
 */
export async function sendMail(entry: OutboxEntry): Promise<Outcome> {
  const built = await build(entry.payload.template as MailTemplate, entry.ref);
  const template = String(entry.payload.template);
  const log = logger('mail');
  if (!built) {
    metrics().mailFailed.inc({ permanent: 'true' });
    log.warn({ event: 'mail.failed', template, outbox: entry.id, permanent: true }, 'mail: nothing to send');
    return { ok: false, error: `nothing to send for ${template} ${entry.ref}`, permanent: true };
  }
  const { mail } = built;
  // Counted once per mail (its first attempt; a retry is the same mail), per recipient across clients
  // and forms: beyond the limit the mail is kept as failed, not sent. What was sent is stored anyway.
  if (built.unverified && entry.attempts === 0) {
    const rate = await takeRateLimit('recipient', recipientKey(normalizeEmail(mail.to.address)), { limit: env.CONFIRMATION_RATE_LIMIT, windowSeconds: RECIPIENT_WINDOW_SECONDS });
    if (!rate.ok) {
      // A refusal by design, not a mail server's failure: counted as a rate-limit refusal, not as failed mail.
      metrics().rateLimited.inc({ form: 'confirmation-mail' });
      log.info({ event: 'mail.not_sent', template, outbox: entry.id, reason: 'recipient-limit' }, 'mail not sent: the recipient had its confirmations for today');
      return { ok: false, error: 'not sent: this address has had its confirmations for today', permanent: true };
    }
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
