import type { Language } from '@/lib/i18n/editions';
import type en from '@/messages/mail/en.json';

export type MailMessages = typeof en;

const loaders: Record<Language, () => Promise<{ default: MailMessages }>> = {
  lv: () => import('@/messages/mail/lv.json'),
  en: () => import('@/messages/mail/en.json'),
  ru: () => import('@/messages/mail/ru.json'),
  et: () => import('@/messages/mail/et.json'),
  el: () => import('@/messages/mail/el.json'),
};

/** The mail texts of a language (messages/mail/<lang>.json, checked like the site's catalogues). */
export function loadMailMessages(language: Language): Promise<MailMessages> {
  return loaders[language]().then((m) => m.default);
}
