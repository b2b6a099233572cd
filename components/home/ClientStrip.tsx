import type { CSSProperties } from 'react';
import { Container } from '@/components/ui/Container';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import styles from './Home.module.css';

export type Client = { slug: string; label: string; monogram: string; color: string; detail: string };

/**
 * The client companies of the edition's country, each linking to its payment page. A tile is one link:
 * its monogram is drawn by CSS from `data-monogram` and left out of the link's name, so that the twenty
 * tiles of a Cyprus edition stay small in the HTML and again in the RSC payload (no wrapper, no class on
 * the detail: the grid of `.client` places them).
 */
export function ClientStrip({ locale, title, lead, clients }: { locale: Locale; title: string; lead: string; clients: Client[] }) {
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
              <a
                href={localizedPath(locale, `/companies/${client.slug}`)}
                className={styles.client}
                data-monogram={client.monogram}
                style={{ '--monogram': client.color } as CSSProperties}
              >
                {client.label}
                <small>{client.detail}</small>
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
