import type { ReactNode } from 'react';
import styles from './Container.module.css';

export function Container({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? `${styles.container} ${styles.narrow}` : styles.container}>{children}</div>;
}
