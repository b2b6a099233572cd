import { Icon, type IconName } from '@/components/ui/Icon';
import { keepDash } from '@/components/ui/typography';
import styles from './Home.module.css';

/** The features without a product screen of their own: a compact list, not a wall of cards. */
export function FeatureList({ items, divided = false }: { items: { icon: IconName; title: string; text: string }[]; divided?: boolean }) {
  return (
    <ul className={`${styles.featureList} ${divided ? styles.divided : ''}`}>
      {items.map((item) => (
        <li key={item.title}>
          <span className={styles.featureIcon}>
            <Icon name={item.icon} size={22} />
          </span>
          <div>
            <h3 className={styles.featureTitle}>{keepDash(item.title)}</h3>
            <p className={styles.featureText}>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
