import { randomUUID } from 'node:crypto';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { env } from '@/lib/env';
import { sendAskQuestion, sendBusinessStart, sendJobApplication } from '@/lib/forms/actions';
import type { FormKind } from '@/lib/forms/schemas';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { captchaEnabled } from '@/lib/submissions/captcha';
import { CaptchaSubmissionForm } from './CaptchaSubmissionForm.client';
import { SubmissionForm as Island } from './SubmissionForm.client';

const actions = {
  'ask-question': sendAskQuestion,
  'business-start': sendBusinessStart,
  'job-application': sendJobApplication,
} as const;

type Props = {
  kind: FormKind;
  locale: Locale;
  button: 'send' | 'submit';
  hidden?: Record<string, string>;
  thanks?: { title: string; text: string };
};

/** Server side of a form island: a fresh idempotency key, its server action and only the Forms messages. */
export async function SubmissionForm({ kind, locale, button, hidden = {}, thanks }: Props) {
  const { Forms } = await getMessages({ locale });
  const props = { kind, action: actions[kind], hidden: { locale, ...hidden }, initialKey: randomUUID(), button, thanks };
  return (
    <NextIntlClientProvider locale={locale} messages={{ Forms }}>
      {captchaEnabled() ? (
        <CaptchaSubmissionForm {...props} siteKey={env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY!} language={contentLanguage(locale)} />
      ) : (
        <Island {...props} />
      )}
    </NextIntlClientProvider>
  );
}
