import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { AskAside } from '@/components/faq/AskAside';
import { RichText } from '@/components/content/RichText';
import { editionHtml, searchFaq, cleanQuery } from '@/lib/content';
import { UpdatedDate } from '@/components/content/UpdatedDate';
import layout from '@/components/content/Layout.module.css';
import styles from '@/components/faq/Faq.module.css';
import search from '@/components/content/Search.module.css';
import { FaqSearchForm } from '@/components/faq/FaqSearchForm';
import { Container } from '@/components/ui/Container';
import { Link } from '@/components/ui/Link';
import { contentLanguage } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/faq', { title: t('faqTitle'), description: t('faqDescription') });
}

export default async function FaqPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const q = (await searchParams).q;
  const query = cleanQuery(Array.isArray(q) ? q[0] : q);
  const t = await getTranslations('Faq');
  const nav = await getTranslations('Nav');
  const sections = searchFaq(contentLanguage(locale), query).filter((section) => section.items.length > 0);
  const total = sections.reduce((sum, section) => sum + section.items.length, 0);

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])} />
      <Container>
        <div className={layout.body}>
          <div className={search.search}>
            <FaqSearchForm action={localizedPath(locale, '/faq')} query={query} />
            {query && (
              <p className={search.status} role="status">
                {t('results', { count: total, query })} <Link href="/faq">{t('showAll')}</Link>
              </p>
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

          <AskAside />
        </div>
      </Container>
    </>
  );
}
