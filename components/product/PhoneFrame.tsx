import type { ReactNode } from 'react';
import styles from './Product.module.css';

/** The phone around a customer-app screen: a picture with a name (nothing inside is focusable), the section title and the brand. */
export function PhoneFrame({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={label} className={styles.phone}>
      <div className={styles.top}>
        <span className={styles.title}>{title}</span>
        <span className={styles.brand}>Billme</span>
      </div>
      {children}
    </div>
  );
}
