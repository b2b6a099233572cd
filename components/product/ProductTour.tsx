import type { ReactNode } from 'react';
import styles from './Tour.module.css';

type Stop = { title: string; text: string; screen: ReactNode };

/** Features shown on the product's own screens: the screen, then what it does. */
export function ProductTour({ stops }: { stops: Stop[] }) {
  return (
    <ul className={styles.tour}>
      {stops.map((stop) => (
        <li key={stop.title} className={styles.stop}>
          {stop.screen}
          <div>
            <h3 className={styles.title}>{stop.title}</h3>
            <p className={styles.text}>{stop.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
