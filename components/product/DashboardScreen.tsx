import { getLocale, getTranslations } from 'next-intl/server';
import { formatEuros } from '@/lib/payments/price';
import { numberFormat } from '@/lib/i18n/intl-cache';
import styles from './Product.module.css';

type Status = 'paid' | 'processing' | 'paidExternally' | 'fail';

/** Amounts in cents, as lib/payments/price.ts formats them. */
const invoices: { customer: string; amount: number; status: Status }[] = [
  { customer: '10482', amount: 12000, status: 'paid' },
  { customer: '10517', amount: 6450, status: 'processing' },
  { customer: '10533', amount: 8990, status: 'paidExternally' },
  { customer: '10561', amount: 15000, status: 'fail' },
  { customer: '10604', amount: 4500, status: 'paid' },
];

/** The business dashboard: this month's invoices, the amount received and each invoice's payment status. */
export async function DashboardScreen() {
  const t = await getTranslations('Business.dashboard');
  const status = await getTranslations('Payments.status');
  const locale = await getLocale();
  const money = (cents: number) => formatEuros(cents, locale);

  return (
    <div role="img" aria-label={t('label')} className={styles.window}>
      <div className={styles.chrome}>
        <span>{t('title')}</span>
        <span className={styles.muted}>· {t('period')}</span>
      </div>
      <div className={styles.body}>
        <div className={styles.kpis}>
          <span className={styles.kpi}>
            <span className={styles.muted}>{t('sent')}</span>
            <strong>{numberFormat(locale).format(248)}</strong>
          </span>
          <span className={styles.kpi}>
            <span className={styles.muted}>{t('received')}</span>
            <strong>{money(1842000)}</strong>
          </span>
        </div>
        <div className={styles.table}>
          <div className={`${styles.tr} ${styles.th}`}>
            <span>{t('customer')}</span>
            <span>{t('amount')}</span>
            <span>{t('status')}</span>
          </div>
          {invoices.map((invoice) => (
            <div key={invoice.customer} className={styles.tr}>
              <span>{invoice.customer}</span>
              <span className={styles.amount}>{money(invoice.amount)}</span>
              <span>
                <span className={`${styles.status} ${styles[invoice.status]}`}>{status(invoice.status)}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
