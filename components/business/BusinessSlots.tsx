// The /business slots that company facts fill (proof, fees, integrations): each renders nothing until its fact is given.
import type { BusinessSlots } from '@/lib/facts/business';
import { numberFormat } from '@/lib/i18n/intl-cache';
import styles from './Business.module.css';

/** Client logos and a quote, from the facts; nothing while neither is known. */
export function Proof({ title, logos, quote }: { title: string; logos?: BusinessSlots['logos']; quote?: BusinessSlots['quote'] }) {
  if (!logos && !quote) return null;
  return (
    <section className={styles.proof} aria-labelledby="proof-title" data-slot="proof">
      <h2 id="proof-title" className={styles.proofTitle}>
        {title}
      </h2>
      {logos && (
        <ul className={styles.logos} data-slot="logos">
          {logos.map((logo) => (
            <li key={logo.src}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG or PNG logo, drawn as it is */}
              <img src={logo.src} alt={logo.name} height={40} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      {quote && (
        <figure className={styles.quote} data-slot="quote">
          <blockquote>
            <p>{quote.text}</p>
          </blockquote>
          <figcaption>
            {quote.name}, {quote.role}, {quote.company}
          </figcaption>
        </figure>
      )}
    </section>
  );
}

type FeeTexts = {
  title: string;
  perCompany: (amount: string) => string;
  perInvoice: (amount: string) => string;
  vat: string;
  exampleTitle: string;
  example: (values: { invoices: string; company: string; invoice: string; total: string }) => string;
};

/** The rates and a worked example, once both rates are facts; nothing before. */
export function FeeRates({ locale, fees, text }: { locale: string; fees?: BusinessSlots['fees']; text: FeeTexts }) {
  if (!fees) return null;
  const euros = numberFormat(locale, { style: 'currency', currency: 'EUR' });
  const count = numberFormat(locale);
  return (
    <div className={styles.rates} data-slot="fees">
      <h3>{text.title}</h3>
      <ul>
        <li>{text.perCompany(euros.format(fees.perCompanyMonthly))}</li>
        <li>{text.perInvoice(euros.format(fees.perInvoice))}</li>
      </ul>
      <p className={styles.example} data-slot="fee-example">
        <strong>{text.exampleTitle}:</strong>{' '}
        {text.example({
          invoices: count.format(fees.example.invoices),
          company: euros.format(fees.perCompanyMonthly),
          invoice: euros.format(fees.perInvoice),
          total: euros.format(fees.example.total),
        })}
      </p>
      <p className={styles.vat}>{text.vat}</p>
    </div>
  );
}

/** The accounting packages Billme connects to, by name; nothing while unknown. */
export function Integrations({ title, lead, names }: { title: string; lead: string; names?: string[] }) {
  if (!names) return null;
  return (
    <div className={styles.integrations} data-slot="integrations">
      <h3>{title}</h3>
      <p>{lead}</p>
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </div>
  );
}
