import { getLocale, getTranslations } from 'next-intl/server';
import { numberFormat } from '@/lib/i18n/intl-cache';
import { PhoneFrame } from './PhoneFrame';
import styles from './Product.module.css';

/** The customer app's Meter readings section: a new reading beside the last one, and the consumption by month. */
export async function MeterScreen() {
  const t = await getTranslations('Home.app');
  const number = numberFormat(await getLocale());
  const cubic = (value: number) => `${number.format(value)} m³`;
  const last = 1204;
  const reading = 1211;

  return (
    <PhoneFrame label={t('metersLabel')} title={t('meters')}>
      <div className={styles.meter}>
        <span className={styles.name}>{t('coldWater')}</span>
        <span className={styles.muted}>{t('meterNumber', { number: '04817' })}</span>
        <span className={styles.pair}>
          <span>{t('lastReading')}</span>
          <span className={styles.amount}>{cubic(last)}</span>
        </span>
        <span className={styles.pair}>
          <span>{t('newReading')}</span>
          <span className={styles.field}>{cubic(reading)}</span>
        </span>
        <span className={styles.pair}>
          <span>{t('consumption')}</span>
          <span className={styles.amount}>{cubic(reading - last)}</span>
        </span>
      </div>
      <div className={styles.bars}>
        {[6, 8, 7, 9, 6, 7].map((m3, i) => (
          <span key={i} style={{ height: `${m3 * 10}%` }} />
        ))}
      </div>
    </PhoneFrame>
  );
}
