import type { Metadata } from 'next';
import { localeParam, pageParam } from '@/lib/i18n/params';
import { FaqList, faqMetadata } from '../../_list';

type Props = { params: Promise<{ locale: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return faqMetadata(await localeParam(params), await pageParam(params));
}

/** A further page of the FAQ's questions (searching is on /faq). */
export default async function FaqPage({ params }: Props) {
  return <FaqList locale={await localeParam(params)} page={await pageParam(params)} query="" />;
}
