import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import { formatContentDate, isoDate } from '@/lib/content/format';
import type { Vacancy } from '@/lib/content/schemas';
import type { Locale } from '@/lib/i18n/editions';
import styles from './Careers.module.css';

/** Location, employment type and publication date of a vacancy, as a description list. */
export async function VacancyFacts({ vacancy, locale }: { vacancy: Vacancy; locale: Locale }) {
  const t = await getTranslations('Careers');
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
          <Icon name="calendar" size={16} /> {t('published')}
        </dt>
        <dd>
          <time dateTime={isoDate(vacancy.date)}>{formatContentDate(vacancy.date, locale)}</time>
        </dd>
      </div>
    </dl>
  );
}
