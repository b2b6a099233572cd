import { getLocale, getTranslations } from 'next-intl/server';
import { formatEuros } from '@/lib/payments/price';
import { PhoneFrame } from './PhoneFrame';
import styles from './Product.module.css';

/** The customer app's Bills section: three unpaid bills selected for one payment, and earlier bills with their statuses. */
export async function BillsScreen() {
  const t = await getTranslations('Home.app');
  const status = await getTranslations('Payments.status');
  const locale = await getLocale();
  const money = (cents: number) => formatEuros(cents, locale);
  const unpaid = [
    { name: t('electricity'), amount: 4218 },
    { name: t('internet'), amount: 2500 },
    { name: t('water'), amount: 1964 },
  ];
  const earlier = [
    { name: t('academy'), amount: 6000, status: 'paid' },
    { name: t('rent'), amount: 45000, status: 'paidExternally' },
  ] as const;
  const total = unpaid.reduce((sum, bill) => sum + bill.amount, 0);

  return (
    <PhoneFrame label={t('billsLabel')} title={t('bills')}>
      <div className={styles.rows}>
        {unpaid.map((bill) => (
          <div key={bill.name} className={styles.row}>
            <span className={styles.check} />
            <span className={styles.grow}>
              <span className={styles.name}>{bill.name}</span>
              <span className={styles.muted}>{t('dueIn')}</span>
            </span>
            <span className={styles.amount}>{money(bill.amount)}</span>
          </div>
        ))}
      </div>
      <div className={styles.payBar}>
        <span>{t('onePayment')}</span>
        <span className={styles.amount}>{money(total)}</span>
      </div>
      <div className={styles.sub}>{t('earlier')}</div>
      <div className={styles.rows}>
        {earlier.map((bill) => (
          <div key={bill.name} className={styles.row}>
            <span className={styles.grow}>
              <span className={styles.name}>{bill.name}</span>
              <span className={styles.amount}>{money(bill.amount)}</span>
            </span>
            <span className={`${styles.status} ${styles[bill.status]}`}>{status(bill.status)}</span>
          </div>
        ))}
      </div>
    </PhoneFrame>
  );
}
