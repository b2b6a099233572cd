import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Container';
import styles from './CtaBand.module.css';
import { keepDash } from '@/components/ui/typography';

export function CtaBand({ id, title, text, actions }: { id: string; title: string; text: string; actions: ReactNode }) {
  return (
    <section className={styles.band} aria-labelledby={id}>
      <Container>
        <div className={styles.inner}>
          <div>
            <h2 id={id}>{keepDash(title)}</h2>
            <p className={styles.text}>{text}</p>
          </div>
          <div className={styles.actions}>{actions}</div>
        </div>
      </Container>
    </section>
  );
}
