import type { Language } from '@/lib/i18n/editions';
import { localContent } from './local';
import { matches } from './search';
import type { ContentSource } from './source';

/** The embedded source: the files under `content/`, in memory. Also what `/api/site/*` serves. */
export const embeddedSource: ContentSource = {
  async articles(lang: Language) {
    return localContent(lang).articles;
  },
  async guides(lang: Language) {
    return localContent(lang).guides;
  },
  async findGuide(text: string, lang: Language) {
    return localContent(lang).guides.filter((g) => matches(text, [g.title, g.summary, g.text]));
  },
  async page(slug: string, lang: Language) {
    return localContent(lang).pages.filter((p) => p.slug === slug);
  },
  async pages(lang: Language) {
    return localContent(lang).pages;
  },
  async vacancies(lang: Language) {
    return localContent(lang).vacancies;
  },
};
