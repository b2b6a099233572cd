import type { Locale } from '@/lib/i18n/editions';
import type { Messages } from '@/lib/i18n/request';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
