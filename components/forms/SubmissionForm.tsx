import { randomUUID } from 'node:crypto';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/components/ui/Link';
import type { FormKind } from '@/lib/forms/schemas';
import type { FormAction } from '@/lib/forms/state';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { FormIsland } from './FormIsland.client';

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

/**
 * Server side of a form island: a fresh idempotency key, its server action, the `Forms` texts it
 * formats itself, and the consent notice with its links rendered here.
 */
export async function SubmissionForm({ kind, action, locale, button, captchaSiteKey, hidden = {}, thanks }: Props) {
  const { Forms } = await getMessages({ locale });
  const t = await getTranslations({ locale, namespace: 'Forms' });
  const consent = t.rich(button === 'send' ? 'consentSend' : 'consentSubmit', {
    terms: (chunks: ReactNode) => <Link href="/terms-and-conditions">{chunks}</Link>,
    privacy: (chunks: ReactNode) => <Link href="/privacy-policy">{chunks}</Link>,
  });
  const props = { kind, action, hidden: { locale, ...hidden }, initialKey: randomUUID(), button, thanks, locale, text: Forms, consent };
  return <FormIsland {...props} captcha={captchaSiteKey ? { siteKey: captchaSiteKey, language: contentLanguage(locale) } : null} />;
}
