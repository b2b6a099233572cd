import compile from 'icu-minify/compile';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { editions } from '@/lib/i18n/editions';
import { translator, type CompiledMessages } from '@/lib/i18n/format-message';
import { loadMessages } from '@/lib/i18n/messages';

/** The namespaces client islands format themselves (the forms, payments and the guide search). */
const islandNamespaces = ['Forms', 'Payments', 'Guides'] as const;

type Raw = { [key: string]: string | Raw };

function keysOf(tree: Raw, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

/** A namespace as the build ships it: next-intl's catalogue loader compiles every message with icu-minify. */
function compiled(tree: Raw): CompiledMessages {
  return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? compile(value) : compiled(value)]));
}

describe('the islands\' message formatting', () => {
  it.each(editions.map((e) => e.locale))('%s: every island text reads exactly as next-intl formats it', async (locale) => {
    const messages = await loadMessages(editions.find((e) => e.locale === locale)!.language);
    for (const namespace of islandNamespaces) {
      const ours = translator(compiled(messages[namespace] as Raw), locale);
      const theirs = createTranslator({ locale, messages, namespace });
      for (const key of keysOf(messages[namespace] as Raw)) {
        if (/<\w+>/.test(String(key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], messages[namespace])))) continue; // rich text: rendered on the server
        for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1000]) {
          const values = { count, minutes: count, months: count, query: 'karte', amount: '12,50 €', price: '10 €', percent: 10, min: '10 €', max: '1000 €', company: 'Acme', date: '24.11.2026', size: '1,6 MB', name: 'Anna', email: 'a@b.lv', brand: 'Visa', last4: '4242', year: 2026, days: count, weeks: count, title: 'Pay Acme by card | Billme', example: '+371 2000 0000' };
          expect(ours(key as never, values), `${namespace}.${key} (${count})`).toBe((theirs as unknown as (k: string, v: object) => string)(key, values));
        }
      }
    }
  });
});

describe('texts shown as they are', () => {
  /** The error pages render without a message formatter (lib/i18n/error-messages.ts). */
  const plainErrors = ['errorTitle', 'errorText', 'tryAgain', 'goHome', 'globalError'] as const;

  it.each(['lv', 'en', 'ru', 'et', 'el'] as const)('%s: the error pages\' texts compile to themselves', async (language) => {
    const { Errors } = await loadMessages(language);
    for (const key of plainErrors) expect(compile(Errors[key]), key).toBe(Errors[key]);
  });
});
