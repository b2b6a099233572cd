import type { Metadata } from 'next';
import { cleanQuery } from '@/lib/content';
import { localeParam } from '@/lib/i18n/params';
import { FaqList, faqMetadata } from './_list';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return faqMetadata(await localeParam(params), 1);
}

/** The FAQ: its first page of questions, or the results of a search (`?q=`, never cached). */
export default async function FaqPage({ params, searchParams }: Props) {
  const q = (await searchParams).q;
  return <FaqList locale={await localeParam(params)} page={1} query={cleanQuery(Array.isArray(q) ? q[0] : q)} />;
}
