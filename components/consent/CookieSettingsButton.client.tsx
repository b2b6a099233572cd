'use client';

import { OPEN_CONSENT_EVENT } from './ConsentManager.client';

/** The footer's "Cookie settings": opens the consent banner again, so the visitor can change their mind. */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}>
      {label}
    </button>
  );
}
