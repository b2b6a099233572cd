import { displayNames } from './intl-cache';

/** A language's name in that language, capitalised ("Latviešu", "Ελληνικά"): how choosers list languages. */
export function languageAutonym(language: string): string {
  const name = displayNames(language, { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
