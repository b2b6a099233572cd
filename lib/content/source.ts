import type { Language } from '@/lib/i18n/editions';
import type { Article, Guide, Page, Vacancy } from './schemas';

/**
 * One method per content call of spec 7. The embedded source (files under `content/`) and the remote
 * source (`API_BASE_URL`) both implement it; pages never know which one answers.
 */
export interface ContentSource {
  articles(lang: Language): Promise<Article[]>;
  guides(lang: Language): Promise<Guide[]>;
  findGuide(text: string, lang: Language): Promise<Guide[]>;
  /** A list, as the API answers; the site uses its first item. */
  page(slug: string, lang: Language): Promise<Page[]>;
  pages(lang: Language): Promise<Page[]>;
  vacancies(lang: Language): Promise<Vacancy[]>;
}
