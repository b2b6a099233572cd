import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Container';
import styles from './Section.module.css';
import { keepDash } from '@/components/ui/typography';

type Props = {
  id: string;
  title: string;
  lead?: string;
  tone?: 'plain' | 'surface';
  children: ReactNode;
};

export function Section({ id, title, lead, tone = 'plain', children }: Props) {
  return (
    <section className={`${styles.section} ${styles[tone]}`} aria-labelledby={id}>
      <Container>
        <div className={styles.head}>
          <h2 id={id}>{keepDash(title)}</h2>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {children}
      </Container>
    </section>
  );
}
