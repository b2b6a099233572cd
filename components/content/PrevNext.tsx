import { Link } from '@/components/ui/Link';
import { Icon } from '@/components/ui/Icon';
import styles from './PrevNext.module.css';

type Neighbour = { href: string; title: string } | null;

type Props = {
  label: string;
  previous: Neighbour;
  next: Neighbour;
  previousLabel: string;
  nextLabel: string;
};

/** Links to the item before and after this one (articles, guides, FAQ questions). */
export function PrevNext({ label, previous, next, previousLabel, nextLabel }: Props) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={styles.nav}>
      {previous && (
        <Link href={previous.href} className={`${styles.link} ${styles.previous}`} rel="prev">
          <span className={styles.direction}>
            <Icon name="arrow-left" size={18} /> {previousLabel}
          </span>
          <span className={styles.title}>{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link href={next.href} className={`${styles.link} ${styles.next}`} rel="next">
          <span className={styles.direction}>
            {nextLabel} <Icon name="arrow-right" size={18} />
          </span>
          <span className={styles.title}>{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
