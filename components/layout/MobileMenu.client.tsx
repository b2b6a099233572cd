'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import styles from './Header.module.css';

type Props = {
  labels: { open: string; close: string; menu: string };
  icons: { open: ReactNode; close: ReactNode };
  children: ReactNode;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The phone menu: a button and a popover panel. `popovertarget` makes it open and close (Esc, a tap
 * outside) without JavaScript; with it, the button's state follows the panel, Tab stays inside the
 * open menu, and a navigation closes it. The browser exposes the button's expanded state itself (a
 * popovertarget button may not carry aria-expanded).
 */
export function MobileMenu({ labels, icons, children }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  // A navigation closes the menu.
  useEffect(() => {
    if (panel.current?.matches(':popover-open')) panel.current.hidePopover();
  }, [pathname]);

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, []);

  function close() {
    if (panel.current?.matches(':popover-open')) panel.current.hidePopover();
    button.current?.focus();
  }

  // While open, Tab and Shift+Tab cycle through the button and the menu's links only.
  function keepFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !button.current || !panel.current) return;
    const items = [button.current, ...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === items.length - 1 ? 0 : index + 1;
    event.preventDefault();
    items[next]?.focus();
  }

  return (
    <div className={styles.mobile} onKeyDown={keepFocus}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-controls="mobile-menu"
        aria-label={open ? labels.close : labels.open}
        popoverTarget="mobile-menu"
      >
        {open ? icons.close : icons.open}
        <span className={styles.menuText} aria-hidden="true">
          {labels.menu}
        </span>
      </button>
      <div
        ref={panel}
        id="mobile-menu"
        className={styles.panel}
        popover="auto"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) panel.current?.hidePopover();
        }}
      >
        {children}
      </div>
    </div>
  );
}
