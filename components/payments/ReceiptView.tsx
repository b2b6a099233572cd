import { Term } from '@/components/ui/Term';
import type { Receipt } from '@/lib/payments';
import styles from './Checkout.module.css';

/** The receipt on the checkout page: the same model (lib/payments/receipt.ts) as the PDF and the mail, in the site's look. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const party = (id: string, p: Receipt['issuer']) => (
    <section className={styles.party} aria-labelledby={id}>
      <h3 id={id} className={styles.partyLabel}>{p.label}</h3>
      <p className={styles.partyName}>{p.name}</p>
      <dl className={styles.partyLines}>
        {p.lines.map((line) => (
          <Term key={line.label} label={line.label} valueClassName={line.known ? undefined : 'fact-pending'}>
            {line.value}
          </Term>
        ))}
      </dl>
    </section>
  );
  return (
    <section className={styles.summary} aria-labelledby="summary-title">
      <div className={styles.amountBlock}>
        <h2 id="summary-title" className={styles.receiptTitle}>
          {receipt.title} <span className={styles.reference}>{receipt.reference}</span>
        </h2>
        <div className={styles.amount}>{receipt.amount}</div>
        <p className={styles.what}>
          <span className={styles.muted}>
            {receipt.status} · {receipt.date}
          </span>
        </p>
      </div>
      <div className={styles.receiptBody}>
        <div className={styles.parties}>
          {party('receipt-issuer', receipt.issuer)}
          {party('receipt-payee', receipt.payee)}
        </div>
        <dl className={styles.details}>
          {receipt.rows.map((row) => (
            <Term key={row.key} label={row.label} valueClassName={row.key === 'reference' ? styles.reference : undefined}>
              {row.value}
            </Term>
          ))}
        </dl>
        {receipt.test && <p className={styles.sandbox}>{receipt.test}</p>}
        <p className={styles.hint}>{receipt.footer}</p>
      </div>
    </section>
  );
}
