import { createTranslator } from 'next-intl';
import { env } from '@/lib/env';
import { mailableAddress } from '@/lib/forms/email';
import { contentLanguage, countryOf, editionOf, isLocale, defaultLocale, type Locale } from '@/lib/i18n/editions';
import { dateTimeFormat } from '@/lib/i18n/intl-cache';
import { loadMessages } from '@/lib/i18n/messages';
import { getCompany, isPaid, isSandboxPayment, receiptOf, type Payment, type Translate } from '@/lib/payments';
import { replyDays, supportEmail } from '@/lib/facts/facts';
import { officeIn } from '@/lib/facts/offices';
import type { Submission } from '@/lib/submissions';
import { renderHtml, renderText, type Block, type MailDocument } from './layout';
import { loadMailMessages } from './messages';
import { MAIL_HEADER_TEXT_MAX_CHARS } from '@/lib/limits.ts';

/** A mail ready for the transport: addresses, subject, both bodies, attachments. */
export type Mail = {
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/**
 * Text as a header may carry it (a subject, a display name): no control characters or line breaks, no
 * bidi marks, embeddings, overrides or isolates (U+202E would show a name or subject reversed), not
 * too long.
 */
export const headerSafe = (text: string) =>
  text.replace(/[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, ' ').replace(/ {2,}/g, ' ').trim().slice(0, MAIL_HEADER_TEXT_MAX_CHARS);

async function translators(locale: Locale) {
  const lang = contentLanguage(locale);
  const [site, mail] = await Promise.all([loadMessages(lang), loadMailMessages(lang)]);
  const timeZone = countryOf(editionOf(locale).country).timeZone;
  const siteText = createTranslator({ locale, messages: site });
  return {
    site: siteText,
    mail: createTranslator({ locale, messages: mail }),
    date: (iso: string) => dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(new Date(iso)),
    footer: (t: ReturnType<typeof createTranslator<typeof mail>>) => [
      // Where the edition's mail says Billme is: the office in its country (its region, from the editions table).
      t('footer', { office: officeIn(locale, countryOf(editionOf(locale).country).region) }),
      t('automatic', { support: supportEmail }),
    ],
  };
}

/** Every address as it is mailed: NFKC, as the limits and erasure compare it (lib/forms/email.ts). */
function finish(document: MailDocument, to: Mail['to'], extra: Partial<Mail> = {}): Mail {
  const replyTo = extra.replyTo ? { replyTo: { ...extra.replyTo, address: mailableAddress(extra.replyTo.address) } } : {};
  return {
    to: { name: headerSafe(to.name), address: mailableAddress(to.address) },
    subject: headerSafe(document.subject),
    text: renderText(document),
    html: renderHtml(document),
    ...extra,
    ...replyTo,
  };
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : defaultLocale);

/**
 * The payer's receipt, once a payment is paid. A real payment's receipt carries its details: it goes to
 * the payer who just paid. The site's test mode moves no money, so anyone could have one sent to any
 * address: it then repeats nothing the payer typed (no name, no reference) and says it was a test.
 */
export async function receiptMail(payment: Payment): Promise<Mail | null> {
  const company = getCompany(payment.company);
  if (!company || !isPaid(payment.status)) return null;
  const locale = localeOf(payment.locale);
  const { site, mail: t, footer } = await translators(locale);
  const test = isSandboxPayment(payment);
  // The one receipt model (lib/payments/receipt.ts): the page, the PDF attached here and these rows.
  const receipt = receiptOf(payment, company, locale, site as unknown as Translate);
  // Test mode repeats nothing the payer typed (the address is anyone's): no name, no reference.
  const shown = test ? { ...receipt, rows: receipt.rows.filter((row) => row.key !== 'payer' && row.key !== 'payerReference') } : receipt;
  // Support finds a payment by its full id too: the mail keeps it beside the short reference.
  const rows: [string, string][] = shown.rows.map((row) => [row.label, row.key === 'reference' ? `${row.value} · ${payment.id}` : row.value]);
  const blocks: Block[] = [
    { kind: 'paragraph', text: test ? t('greetingPlain') : t('greeting', { name: payment.payerName }) },
    { kind: 'paragraph', text: t('receipt.intro', { company: company.label }) },
    ...(test ? [{ kind: 'paragraph', text: t('receipt.testNote') } as Block] : []),
    { kind: 'rows', rows },
    { kind: 'paragraph', text: t('receipt.questions', { company: company.label, support: supportEmail }) },
    { kind: 'paragraph', text: t('signature') },
  ];
  return finish(
    { lang: locale, subject: t('receipt.subject', { amount: receipt.amount, company: company.label }), title: t('receipt.title'), blocks, footer: footer(t) },
    { name: test ? '' : payment.payerName, address: payment.payerEmail },
  );
}

const filledFields = ['name', 'email', 'phone', 'company', 'field', 'website', 'linkedin', 'message'] as const;
const namespaces = { 'ask-question': 'askQuestion', 'business-start': 'businessStart', 'job-application': 'jobApplication' } as const;

/**
 * "We received it": to the address the visitor typed, which nobody has verified. So it says what was
 * received (the form, which fields were filled in, whether a CV came, when) and repeats nothing that
 * was typed: no name, no message, no company, no file name. The site's mail can then carry no one's
 * text to someone else's inbox. (The team's notice below has it all.)
 */
export async function confirmationMail(submission: Submission): Promise<Mail> {
  const locale = localeOf(submission.locale);
  const { site, mail: t, date, footer } = await translators(locale);
  const ns = namespaces[submission.kind];
  const data = submission.data;
  // The vacancy's title comes from the site's own content, not from the visitor.
  const values = { position: data.position ?? '' };
  const received: [string, string][] = [
    [t('form'), site(`Forms.${ns}.title`)],
    [t('fieldsFilled'), filledFields.filter((field) => data[field]).map((field) => site(`Forms.${field}`)).join(', ')],
    [t('received'), date(submission.createdAt)],
  ];
  const blocks: Block[] = [
    { kind: 'paragraph', text: t('greetingPlain') },
    { kind: 'paragraph', text: t(`${ns}.receivedIntro`, values) },
    // Reply times are company facts (content/facts.yaml), the same numbers the site states.
    { kind: 'paragraph', text: t(`${ns}.next`, { days: ns === 'askQuestion' ? replyDays.question : replyDays.business, weeks: replyDays.applicationWeeks }) },
    ...(submission.attachment ? [{ kind: 'paragraph', text: t('jobApplication.cvAttached') } as Block] : []),
    { kind: 'copy', title: t('receivedTitle'), rows: received },
    { kind: 'paragraph', text: t('notRepeated') },
    { kind: 'paragraph', text: t('signature') },
  ];
  return finish(
    { lang: locale, subject: t(`${ns}.subject`, values), title: t(`${ns}.title`), blocks, footer: footer(t) },
    { name: '', address: data.email ?? '' },
  );
}

/**
 * The team's notice of a lead or an application (in English, like the operator CLI), with Reply-To set
 * to the visitor, and the CV attached to job applications.
 */
export function notificationMail(submission: Submission, cv: { name: string; type: string; bytes: Buffer } | null): Mail {
  const data = submission.data;
  const subjects = {
    'ask-question': `New question from ${data.name}`,
    'business-start': `New business start request: ${data.company} (${data.name})`,
    'job-application': `Job application: ${data.position} (${data.name})`,
  };
  const rows: [string, string][] = [
    ...Object.entries(data).filter(([, value]) => value),
    ['Edition', submission.locale],
    ['Received', submission.createdAt],
    ['Submission', submission.id],
    ...(cv ? [['CV', `${cv.name} (attached)`] as [string, string]] : []),
  ];
  const document: MailDocument = {
    lang: 'en',
    subject: subjects[submission.kind],
    title: subjects[submission.kind],
    blocks: [{ kind: 'rows', rows }, { kind: 'paragraph', text: 'Reply to this email to answer the sender directly.' }],
    footer: ['Billme website · npm run submissions -- list shows every submission'],
  };
  const to = submission.kind === 'job-application' ? env.CAREERS_EMAIL : env.LEADS_EMAIL;
  return finish(document, { name: 'Billme', address: to }, {
    replyTo: { name: headerSafe(data.name ?? ''), address: data.email ?? '' },
    attachments: cv ? [{ filename: cv.name, content: cv.bytes, contentType: cv.type }] : undefined,
  });
}
