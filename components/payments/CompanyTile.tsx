import type { Company } from '@/lib/payments';
import styles from './Payments.module.css';

/** The company's monogram on its colour: the logo tile of a company page. */
export function CompanyTile({ company, size = 72 }: { company: Pick<Company, 'monogram' | 'color'>; size?: number }) {
  return (
    <span className={styles.tile} style={{ background: company.color, width: size, height: size, fontSize: size * 0.36 }} aria-hidden="true">
      {company.monogram}
    </span>
  );
}
