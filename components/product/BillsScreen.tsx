import { getLocale, getTranslations } from 'next-intl/server';
import { euros } from './money';
import styles from './Product.module.css';

/** The customer app's Bills section: three unpaid bills selected for one payment, and earlier bills with their statuses. */
export async function BillsScreen() {
  const t = await getTranslations('Home.app');
  const status = await getTranslations('Payments.status');
  const money = euros(await getLocale());
  const unpaid = [
    { name: t('electricity'), amount: 42.18 },
    { name: t('internet'), amount: 25 },
    { name: t('water'), amount: 19.64 },
  ];
  const total = unpaid.reduce((sum, bill) => sum + bill.amount, 0);

  return (
    <div role="img" aria-label={t('billsLabel')} className={styles.phone}>
      <div className={styles.top}>
        <span className={styles.title}>{t('bills')}</span>
        <span className={styles.brand}>Billme</span>
      </div>
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
        <div className={styles.row}>
          <span className={styles.grow}>
            <span className={styles.name}>{t('academy')}</span>
            <span className={styles.amount}>{money(60)}</span>
          </span>
          <span className={`${styles.status} ${styles.paid}`}>{status('paid')}</span>
        </div>
        <div className={styles.row}>
          <span className={styles.grow}>
            <span className={styles.name}>{t('rent')}</span>
            <span className={styles.amount}>{money(450)}</span>
          </span>
          <span className={`${styles.status} ${styles.paidExternally}`}>{status('paidExternally')}</span>
        </div>
      </div>
    </div>
  );
}
