'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { hasInvokerCommands } from '@/components/ui/invoker';
import styles from './Header.module.css';

type Props = {
  id: string;
  /** The button's visible text, which is also its whole accessible name (WCAG 2.5.3 label in name). */
  label: string;
  closeLabel: string;
  icons: { open: ReactNode; close: ReactNode };
  /** `menu`: the phone menu, a sheet under the top of the screen; `logins`: a small panel under the header's right end. */
  variant: 'menu' | 'logins';
  /** Hides the text of the button on the narrowest phones (it stays its accessible name). */
  compact?: boolean;
  children: ReactNode;
};

const FOCUSABLE = 'a[href], button:not([disabled])';

/** The attributes of an invoker button (not yet in React's types). */
const invoke = (command: 'show-modal' | 'close', id: string) => ({ command, commandfor: id }) as Record<string, string>;

/**
 * A header menu (the phone menu, the logins): a button and a native modal dialog. Invoker commands
 * (`command`/`commandfor`) open and close it without JavaScript and `closedby="any"` closes it on Esc or
 * a tap outside; being modal, the page behind it is inert, so focus cannot leave it (it did from the
 * old popover without JavaScript). JavaScript adds only what the browser lacks: opening where invoker
 * commands are missing, closing after a link is followed inside the app (no page load then), and the
 * button's data-open (for styling; no aria-expanded: a button with `command` states it through the
 * browser, and HTML forbids both together). A menu the visitor opened before the scripts ran stays open: its state is read
 * from the dialog, never assumed closed.
 */
export function MenuDialog({ id, label, closeLabel, icons, variant, compact, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  // A navigation closes the menu; hydration is not one (the path it started on is not a change).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    dialog.current?.close();
  }, [pathname]);

  // The dialog is the truth about being open (invoker commands, Esc and a tap outside change it without
  // React): data-open follows its toggle events, from what it is when the island starts.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const sync = () => setOpen(element.open);
    sync();
    element.addEventListener('toggle', sync);
    element.addEventListener('close', sync);
    return () => {
      element.removeEventListener('toggle', sync);
      element.removeEventListener('close', sync);
    };
  }, []);

  // Tab and Shift+Tab cycle inside the open menu (a modal dialog would let them reach the browser's own
  // controls between the last item and the first).
  function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === items.length - 1 ? 0 : index + 1;
    event.preventDefault();
    items[next]?.focus();
  }

  return (
    <>
      <button
        type="button"
        className={variant === 'menu' ? styles.menuButton : styles.loginButton}
        aria-haspopup="dialog"
        data-open={open}
        {...invoke('show-modal', id)}
        onClick={() => {
          if (!hasInvokerCommands() && !dialog.current?.open) dialog.current?.showModal();
          setOpen(true);
        }}
      >
        {icons.open}
        <span className={compact ? styles.menuText : undefined}>{label}</span>
      </button>
      <dialog
        ref={dialog}
        id={id}
        className={variant === 'menu' ? styles.panel : styles.loginPanel}
        aria-label={label}
        {...{ closedby: 'any' }}
        onKeyDown={trapFocus}
        onClick={(event) => {
          if (event.target === dialog.current || (event.target as HTMLElement).closest('a')) dialog.current?.close();
        }}
      >
        <div className={styles.panelHead}>
          <button type="button" className={styles.closeButton} aria-label={closeLabel} {...invoke('close', id)} onClick={() => dialog.current?.close()}>
            {icons.close}
          </button>
        </div>
        {children}
      </dialog>
    </>
  );
}
