import { acceptedBrands, brandNames } from '@/lib/payments/card';
import styles from './Home.module.css';

/** The accepted card types (spec 9), shown as neutral chips rather than trademarked logos. */
export function CardBrands() {
  return (
    <ul className={styles.brands}>
      {acceptedBrands.map((brand) => (
        <li key={brand}>{brandNames[brand]}</li>
      ))}
    </ul>
  );
}
