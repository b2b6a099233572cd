import type { Language } from '@/lib/i18n/editions';
import { localContent } from './local';
import { positionOf, searchList } from './indexes';
import { SEARCH_RESULTS_MAX } from '@/lib/limits';
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
    return searchList(localContent(lang).guides, 'title+summary+text', (g) => [g.title, g.summary, g.text], text, SEARCH_RESULTS_MAX).items;
  },
  async page(slug: string, lang: Language) {
    const pages = localContent(lang).pages;
    const position = positionOf(pages, slug);
    return position < 0 ? [] : [pages[position]!];
  },
  async pages(lang: Language) {
    return localContent(lang).pages;
  },
  async vacancies(lang: Language) {
    return localContent(lang).vacancies;
  },
};
