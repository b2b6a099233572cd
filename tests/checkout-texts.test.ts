import { describe, expect, it } from 'vitest';
import { languages } from '@/lib/i18n/editions';
import { loadMessages } from '@/lib/i18n/messages';

/** Issue 30, kept through issue 39: a failed payment says what happened, that nothing was charged, and what to do next. */
const notCharged = { en: 'You have not been charged.', lv: 'Nauda netika iekasēta.', ru: 'Деньги не списаны.', et: 'Teilt ei võetud raha.', el: 'Δεν έγινε καμία χρέωση.' } as const;

describe('the checkout failure texts', () => {
  it.each(languages)('%s: each failed state opens with "not charged", never repeats its heading, and names no other payment method', async (lang) => {
    const { checkout } = (await loadMessages(lang)).Payments;
    for (const state of ['declined', 'failed', 'cancelled'] as const) {
      const { title, text } = checkout.states[state];
      expect(text.startsWith(notCharged[lang]), `${lang} ${state}`).toBe(true);
      expect(text, `${lang} ${state}`).not.toContain(title);
    }
    // Card is the only method: the processing error must not send the payer to "another method".
    expect(checkout.states.failed.text).not.toMatch(/method|veid|способ|makseviis|τρόπο/i);
  });

  it.each(languages)('%s: the test provider\'s refusals say nothing was charged too', async (lang) => {
    const { alerts } = (await loadMessages(lang)).TestProvider;
    for (const text of [alerts.declinedText, alerts.expiredText, alerts.authFailedText]) expect(text.startsWith(notCharged[lang]), text).toBe(true);
  });

  it.each(languages)('%s: a cancelled payment has its own heading, not "Undefined", and no final state is titled like the pay step', async (lang) => {
    const { checkout, status } = (await loadMessages(lang)).Payments;
    expect(checkout.states.cancelled.title).not.toBe(status.closed);
    const titles = Object.values(checkout.states).map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const state of ['paid', 'declined', 'failed', 'cancelled', 'closed'] as const) expect(checkout.states[state].title).not.toBe(checkout.summaryTitle);
  });
});
