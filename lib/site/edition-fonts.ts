import { editionOf, type Locale } from '@/lib/i18n/editions';
import { fontFiles } from './fonts';

/** The font files an edition's text is drawn with: Latin everywhere, then its own letters. */
export function editionFonts(locale: Locale): { href: string; bytes: number }[] {
  const own = { lv: fontFiles.baltic, et: fontFiles.baltic, ru: fontFiles.cyrillic, el: fontFiles.greek, en: null }[editionOf(locale).language];
  return own ? [fontFiles.latin, own] : [fontFiles.latin];
}
