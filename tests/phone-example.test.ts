// Each edition's phone example: its own country's number, filled into the language's hint (issue 49).
import compile from 'icu-minify/compile';
import { describe, expect, it } from 'vitest';
import { countries, editions, phoneExampleOf } from '@/lib/i18n/editions';
import { translator, type CompiledMessages } from '@/lib/i18n/format-message';
import { loadMessages } from '@/lib/i18n/messages';
import { formSchemas } from '@/lib/forms/schemas';

const callingCode = { lv: '+371', ee: '+372', cy: '+357' } as const;

describe('the forms\' phone example', () => {
  it.each(editions.map((e) => [e.prefix, e] as const))('%s shows a number of its own country', async (_prefix, edition) => {
    const messages = await loadMessages(edition.language);
    const raw = messages.Forms.phoneHint;
    // The catalogue holds a placeholder, never a number: it is shared by the language's three countries.
    expect(raw).toContain('{example}');
    expect(raw).not.toMatch(/\d/);
    const hint = translator({ phoneHint: compile(raw) } as CompiledMessages, edition.locale)('phoneHint' as never, { example: phoneExampleOf(edition.locale) });
    expect(hint).toContain(`${callingCode[edition.country]} `);
    for (const [country, code] of Object.entries(callingCode)) if (country !== edition.country) expect(hint).not.toContain(code);
  });

  it('every example is a number the forms accept', () => {
    for (const country of countries) {
      const result = formSchemas['business-start'].safeParse({ phone: country.phoneExample });
      const phoneIssue = result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'phone');
      expect(phoneIssue, country.code).toBeUndefined();
    }
  });
});
