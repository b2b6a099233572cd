'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { env } from '@/lib/env';
import { limits } from '@/lib/forms/schemas';
import { echoed, formText } from '@/lib/forms/state';
import type { Locale } from '@/lib/i18n/editions';
import { formLocale, localizedPath } from '@/lib/i18n/locale';
import { parseEuros, recordPayment, REFERENCE_MAX, type Choice, type PaymentFormState } from '@/lib/payments';
import { clientAddress, clientKey, takeRateLimit } from '@/lib/clients';
import { logger, metrics } from '@/lib/observability';

/**
 * The server actions of company pages and the checkout; pages hand them to the islands as props. No
 * action here takes a card: the payer types it on the provider's page (issue 39).
 */

async function localeOf(data: FormData): Promise<Locale> {
  return formLocale(data, (await getLocale()) as Locale);
}

const integer = (value: string) => (value === '' ? undefined : /^\d{1,3}$/.test(value) ? Number(value) : -1);

/** The payer's choice as the form sent it: `choice` = `service/option`, per-service quantity, months, amount. */
function choiceOf(data: FormData): Choice {
  const [serviceId = '', optionId = ''] = formText(data, 'choice').split('/');
  return {
    serviceId,
    optionId,
    quantity: integer(formText(data, `quantity-${serviceId}`)),
    months: integer(formText(data, `months-${serviceId}`)),
    amount: optionId === 'free' ? (parseEuros(formText(data, `amount-${serviceId}`)) ?? -1) : undefined,
  };
}

/**
 * Starts a payment: the amount is computed from the catalogue, the payment is recorded as `open` (once
 * per rendered form), and the payer goes to the checkout page (what and how much, then Pay).
 */
export async function startPayment(_previous: PaymentFormState, data: FormData): Promise<PaymentFormState> {
  const locale = await localeOf(data);
  const payer = { name: formText(data, 'name'), email: formText(data, 'email'), reference: formText(data, 'reference') };
  // What goes back into the page after a refusal is cut to each field's limit.
  const values = { name: echoed(payer.name, limits.name), email: echoed(payer.email, limits.email), reference: echoed(payer.reference, REFERENCE_MAX), choice: echoed(formText(data, 'choice'), 100) };
  const key = formText(data, 'key');
  let id: string;
  try {
    // Each start stores a payment: limited per client.
    const client = clientKey(clientAddress(await headers()));
    const rate = await takeRateLimit('payment', client, { limit: env.PAYMENT_RATE_LIMIT, windowSeconds: env.PAYMENT_RATE_WINDOW_SECONDS });
    if (!rate.ok) {
      metrics().rateLimited.inc({ form: 'payment' });
      return { status: 'error', errors: {}, choiceError: null, formError: 'rateLimited', values, key };
    }
    const result = await recordPayment({ company: formText(data, 'company'), choice: choiceOf(data), payer, locale, idempotencyKey: key });
    if (!result.ok && result.conflict) return { status: 'error', errors: {}, choiceError: null, formError: 'keyReused', values, key: crypto.randomUUID() };
    if (!result.ok) return { status: 'invalid', errors: result.errors, choiceError: result.choiceError, formError: null, values, key };
    id = result.payment.id;
  } catch (error) {
    logger('payments').error({ event: 'payment.start_failed', err: error }, 'a payment could not start');
    return { status: 'error', errors: {}, choiceError: null, formError: 'unavailable', values, key };
  }
  const checkout = localizedPath(locale, `/checkout/${id}`);
  // With JavaScript the island loads the checkout as a new document: a client-side navigation would keep
  // this page's CSP, whose form-action does not name the payment provider's hosted page (issue 46).
  if (formText(data, 'navigate') === 'document') return { status: 'started', errors: {}, choiceError: null, formError: null, values, key, checkout };
  return redirect(checkout);
}

