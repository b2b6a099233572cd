import { Container } from '@/components/ui/Container';
import { numberFormat } from '@/lib/i18n/intl-cache';
import styles from './Home.module.css';

type Item = { value: number; plus: boolean; label: string };

export function Stats({ locale, title, items }: { locale: string; title: string; items: Item[] }) {
  const number = numberFormat(locale);
  return (
    <section className={styles.stats} aria-labelledby="stats-title">
      <Container>
        <h2 id="stats-title" className="visually-hidden">
          {title}
        </h2>
        <ul className={styles.statList}>
          {items.map((item) => (
            <li key={item.label}>
              <strong className={styles.statValue}>
                {number.format(item.value)}
                {item.plus ? '+' : ''}
              </strong>{' '}
              <span>{item.label}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
