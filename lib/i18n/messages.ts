import type { Language } from './editions';
import type en from '@/messages/en.json';

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
