import { getTranslations } from 'next-intl/server';
import { formatContentDate, isoDate } from '@/lib/content/format';
import type { Locale } from '@/lib/i18n/editions';

/** 'Updated JUNE 03, 2026', with a machine-readable date. */
export async function UpdatedDate({ date, locale }: { date: string; locale: Locale }) {
  const t = await getTranslations('Content');
  return <time dateTime={isoDate(date)}>{t('updated', { date: formatContentDate(date, locale) })}</time>;
}
