'use server';

import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import { getVacancy } from '@/lib/content';
import { fieldsOf, limits, type FormKind } from '@/lib/forms/schemas';
import { echoed, formText, HONEYPOT_FIELD, isIdempotencyKey, type FormState } from '@/lib/forms/state';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { formLocale, localizedPath } from '@/lib/i18n/locale';
import { clientAddress } from '@/lib/clients';
import { submitForm } from '@/lib/submissions';

/** The server actions of the three forms; pages hand them to the form island as props. */

async function localeOf(data: FormData): Promise<Locale> {
  return formLocale(data, (await getLocale()) as Locale);
}

/** Validates and stores one form's submission; the answer becomes the form's next state. */
async function handle(kind: FormKind, data: FormData, locale: Locale, extra: Record<string, string> = {}): Promise<FormState> {
  // A key the site never hands out (a tampered form): refused, nothing stored; the form comes back
  // with a fresh key, so sending it again works.
  if (!isIdempotencyKey(formText(data, 'key'))) return { status: 'error', errors: {}, formError: 'unavailable', values: {}, key: crypto.randomUUID() };
  const sent = Object.fromEntries(fieldsOf(kind).map((name) => [name, formText(data, name)]));
  // What goes back into the page after a refusal is cut to each field's limit.
  const values = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, echoed(value, limits[name as keyof typeof limits] ?? limits.message)]));
  const file = data.get('cv');
  const upload =
    file instanceof File && file.size > 0 ? { name: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
  const result = await submitForm({
    kind,
    locale,
    idempotencyKey: formText(data, 'key'),
    fields: sent,
    context: extra,
    file: upload,
    honeypot: formText(data, HONEYPOT_FIELD),
    captchaToken: formText(data, 'recaptcha_token') || undefined,
    clientAddress: clientAddress(await headers()),
  });
  const next = crypto.randomUUID();
  if (result.ok) return { status: 'sent', errors: {}, formError: null, values: {}, key: next };
  const key = formText(data, 'key') || next;
  if (result.reason === 'invalid') return { status: 'invalid', errors: result.errors, formError: null, values, key };
  return {
    status: 'error',
    errors: {},
    formError: result.reason,
    retryAfterSeconds: result.reason === 'rateLimited' ? result.retryAfterSeconds : undefined,
    values,
    key,
  };
}

export async function sendAskQuestion(_previous: FormState, data: FormData): Promise<FormState> {
  const locale = await localeOf(data);
  const state = await handle('ask-question', data, locale);
  if (state.status === 'sent') redirect(localizedPath(locale, '/form-success'));
  return state;
}

export async function sendBusinessStart(_previous: FormState, data: FormData): Promise<FormState> {
  return handle('business-start', data, await localeOf(data));
}

export async function sendJobApplication(_previous: FormState, data: FormData): Promise<FormState> {
  const locale = await localeOf(data);
  const vacancy = await getVacancy(contentLanguage(locale), formText(data, 'vacancy'));
  // The vacancy travels with the application; an unknown one is refused like any other bad field.
  if (!vacancy) return { status: 'error', errors: {}, formError: 'unavailable', values: {}, key: formText(data, 'key') };
  return handle('job-application', data, locale, { vacancy: vacancy.slug, position: vacancy.title });
}
