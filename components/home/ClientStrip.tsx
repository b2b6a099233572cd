import type { CSSProperties } from 'react';
import { Container } from '@/components/ui/Container';
import { Link } from '@/components/ui/Link';
import styles from './Home.module.css';

export type Client = { slug: string; label: string; monogram: string; color: string };

/** The client companies of the edition's country, each linking to its payment page. */
export function ClientStrip({ title, lead, clients }: { title: string; lead: string; clients: Client[] }) {
  return (
    <section className={styles.clients} aria-labelledby="clients-title">
      <Container>
        <h2 id="clients-title" className={styles.clientsTitle}>
          {title}
        </h2>
        <p className={styles.clientsLead}>{lead}</p>
        <ul className={styles.clientList}>
          {clients.map((client) => (
            <li key={client.slug}>
              <Link href={`/companies/${client.slug}`} className={styles.client}>
                <span className={styles.monogram} style={{ background: client.color } as CSSProperties} aria-hidden="true">
                  {client.monogram}
                </span>
                <span>{client.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
