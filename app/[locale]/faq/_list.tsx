// The FAQ, one page of its questions in their sections (/faq, /faq/page/N), or a search's results (/faq?q=, bounded): shared by both routes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { AskAside } from '@/components/faq/AskAside';
import { RichText } from '@/components/content/RichText';
import { editionHtml, faqSections, getFaqOrdered, searchFaq } from '@/lib/content';
import { UpdatedDate } from '@/components/content/UpdatedDate';
import layout from '@/components/content/Layout.module.css';
import styles from '@/components/faq/Faq.module.css';
import search from '@/components/content/Search.module.css';
import { FocusOnArrival } from '@/components/ui/FocusOnArrival.client';
import { FaqSearchForm } from '@/components/faq/FaqSearchForm';
import { Container } from '@/components/ui/Container';
import { Link } from '@/components/ui/Link';
import { Pager } from '@/components/ui/Pager';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { listPagePath, pageOf } from '@/lib/routes';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';

export async function faqMetadata(locale: Locale, page: number): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const pager = await getTranslations({ locale, namespace: 'Pager' });
  return pageMetadata(locale, listPagePath('/faq', page), {
    title: page > 1 ? pager('title', { title: t('faqTitle'), page }) : t('faqTitle'),
    description: t('faqDescription'),
  });
}

export async function FaqList({ locale, page, query }: { locale: Locale; page: number; query: string }) {
  const t = await getTranslations('Faq');
  const nav = await getTranslations('Nav');
  const more = await getTranslations('Pager');
  const lang = contentLanguage(locale);
  // A search shows its results (at most SEARCH_RESULTS_MAX, lib/limits.ts) on one page; the whole FAQ is
  // shown a page of questions at a time, each page in its sections.
  const found = query ? searchFaq(lang, query) : null;
  const paged = found ? null : pageOf('faq', getFaqOrdered(lang), page);
  const pages = paged?.pages ?? 1;
  if (page > pages) notFound();
  const sections = found ? found.sections : faqSections(paged!.items);
  const shown = sections.reduce((sum, section) => sum + section.items.length, 0);
  const total = found ? found.total : shown;

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])} />
      <Container>
        <div className={layout.body}>
          <div className={search.search}>
            <FaqSearchForm action={localizedPath(locale, '/faq')} query={query} />
            {query && (
              <>
                {/* A search reloads the page: focus moves to the result count, so a screen reader reads it. */}
                <p id="faq-results" className={search.status} role="status" tabIndex={-1}>
                  {t('results', { count: total, query })} {total > shown && more('more', { count: total - shown })} <Link href="/faq">{t('showAll')}</Link>
                </p>
                <FocusOnArrival target="faq-results" />
              </>
            )}
          </div>

          <div className={styles.layout}>
            {sections.length > 0 && (
              <nav aria-labelledby="faq-sections" className={styles.toc}>
                <h2 id="faq-sections" className={styles.tocTitle}>
                  {t('sections')}
                </h2>
                <ul className={styles.tocList}>
                  {sections.map(({ category, items }) => (
                    <li key={category}>
                      <a href={`#${category}`}>
                        {t(`categories.${category}`)} <span className={styles.count}>({items.length})</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}

            <div>
              {sections.map(({ category, items }) => (
                <section key={category} id={category} aria-labelledby={`${category}-title`} className={styles.section}>
                  <h2 id={`${category}-title`}>{t(`categories.${category}`)}</h2>
                  <ul className={styles.questions}>
                    {items.map((item) => (
                      <li key={item.slug} id={item.slug}>
                        {query ? (
                          <details className={styles.question} open>
                            <summary>{item.question}</summary>
                            <div className={styles.answer}>
                              <RichText html={editionHtml(item.answer, locale)} locale={locale} />
                              <p className={styles.answerFooter}>
                                <UpdatedDate date={item.updated_at} locale={locale} />
                                <Link href={`/faq/${item.slug}`} aria-label={`${t('openQuestion')}: ${item.question}`}>
                                  {t('openQuestion')}
                                </Link>
                              </p>
                            </div>
                          </details>
                        ) : (
                          <Link href={`/faq/${item.slug}`} className={styles.questionLink}>
                            {item.question}
                          </Link>
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </div>

          <Pager listPath="/faq" page={page} pages={pages} />

          <AskAside />
        </div>
      </Container>
    </>
  );
}
