import { randomUUID } from 'node:crypto';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { FormKind } from '@/lib/forms/schemas';
import type { FormAction } from '@/lib/forms/state';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { CaptchaSubmissionForm } from './CaptchaSubmissionForm.client';
import { SubmissionForm as Island } from './SubmissionForm.client';

type Props = {
  kind: FormKind;
  /** The form's server action (app/[locale]/_actions/forms.ts). */
  action: FormAction;
  locale: Locale;
  button: 'send' | 'submit';
  /** reCAPTCHA's site key when it is on. */
  captchaSiteKey: string | null;
  hidden?: Record<string, string>;
  thanks?: { title: string; text: string };
};

/** Server side of a form island: a fresh idempotency key, its server action and only the Forms messages. */
export async function SubmissionForm({ kind, action, locale, button, captchaSiteKey, hidden = {}, thanks }: Props) {
  const { Forms } = await getMessages({ locale });
  const props = { kind, action, hidden: { locale, ...hidden }, initialKey: randomUUID(), button, thanks };
  return (
    <NextIntlClientProvider locale={locale} messages={{ Forms }}>
      {captchaSiteKey ? <CaptchaSubmissionForm {...props} siteKey={captchaSiteKey} language={contentLanguage(locale)} /> : <Island {...props} />}
    </NextIntlClientProvider>
  );
}
