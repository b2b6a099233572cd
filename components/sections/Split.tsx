import { ContentImage } from '@/components/content/ContentImage';
import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Container';
import styles from './Split.module.css';
import { keepDash } from '@/components/ui/typography';

type Props = {
  id: string;
  title: string;
  children: ReactNode;
  /** An illustration, or `visual`: something drawn in the page (a product screen) instead. */
  image?: { src: string; alt: string; width: number; height: number };
  visual?: ReactNode;
  reverse?: boolean;
  tone?: 'plain' | 'surface';
};

/** Text beside an illustration; stacks on phones. */
export function Split({ id, title, children, image, visual, reverse = false, tone = 'plain' }: Props) {
  return (
    <section className={`${styles.split} ${styles[tone]}`} aria-labelledby={id}>
      <Container>
        <div className={`${styles.grid} ${reverse ? styles.reverse : ''}`}>
          <div>
            <h2 id={id}>{keepDash(title)}</h2>
            {children}
          </div>
          {visual ?? (image && <ContentImage className={styles.image} src={image.src} alt={image.alt} width={image.width} height={image.height} sizes="(min-width: 64rem) 480px, 100vw" />)}
        </div>
      </Container>
    </section>
  );
}
