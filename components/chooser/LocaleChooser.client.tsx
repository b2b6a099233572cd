'use client';

import { usePathname } from 'next/navigation';
import { useActionState, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { pathInEdition } from '@/lib/i18n/locale';
import styles from './LocaleChooser.module.css';

export type ChooserCountry = {
  code: string;
  name: string;
  editions: { locale: string; label: string; lang: string }[];
};

type Props = {
  action: (previous: null, formData: FormData) => Promise<null>;
  locale: string;
  countries: ChooserCountry[];
  short: string;
  labels: { trigger: string; title: string; description: string; apply: string; close: string };
  /** Rendered on the server, so the icon set stays out of the client bundle. */
  icons: { globe: ReactNode; close: ReactNode };
};

const DIALOG_ID = 'edition-chooser';
/** The attributes of an invoker button for the dialog (not yet in React's types). */
const invoke = (command: 'show-modal' | 'close') => ({ command, commandfor: DIALOG_ID }) as Record<string, string>;

/** Tabbable controls: in a radio group only the checked radio takes a Tab stop. */
const FOCUSABLE = 'button:not([disabled]), input[type=radio]:checked, a[href]';

/** The country and language chooser: a native modal dialog posting to a server action. */
export function LocaleChooserDialog({ action, locale, countries, short, labels, icons }: Props) {
  // The permalink gives the server-rendered form a real action URL (this page), so it is valid HTML
  // and posts here when JavaScript has not run.
  const browserPath = usePathname();
  const [, formAction] = useActionState(action, null, browserPath);
  const dialog = useRef<HTMLDialogElement>(null);
  // The same page in the chosen edition: the path without this edition's prefix.
  const path = pathInEdition(browserPath);

  // Keep Tab and Shift+Tab inside the dialog while it is open.
  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement as HTMLElement | null;
    const outside = !active || !items.includes(active); // e.g. the dialog itself after a click on its padding
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      {/* `command`/`commandfor` open the dialog without JavaScript (invoker commands); onClick does it
          where the browser lacks them. The name holds the visible text (WCAG 2.5.3 label in name). */}
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-label={`${short}, ${labels.trigger}`}
        {...invoke('show-modal')}
        onClick={() => {
          if (!dialog.current?.open) dialog.current?.showModal();
        }}
      >
        {icons.globe}
        <span>{short}</span>
      </button>
      <dialog
        id={DIALOG_ID}
        ref={dialog}
        className={styles.dialog}
        aria-labelledby="chooser-title"
        aria-describedby="chooser-description"
        onKeyDown={trapFocus}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
      >
        <form action={formAction} className={styles.form}>
          <div className={styles.head}>
            <h2 id="chooser-title" className={styles.title}>
              {labels.title}
            </h2>
            <button
              type="button"
              className={styles.close}
              aria-label={labels.close}
              {...invoke('close')}
              onClick={() => dialog.current?.close()}
            >
              {icons.close}
            </button>
          </div>
          <p id="chooser-description" className={styles.description}>
            {labels.description}
          </p>
          <input type="hidden" name="path" value={path} />
          <div className={styles.countries}>
            {countries.map((country) => (
              <fieldset key={country.code} className={styles.country}>
                <legend className={styles.legend}>{country.name}</legend>
                {country.editions.map((edition) => (
                  <label key={edition.locale} className={styles.option} lang={edition.lang}>
                    <input type="radio" name="locale" value={edition.locale} defaultChecked={edition.locale === locale} />
                    <span>{edition.label}</span>
                  </label>
                ))}
              </fieldset>
            ))}
          </div>
          <button type="submit" className={styles.apply}>
            {labels.apply}
          </button>
        </form>
      </dialog>
    </>
  );
}
