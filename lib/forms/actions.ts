'use server';

import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { getVacancy } from '@/lib/content';
import { contentLanguage, isLocale, type Locale } from '@/lib/i18n/editions';
import { redirect } from '@/lib/i18n/navigation';
import { clientAddress } from '@/lib/submissions/client';
import { submitForm } from '@/lib/submissions/service';
import { fieldsOf, type FormKind } from './schemas';
import { formText, HONEYPOT_FIELD, type FormState } from './state';

async function locale(data: FormData): Promise<Locale> {
  const sent = formText(data, 'locale');
  return isLocale(sent) ? sent : ((await getLocale()) as Locale);
}

/** Validates and stores one form's submission; the answer becomes the form's next state. */
async function handle(kind: FormKind, data: FormData, extra: Record<string, string> = {}): Promise<{ state: FormState; locale: Locale }> {
  const edition = await locale(data);
  const values = Object.fromEntries(fieldsOf(kind).map((name) => [name, formText(data, name)]));
  const file = data.get('cv');
  const upload =
    file instanceof File && file.size > 0 ? { name: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
  const result = await submitForm({
    kind,
    locale: edition,
    idempotencyKey: formText(data, 'key'),
    fields: values,
    context: extra,
    file: upload,
    honeypot: formText(data, HONEYPOT_FIELD),
    captchaToken: formText(data, 'recaptcha_token') || undefined,
    clientAddress: clientAddress((await headers()).get('x-forwarded-for')),
  });
  const next = crypto.randomUUID();
  if (result.ok) return { state: { status: 'sent', errors: {}, formError: null, values: {}, key: next }, locale: edition };
  if (result.reason === 'invalid') {
    return { state: { status: 'invalid', errors: result.errors, formError: null, values, key: formText(data, 'key') || next }, locale: edition };
  }
  return {
    state: {
      status: 'error',
      errors: {},
      formError: result.reason,
      retryAfterSeconds: result.reason === 'rateLimited' ? result.retryAfterSeconds : undefined,
      values,
      key: formText(data, 'key') || next,
    },
    locale: edition,
  };
}

export async function sendAskQuestion(_previous: FormState, data: FormData): Promise<FormState> {
  const { state, locale } = await handle('ask-question', data);
  if (state.status === 'sent') redirect({ href: '/form-success', locale });
  return state;
}

export async function sendBusinessStart(_previous: FormState, data: FormData): Promise<FormState> {
  return (await handle('business-start', data)).state;
}

export async function sendJobApplication(_previous: FormState, data: FormData): Promise<FormState> {
  const edition = await locale(data);
  const vacancy = await getVacancy(contentLanguage(edition), formText(data, 'vacancy'));
  // The vacancy travels with the application; an unknown one is refused like any other bad field.
  if (!vacancy) return { status: 'error', errors: {}, formError: 'unavailable', values: {}, key: formText(data, 'key') };
  return (await handle('job-application', data, { vacancy: vacancy.slug, position: vacancy.title })).state;
}
