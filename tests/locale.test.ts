import { describe, expect, it } from 'vitest';
import { locales } from '@/lib/i18n/editions';
import { editionOfPath, isEditionPath, localizedPath, pathInEdition, requestedLocale } from '@/lib/i18n/locale';
import { createNavigation } from 'next-intl/navigation';
import { routing } from '@/lib/i18n/routing';

// next-intl's own path builder for this routing, the reference `localizedPath` must match.
const { getPathname } = createNavigation(routing);

describe('locale rules', () => {
  it('puts paths in an edition exactly as next-intl does', () => {
    for (const locale of locales) {
      for (const href of ['/', '/about', '/blog/how-automatic-payment-works', '/faq?q=card', '/guides#top', '/checkout/0b6f4c1e-2f4a-4c83-9a55-6a1f3b2c9d10/return']) {
        expect(localizedPath(locale, href), `${locale} ${href}`).toBe(getPathname({ href, locale }));
      }
    }
  });

  it('knows an edition path, and the path inside it', () => {
    expect(isEditionPath('/lv-en')).toBe(true);
    expect(isEditionPath('/lv-en/blog?x')).toBe(true);
    expect(isEditionPath('/lv-enx/blog')).toBe(false);
    expect(isEditionPath('/xx-yy/blog')).toBe(false);
    expect(editionOfPath('/cy-el/faq')?.locale).toBe('el-CY');
    expect(pathInEdition('/cy-el/faq/x')).toBe('/faq/x');
    expect(pathInEdition('/cy-el')).toBe('/');
  });

  it('reads the locale a form or body asks for, with a fallback', () => {
    expect(requestedLocale({ locale: 'et-EE' })).toBe('et-EE');
    expect(requestedLocale({ locale: 'xx-XX', lang: 'ru' })).toBe('ru-LV');
    expect(requestedLocale({ lang: 'EL' })).toBe('el-CY');
    expect(requestedLocale({}, 'en-CY')).toBe('en-CY');
    expect(requestedLocale({ locale: 5 })).toBe('lv-LV');
  });
});
