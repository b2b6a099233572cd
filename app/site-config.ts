import type { ShellConfig } from '@/components/layout/SiteShell';
import { env } from '@/lib/env';
import { switchEdition } from './[locale]/_actions/edition';

/** The configuration the site's shell shows (links, fonts, analytics), read here and handed down as props. */
export const shellConfig: ShellConfig = {
  logins: { customer: env.CUSTOMER_LOGIN_URL, business: env.BUSINESS_LOGIN_URL },
  apps: { appStore: env.APP_STORE_URL, googlePlay: env.GOOGLE_PLAY_URL },
  gtmId: env.NEXT_PUBLIC_GTM_ID,
  switchEdition,
};
