import styles from './Home.module.css';

/** The accepted card types (spec 9), shown as neutral chips rather than trademarked logos. */
export const cardBrands = ['Visa', 'Visa Electron', 'MasterCard', 'Maestro'] as const;

export function CardBrands() {
  return (
    <ul className={styles.brands}>
      {cardBrands.map((brand) => (
        <li key={brand}>{brand}</li>
      ))}
    </ul>
  );
}
