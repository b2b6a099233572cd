import { describe, expect, it } from 'vitest';
import { languages } from '@/lib/i18n/editions';
import { loadMessages } from '@/lib/i18n/messages';

/** Issue 30: a failed payment says what happened, that nothing was charged, and what to do next. */
const notCharged = { en: 'You have not been charged.', lv: 'Nauda netika iekasēta.', ru: 'Деньги не списаны.', et: 'Teilt ei võetud raha.', el: 'Δεν έγινε καμία χρέωση.' } as const;
const failures = [['declinedTitle', 'declinedText'], ['errorTitle', 'errorText'], ['expiredTitle', 'expiredText']] as const;

describe('the checkout failure texts', () => {
  it.each(languages)('%s: each opens with "not charged", never repeats its heading, and names no other payment method', async (lang) => {
    const { checkout } = (await loadMessages(lang)).Payments;
    for (const [title, text] of failures) {
      expect(checkout[text].startsWith(notCharged[lang]), `${lang} ${text}`).toBe(true);
      expect(checkout[text], `${lang} ${text}`).not.toContain(checkout[title]);
    }
    // Card is the only method: the processing error must not send the payer to "another method".
    expect(checkout.errorText).not.toMatch(/method|veid|способ|makseviis|τρόπο/i);
  });

  it.each(languages)('%s: a cancelled payment has its own status, not "Undefined"', async (lang) => {
    const { checkout, status } = (await loadMessages(lang)).Payments;
    expect(checkout.cancelledStatus).not.toBe(status.closed);
    // "Cancelled — nothing was charged": what happened, then that no money moved.
    expect(checkout.cancelledStatus).toMatch(/^\S.* — \S/);
  });
});
