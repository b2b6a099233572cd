import { getTranslations } from 'next-intl/server';
import { PhoneFrame } from './PhoneFrame';
import styles from './Product.module.css';

/** The customer app's Auto payment section: automatic payment per agreement, paid from the default card. */
export async function AutopayScreen() {
  const t = await getTranslations('Home.app');
  const agreements = [
    { name: t('electricity'), on: true },
    { name: t('internet'), on: true },
    { name: t('water'), on: false },
  ];

  return (
    <PhoneFrame label={t('autopayLabel')} title={t('autopay')}>
      <div className={styles.rows}>
        {agreements.map((agreement) => (
          <div key={agreement.name} className={styles.row}>
            <span className={styles.name}>{agreement.name}</span>
            <span className={`${styles.switch} ${agreement.on ? styles.switchOn : styles.switchOff}`}>{agreement.on ? t('on') : t('off')}</span>
          </div>
        ))}
      </div>
      <div className={styles.card}>
        <strong>VISA</strong>
        <span>{t('defaultCard')}</span>
        <span>•••• 4821</span>
      </div>
    </PhoneFrame>
  );
}
