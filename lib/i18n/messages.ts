import type { Language } from './editions';
import type en from '@/messages/en.json';

/**
 * A catalogue's shape. In the build its values are compiled (next.config.ts, next-intl's `precompile`):
 * plain text stays the same string, but a text with arguments, plurals or tags becomes an icu-minify
 * tree. Format texts with next-intl or `lib/i18n/format-message.ts`; only plain texts may be shown as
 * they are (the error pages do: tests/format-message.test.ts checks that theirs are plain).
 */
export type Messages = typeof en;

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  lv: () => import('@/messages/lv.json'),
  en: () => import('@/messages/en.json'),
  ru: () => import('@/messages/ru.json'),
  et: () => import('@/messages/et.json'),
  el: () => import('@/messages/el.json'),
};

/** The message catalogue of a language (one chunk per language, loaded on first use). */
export function loadMessages(language: Language): Promise<Messages> {
  return loaders[language]().then((m) => m.default);
}
