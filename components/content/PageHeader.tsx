import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Container';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import styles from './PageHeader.module.css';
import { keepDash } from '@/components/ui/typography';

type Props = {
  title: string;
  lead?: string;
  /** The trail above the title, home first; the current page is added from `title`. */
  trail?: Crumb[];
  meta?: ReactNode;
  /** Reading pages use the narrow text column, so the title lines up with the text below it. */
  narrow?: boolean;
  children?: ReactNode;
};

/** The top of an inner page: breadcrumbs, the page's only `<h1>`, a lead and a meta line. */
export function PageHeader({ title, lead, trail, meta, narrow = false, children }: Props) {
  return (
    <header className={styles.header}>
      <Container narrow={narrow}>
        {trail && <Breadcrumbs trail={trail} current={title} />}
        <h1 className={styles.title}>{keepDash(title)}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {meta && <div className={styles.meta}>{meta}</div>}
        {children}
      </Container>
    </header>
  );
}
