import { Icon } from '@/components/ui/Icon';
import styles from './Careers.module.css';

/** A titled list of short lines with check marks (a vacancy's requirements and offer). */
export function CheckList({ id, title, lines }: { id: string; title: string; lines: string[] }) {
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className={styles.checks}>
        {lines.map((line) => (
          <li key={line}>
            <Icon name="check" size={20} /> <span>{line}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
