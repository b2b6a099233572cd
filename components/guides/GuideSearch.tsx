import { getMessages } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import type { GuideListItem } from '@/lib/content/guide-items';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { GuideSearch as GuideSearchIsland } from './GuideSearch.client';

/** Server side of the guide search island: hands it only the `Guides` texts it uses, as a prop. */
export async function GuideSearch({ locale, query, items }: { locale: Locale; query: string; items: GuideListItem[] }) {
  const { Guides } = await getMessages({ locale });
  return (
    <GuideSearchIsland
      locale={locale}
      text={Guides}
      action={localizedPath(locale, '/guides')}
      initialQuery={query}
      initialItems={items}
      searchIcon={<Icon name="search" size={20} />}
    />
  );
}
