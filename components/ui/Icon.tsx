import type { JSX, ReactNode } from 'react';

export type IconName =
  | 'bill'
  | 'card'
  | 'wallet'
  | 'autopay'
  | 'share'
  | 'meter'
  | 'bell'
  | 'phone'
  | 'link'
  | 'chart'
  | 'archive'
  | 'api'
  | 'users'
  | 'chat'
  | 'shield'
  | 'check'
  | 'globe'
  | 'menu'
  | 'close'
  | 'arrow-right'
  | 'arrow-left'
  | 'search'
  | 'clock'
  | 'calendar'
  | 'briefcase'
  | 'rss'
  | 'download'
  | 'mail'
  | 'map-pin'
  | 'apple'
  | 'android'
  | 'chevron-down';

/** 24x24 stroke glyphs; stroke attributes are set once on the <svg>. */
const paths: Record<IconName, ReactNode> = {
  bill: <path d="M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5L6 21zM9 8h6M9 12h6M9 16h3" />,
  card: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
      <path d="M2.5 10h19M6 15h4" />
    </>
  ),
  wallet: (
    <>
      <path d="M17 7V5a1 1 0 0 0-1.2-1L4.6 6.1A2 2 0 0 0 3 8" />
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M21 11h-4a2 2 0 0 0 0 4h4M17 13h.01" />
    </>
  ),
  autopay: (
    <path d="M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9M18.5 3v4.2h-4.2M5.5 21v-4.2h4.2M9.5 12l1.8 1.8 3.2-3.3" />
  ),
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </>
  ),
  meter: (
    <>
      <path d="M4 16a8 8 0 1 1 16 0M12 16l3.5-4.5M4 20h16M12 8v1M7.2 10l.7.7M16.8 10l-.7.7" />
      <circle cx="12" cy="16" r="1" />
    </>
  ),
  bell: <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7M10 20a2 2 0 0 0 4 0" />,
  phone: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </>
  ),
  link: (
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  ),
  chart: <path d="M4 4v16h16M8 16v-4M12 16V8M16 16v-6" />,
  archive: (
    <>
      <rect x="3" y="4" width="18" height="5" rx="1" />
      <path d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9M10 13h4" />
    </>
  ),
  api: <path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </>
  ),
  chat: <path d="M20 11a8 8 0 0 1-11.5 7.2L3.5 20.5l1.1-6.3A8 8 0 1 1 20 11zM8.5 11h.01M12 11h.01M15.5 11h.01" />,
  shield: <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18z" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  'arrow-right': <path d="M5 12h14M13 6l6 6-6 6" />,
  'arrow-left': <path d="M19 12H5M11 6l-6 6 6 6" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3 12.5h18" />
    </>
  ),
  rss: <path d="M5 5a14 14 0 0 1 14 14M5 11a8 8 0 0 1 8 8M6 19h.01" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  'map-pin': (
    <>
      <path d="M12 21s7-6.2 7-11.5a7 7 0 0 0-14 0C5 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  apple: (
    <path d="M12 7.6c-1.2-.9-2.4-1.2-3.7-1C5.8 7 4.5 9.1 4.5 11.9c0 3.8 2.5 8.6 4.8 8.6 1 0 1.6-.6 2.7-.6s1.7.6 2.7.6c2.3 0 4.8-4.8 4.8-8.6 0-2.8-1.3-4.9-3.8-5.3-1.3-.2-2.5.1-3.7 1zM12 7.6c0-2 .9-3.7 3-4.6" />
  ),
  android: (
    <path d="M6 11a6 6 0 0 1 12 0zM9 5.8L7.8 3.8M15 5.8l1.2-2M9.5 8.5h.01M14.5 8.5h.01M6 13h12v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 18zM3.5 13v4M20.5 13v4M9.5 19.5v2M14.5 19.5v2" />
  ),
  'chevron-down': <path d="M6 9l6 6 6-6" />,
};

export function Icon({
  name,
  size = 24,
  className,
}: {
  name: IconName;
  size?: number;
  className?: string;
}): JSX.Element {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
