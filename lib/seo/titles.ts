import { createTranslator } from 'next-intl';
import { getArticle, getFaqItem, getGuide, getPage, getVacancy } from '@/lib/content';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { loadMessages, type Messages } from '@/lib/i18n/messages';
import { getCompany } from '@/lib/payments';
import { matchRoute, type RoutePath } from '@/lib/routes';

/** The Meta title of each page that is not an item of a list. */
const staticTitles: Partial<Record<RoutePath, keyof Messages['Meta']>> = {
  '/': 'homeTitle',
  '/about': 'aboutTitle',
  '/business': 'businessTitle',
  '/blog': 'blogTitle',
  '/guides': 'guidesTitle',
  '/faq': 'faqTitle',
  '/careers': 'careersTitle',
  '/ask-question': 'askTitle',
  '/business-start-form': 'startTitle',
};

/**
 * The title of an indexable page of an edition, or null when there is no such page (the sharing image
 * draws only this: never text from the request).
 */
export async function pageTitle(locale: Locale, path: string): Promise<string | null> {
  const match = matchRoute(path);
  if (!match) return null;
  const lang = contentLanguage(locale);
  const param = match.param ?? '';
  const t = createTranslator({ locale, messages: await loadMessages(lang) });
  switch (match.route.path) {
    case '/blog/[slug]':
      return (await getArticle(lang, param).catch(() => null))?.item.title ?? null;
    case '/guides/[slug]':
      return (await getGuide(lang, param).catch(() => null))?.item.title ?? null;
    case '/careers/[slug]':
      return (await getVacancy(lang, param).catch(() => null))?.title ?? null;
    case '/faq/[slug]':
      return getFaqItem(lang, param)?.item.question ?? null;
    case '/[slug]':
      return (await getPage(lang, param).catch(() => null))?.title ?? null;
    case '/companies/[company]': {
      const company = getCompany(param);
      return company ? t('Payments.metaTitle', { company: company.label }) : null;
    }
    default: {
      const key = staticTitles[match.route.path as RoutePath];
      return key ? t(`Meta.${key}`) : null;
    }
  }
}
