import type { Metadata } from 'next';
import { cleanQuery } from '@/lib/content';
import { localeParam } from '@/lib/i18n/params';
import { GuidesList, guidesMetadata } from './_list';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return guidesMetadata(await localeParam(params), 1);
}

/** The guides: their first page, or the results of a search (`?q=`, never cached). */
export default async function GuidesPage({ params, searchParams }: Props) {
  const q = (await searchParams).q;
  return <GuidesList locale={await localeParam(params)} page={1} query={cleanQuery(Array.isArray(q) ? q[0] : q)} />;
}
