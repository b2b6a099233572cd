import { editionOf, type Language, type Locale } from '@/lib/i18n/editions';
import { fontFiles } from './fonts';

/** The letters each language needs beyond Latin (a Record of every language: a new one is a type error here). */
const ownLetters: Record<Language, (typeof fontFiles)[keyof typeof fontFiles] | null> = { lv: fontFiles.baltic, et: fontFiles.baltic, ru: fontFiles.cyrillic, el: fontFiles.greek, en: null };

/** The font files an edition's text is drawn with: Latin everywhere, then its own letters. */
export function editionFonts(locale: Locale): { href: string; bytes: number }[] {
  const own = ownLetters[editionOf(locale).language];
  return own ? [fontFiles.latin, own] : [fontFiles.latin];
}
