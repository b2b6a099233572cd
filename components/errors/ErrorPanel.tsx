import type { ReactNode } from 'react';
import styles from './ErrorPanel.module.css';

/** The shared look of the 404 and error pages. */
export function ErrorPanel({ heading, children, actions }: { heading: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={styles.panel}>
      <h1 className={styles.heading}>{heading}</h1>
      <div className={styles.text}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
