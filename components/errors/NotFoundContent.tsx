import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/Link';
import { ErrorPanel } from './ErrorPanel';

export async function NotFoundContent() {
  const t = await getTranslations('Errors');
  return (
    <ErrorPanel heading={t('notFoundHeading')}>
      <p>{t.rich('notFoundText', { home: (chunks) => <Link href="/">{chunks}</Link> })}</p>
    </ErrorPanel>
  );
}
