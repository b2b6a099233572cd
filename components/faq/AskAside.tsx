import { getTranslations } from 'next-intl/server';
import layout from '@/components/content/Layout.module.css';
import { ButtonLink } from '@/components/ui/Button';

/** 'Didn't find an answer?' with a link to the ask-a-question form, under the FAQ. */
export async function AskAside() {
  const t = await getTranslations('Faq');
  return (
    <aside className={layout.aside} aria-labelledby="faq-ask">
      <h2 id="faq-ask">{t('askTitle')}</h2>
      <p>{t('askText')}</p>
      <ButtonLink href="/ask-question">{t('askCta')}</ButtonLink>
    </aside>
  );
}
