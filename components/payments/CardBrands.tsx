import { acceptedBrands } from '@/lib/payments/card';
import { BrandMark } from './BrandMark';
import styles from './Payments.module.css';

/** The accepted card brands (spec 9: Visa, Visa Electron, MasterCard, Maestro) and the provider's name, beside Pay. */
export function CardBrands({ label, provider }: { label: string; provider: string | null }) {
  return (
    <div className={styles.brands}>
      <p className={styles.brandsLabel}>{label}</p>
      <ul className={styles.brandList} aria-label={label}>
        {acceptedBrands.map((brand) => (
          <li key={brand}>
            <BrandMark brand={brand} size={44} />
          </li>
        ))}
      </ul>
      {provider && <p className={styles.brandsLabel}>{provider}</p>}
    </div>
  );
}
