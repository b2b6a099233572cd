import { Icon, type IconName } from '@/components/ui/Icon';
import styles from './FeatureGrid.module.css';
import { keepDash } from '@/components/ui/typography';

export type Feature = { icon: IconName; title: string; text: string };

export function FeatureGrid({ items, columns = 4 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`${styles.grid} ${styles[`cols${columns}`]}`}>
      {items.map((item) => (
        <li key={item.title} className={styles.card}>
          <span className={styles.icon}>
            <Icon name={item.icon} size={26} />
          </span>
          <h3 className={styles.title}>{keepDash(item.title)}</h3>
          <p className={styles.text}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
