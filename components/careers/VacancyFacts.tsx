import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import { Term } from '@/components/ui/Term';
import { formatContentDate, isoDate } from '@/lib/content/format';
import type { Vacancy } from '@/lib/content/schemas';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { numberFormat } from '@/lib/i18n/intl-cache';
import { entityOf, pendingWord, unknownPayText } from '@/lib/facts/facts';
import styles from './Careers.module.css';

/**
 * A pay range in the edition's number format, e.g. "4 000–5 500 €" (grouped even in four digits, as the
 * glossaries write amounts; Intl's lv and et data would print "4000").
 */
export function formatSalary(salary: NonNullable<Vacancy['salary']>, locale: Locale): string {
  return numberFormat(locale, { style: 'currency', currency: salary.currency, maximumFractionDigits: 0, useGrouping: 'always' }).formatRange(salary.min, salary.max);
}

/**
 * Location, employment type, pay, employer and publication date of a vacancy, as a description list.
 * Pay and employer are what the law asks a job ad to state; both come from the company facts, and what
 * they do not know yet shows once as a styled "to be published" mark, never an invented figure.
 */
export async function VacancyFacts({ vacancy, locale }: { vacancy: Vacancy; locale: Locale }) {
  const t = await getTranslations('Careers');
  const lang = contentLanguage(locale);
  const employer = vacancy.employer_country && entityOf(vacancy.employer_country, lang);
  return (
    <dl className={styles.facts}>
      <Term label={<><Icon name="map-pin" size={16} /> {t('location')}</>}>{vacancy.location}</Term>
      <Term label={<><Icon name="briefcase" size={16} /> {t('employmentType')}</>}>{vacancy.employment_type}</Term>
      <Term label={<><Icon name="wallet" size={16} /> {t('salary')}</>}>{vacancy.salary ? formatSalary(vacancy.salary, locale) : <span className="fact-pending">{unknownPayText(lang)}</span>}</Term>
      {employer && (
        <Term label={<><Icon name="users" size={16} /> {t('employer')}</>}>
          {employer.legalName.known && employer.registrationNumber.known ? (
            `${employer.legalName.text}, ${employer.registrationNumber.text}`
          ) : (
            <span className="fact-pending">{pendingWord(lang)}</span>
          )}
        </Term>
      )}
      <Term label={<><Icon name="calendar" size={16} /> {t('published')}</>}>
        <time dateTime={isoDate(vacancy.date)}>{formatContentDate(vacancy.date, locale)}</time>
      </Term>
    </dl>
  );
}
