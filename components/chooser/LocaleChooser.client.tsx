'use client';

import { hasInvokerCommands } from '@/components/ui/invoker';
import { usePathname } from 'next/navigation';
import { useActionState, useRef, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { pathInEdition } from '@/lib/i18n/locale';
import styles from './LocaleChooser.module.css';

export type ChooserCountry = {
  code: string;
  name: string;
  editions: { locale: string; label: string; lang: string }[];
};

export type ChooserLanguage = { lang: string; label: string; countries: string[] };

type Props = {
  action: (previous: null, formData: FormData) => Promise<null>;
  countries: ChooserCountry[];
  languages: ChooserLanguage[];
  current: { country: string; language: string };
  short: string;
  labels: { trigger: string; title: string; description: string; apply: string; close: string; country: string; language: string };
  /** Rendered on the server, so the icon set stays out of the client bundle. */
  icons: { globe: ReactNode; close: ReactNode };
};

const DIALOG_ID = 'edition-chooser';
/** The attributes of an invoker button for the dialog (not yet in React's types). */
const invoke = (command: 'show-modal' | 'close') => ({ command, commandfor: DIALOG_ID }) as Record<string, string>;

/** Tabbable controls: in a radio group only the checked radio takes a Tab stop. */
const FOCUSABLE = 'button:not([disabled]), input[type=radio]:checked, a[href]';

/** The country and language chooser: a native modal dialog posting to a server action. */
export function LocaleChooserDialog({ action, countries, languages, current, short, labels, icons }: Props) {
  // The permalink gives the server-rendered form a real action URL (this page), so it is valid HTML
  // and posts here when JavaScript has not run.
  const browserPath = usePathname();
  const [, formAction] = useActionState(action, null, browserPath);
  const dialog = useRef<HTMLDialogElement>(null);
  // The same page in the chosen edition: the path without this edition's prefix.
  const path = pathInEdition(browserPath);

  // A country without the checked language: its first language is checked instead (what the server
  // would choose), so that one language is always visibly chosen.
  function keepLanguageAvailable(event: ChangeEvent<HTMLInputElement>) {
    const form = event.currentTarget.form;
    const code = event.currentTarget.value;
    const checked = form?.querySelector<HTMLInputElement>('input[name="language"]:checked');
    const offered = (input: HTMLInputElement | null | undefined) => Boolean(input?.closest('label')?.dataset.countries?.split(' ').includes(code));
    if (offered(checked)) return;
    const first = [...(form?.querySelectorAll<HTMLInputElement>('input[name="language"]') ?? [])].find(offered);
    if (first) first.checked = true;
  }

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
          if (!hasInvokerCommands() && !dialog.current?.open) dialog.current?.showModal();
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
          {/* Country, then language: two short groups (3 and 3 choices) that fit a 360×640 phone. A
              language the chosen country lacks is hidden by CSS (:has, no JavaScript needed); if it was
              the checked one, the server takes the country's first language. */}
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{labels.country}</legend>
            <div className={styles.choices}>
              {countries.map((country) => (
                <label key={country.code} className={styles.option}>
                  <input type="radio" name="country" value={country.code} defaultChecked={country.code === current.country} onChange={keepLanguageAvailable} />
                  <span>{country.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{labels.language}</legend>
            <div className={styles.choices}>
              {languages.map((language) => (
                <label key={language.lang} className={`${styles.option} ${styles.language}`} lang={language.lang} data-countries={language.countries.join(' ')}>
                  <input type="radio" name="language" value={language.lang} defaultChecked={language.lang === current.language} />
                  <span>{language.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={styles.apply}>
            {labels.apply}
          </button>
        </form>
      </dialog>
    </>
  );
}
