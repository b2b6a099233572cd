'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONSENT_COOKIE, CONSENT_MAX_AGE, isTagFreePath, type Consent } from '@/lib/consent';
import styles from './Consent.module.css';

export const OPEN_CONSENT_EVENT = 'billme:consent-open';

type Props = {
  initial: Consent;
  gtmId: string | undefined;
  policyHref: string;
  text: { label: string; title: string; text: string; accept: string; reject: string; policy: string };
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Adds Google Tag Manager to the page, once, by script (never in the server HTML). */
function loadTagManager(id: string): void {
  if (document.querySelector('script[data-billme-gtm]')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  script.dataset.billmeGtm = 'true';
  document.head.appendChild(script);
}

/**
 * The cookie banner and the tag manager. The banner is a region at the top of the page, in its flow
 * (it covers nothing, and comes right after the skip link in the focus order): it asks on the first visit, and again when "Cookie settings" in the footer is used. The tag manager
 * loads only after Accept, and never on a checkout page (entering one with it loaded reloads the page
 * without it).
 */
export function ConsentManager({ initial, gtmId, policyHref, text }: Props) {
  const [consent, setConsent] = useState<Consent>(initial);
  const [open, setOpen] = useState(initial === null);
  const pathname = usePathname();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Where focus was when the banner was opened again (the footer's "Cookie settings"), to return it there.
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const reopen = () => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
      requestAnimationFrame(() => titleRef.current?.focus());
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  useEffect(() => {
    if (!gtmId) return;
    const loaded = Boolean(document.querySelector('script[data-billme-gtm]'));
    if (isTagFreePath(pathname)) {
      if (loaded) window.location.reload();
      return;
    }
    if (consent === 'accepted') loadTagManager(gtmId);
    else if (loaded) window.location.reload(); // consent withdrawn: start again without it
  }, [consent, gtmId, pathname]);

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    if (value !== 'accepted' && value !== 'rejected') return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=${value === 'accepted'}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
    setConsent(value);
    setOpen(false);
    // Focus goes back where it came from, or to the page's content: never lost to the document start.
    const target = returnTo.current?.isConnected ? returnTo.current : document.getElementById('main');
    returnTo.current = null;
    target?.focus({ preventScroll: true });
  }

  if (!open) return null;
  // A form: without JavaScript its buttons post the choice to /api/consent, which sets the same cookie
  // and sends the visitor back to this page. The two choices look and weigh the same.
  return (
    <section className={styles.banner} aria-label={text.label}>
      <form method="post" action="/api/consent" onSubmit={choose} className={styles.inner}>
        <input type="hidden" name="back" value={pathname} />
        <h2 ref={titleRef} tabIndex={-1} className={styles.title}>
          {text.title}
        </h2>
        <div className={styles.body}>
          <p className={styles.text}>
            {text.text} <a href={policyHref}>{text.policy}</a>
          </p>
        </div>
        <div className={styles.actions}>
          <button type="submit" name="choice" value="rejected" className={styles.choice}>
            {text.reject}
          </button>
          <button type="submit" name="choice" value="accepted" className={styles.choice}>
            {text.accept}
          </button>
        </div>
      </form>
    </section>
  );
}
