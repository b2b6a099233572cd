import { statSync } from 'node:fs';
import path from 'node:path';
import { numberFormat } from '@/lib/i18n/intl-cache';

export const PRESENTATION_HREF = '/billme-presentation.pdf';

// Read once per process: the file ships with the build and does not change while it runs.
const bytes = statSync(path.join(process.cwd(), 'public', PRESENTATION_HREF)).size;

/** The presentation's size in the edition's number format, e.g. "479 KB" or "1,65 MB". */
export function presentationSize(locale: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1 ? [mb, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: mb >= 1 ? 2 : 0,
  }).format(value);
}
