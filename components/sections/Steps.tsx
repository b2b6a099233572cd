import styles from './Steps.module.css';
import { keepDash } from '@/components/ui/typography';

export function Steps({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ol className={styles.steps}>
      {items.map((item) => (
        <li key={item.title} className={styles.step}>
          <h3 className={styles.title}>{keepDash(item.title)}</h3>
          <p className={styles.text}>{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
