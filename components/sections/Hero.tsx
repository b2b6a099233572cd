import { ContentImage } from '@/components/content/ContentImage';
import type { ReactNode } from 'react';
import { Container } from '@/components/ui/Container';
import styles from './Hero.module.css';
import { keepDash } from '@/components/ui/typography';

type Props = {
  title: string;
  lead: string;
  actions?: ReactNode;
  extra?: ReactNode;
  /** A preloaded illustration, or `visual`: something drawn in the page (a product screen) instead. */
  image?: { src: string; alt: string; width: number; height: number };
  visual?: ReactNode;
};

/** The top of a landing page. Its illustration is the largest image above the fold, so it is preloaded. */
export function Hero({ title, lead, actions, extra, image, visual }: Props) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container>
        <div className={styles.grid}>
          <div className={styles.text}>
            <h1 id="hero-title">{keepDash(title)}</h1>
            <p className={styles.lead}>{lead}</p>
            {actions && <div className={styles.actions}>{actions}</div>}
            {extra}
          </div>
          {visual ??
            (image && (
              <ContentImage
                className={styles.image}
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                preload
                sizes="(min-width: 64rem) 560px, 100vw"
              />
            ))}
        </div>
      </Container>
    </section>
  );
}
