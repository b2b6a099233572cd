import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import { formatContentDate, isoDate } from '@/lib/content/format';
import type { Vacancy } from '@/lib/content/schemas';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { numberFormat } from '@/lib/i18n/intl-cache';
import { entityOf, unknownPayText } from '@/lib/facts/facts';
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
 * they do not know yet shows as a bracketed marker, never an invented figure.
 */
export async function VacancyFacts({ vacancy, locale }: { vacancy: Vacancy; locale: Locale }) {
  const t = await getTranslations('Careers');
  const employer = vacancy.employer_country && entityOf(vacancy.employer_country, contentLanguage(locale));
  return (
    <dl className={styles.facts}>
      <div>
        <dt>
          <Icon name="map-pin" size={16} /> {t('location')}
        </dt>
        <dd>{vacancy.location}</dd>
      </div>
      <div>
        <dt>
          <Icon name="briefcase" size={16} /> {t('employmentType')}
        </dt>
        <dd>{vacancy.employment_type}</dd>
      </div>
      <div>
        <dt>
          <Icon name="wallet" size={16} /> {t('salary')}
        </dt>
        <dd>{vacancy.salary ? formatSalary(vacancy.salary, locale) : unknownPayText(contentLanguage(locale))}</dd>
      </div>
      {employer && (
        <div>
          <dt>
            <Icon name="users" size={16} /> {t('employer')}
          </dt>
          <dd>
            {employer.legalName.text}, {employer.registrationNumber.text}
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Icon name="calendar" size={16} /> {t('published')}
        </dt>
        <dd>
          <time dateTime={isoDate(vacancy.date)}>{formatContentDate(vacancy.date, locale)}</time>
        </dd>
      </div>
    </dl>
  );
}
