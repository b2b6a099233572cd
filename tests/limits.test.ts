import { describe, expect, it, vi } from 'vitest';

/** Issue 28, defects 4, 5, 9: who counts as one client, the limit on starting payments, mail headers. */
const request = vi.hoisted(() => ({ forwardedFor: '203.0.113.1' }));
await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv({ PAYMENT_RATE_LIMIT: '3', PAYMENT_RATE_WINDOW_SECONDS: '900' }));

// The server action reads the request's headers and locale through Next; here they are the test's.
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': request.forwardedFor }) }));
vi.mock('next-intl/server', () => ({ getLocale: async () => 'en-LV' }));

import { startPayment } from '@/app/[locale]/_actions/payments';
import { headerSafe } from '@/lib/mail/templates';
import { getCompany } from '@/lib/payments/catalogue';
import type { PaymentFormState } from '@/lib/payments/state';
import { clientGroup, clientKey } from '@/lib/clients';

describe('one client for every limit', () => {
  it('is an IPv4 address, or an IPv6 /64 network', () => {
    expect(clientGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(clientGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('[2001:db8:1:2::5]')).toBe('2001:db8:1:2::/64');
    expect(clientGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientGroup('::1')).toBe('0:0:0:0::/64');
    expect(clientGroup(null)).toBe('unknown');
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff::9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:192.0.2.1')).toBe(clientKey('192.0.2.1'));
  });
});

describe('starting a payment', () => {
  const ucity = getCompany('ucity')!;
  const form = (i: number) => {
    const data = new FormData();
    data.set('locale', 'en-LV');
    data.set('company', 'ucity');
    data.set('choice', `${ucity.services[0]!.id}/${ucity.services[0]!.options[0]!.id}`);
    data.set('name', 'Payer');
    data.set('email', `payer${i}@example.com`);
    data.set('reference', '');
    data.set('key', crypto.randomUUID());
    return data;
  };
  const initial: PaymentFormState = { status: 'idle', errors: {}, choiceError: null, formError: null, values: {}, key: 'k' };
  /** The action redirects to the checkout when the payment is recorded (Next's redirect throws). */
  const start = async (i: number) => {
    try {
      return await startPayment(initial, form(i));
    } catch (error) {
      if (String((error as { digest?: string }).digest ?? '').startsWith('NEXT_REDIRECT')) return 'checkout';
      throw error;
    }
  };

  it('is limited per client, the whole IPv6 /64 counting as one (issue 28, defect 5)', async () => {
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      request.forwardedFor = `2001:db8:77:1::${i + 1}`;
      outcomes.push(await start(i));
    }
    expect(outcomes.slice(0, 3)).toEqual(['checkout', 'checkout', 'checkout']);
    for (const refused of outcomes.slice(3)) expect(refused).toMatchObject({ status: 'error', formError: 'rateLimited' });
    request.forwardedFor = '2001:db8:77:2::1';
    expect(await start(9)).toBe('checkout');
  });
});

describe('mail headers', () => {
  it('carry no control or bidi characters (issue 28, defect 9)', () => {
    expect(headerSafe('Νίκος\u202eexe.pdf')).toBe('Νίκος exe.pdf');
    expect(headerSafe('a\u2066b\u2069c\u200fd\u061ce\r\nBcc: x')).toBe('a b c d e Bcc: x');
  });
});
