import { getLocale, getTranslations } from 'next-intl/server';
import { FaqSearchForm } from '@/components/faq/FaqSearchForm';
import { Link } from '@/components/ui/Link';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { ErrorPanel } from './ErrorPanel';
import styles from './ErrorPanel.module.css';

/**
 * The 404: the spec's text and home link, then a way on: the FAQ search and the help pages. `help={false}`
 * leaves the way on out, for a segment's not-found boundary that only a race reaches: Next puts that
 * boundary into the RSC payload of every page of the segment.
 */
export async function NotFoundContent({ help: withHelp = true }: { help?: boolean } = {}) {
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations('Errors');
  const nav = await getTranslations('Nav');
  const help = [
    ['/faq', nav('faq')],
    ['/guides', nav('guides')],
    ['/ask-question', t('notFoundAsk')],
    ['/contacts', nav('contacts')],
  ] as const;
  return (
    <ErrorPanel heading={t('notFoundHeading')}>
      <p>{t.rich('notFoundText', { home: (chunks) => <Link href="/">{chunks}</Link> })}</p>
      {withHelp && (
        <div className={styles.help}>
          <FaqSearchForm action={localizedPath(locale, '/faq')} query="" />
          <nav aria-labelledby="not-found-help">
            <h2 id="not-found-help" className={styles.helpTitle}>
              {t('notFoundHelp')}
            </h2>
            <ul className={styles.helpLinks}>
              {help.map(([href, label]) => (
                <li key={href}>
                  <Link href={href}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </ErrorPanel>
  );
}
