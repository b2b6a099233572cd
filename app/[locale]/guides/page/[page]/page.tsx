import type { Metadata } from 'next';
import { localeParam, pageParam } from '@/lib/i18n/params';
import { GuidesList, guidesMetadata } from '../../_list';

type Props = { params: Promise<{ locale: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return guidesMetadata(await localeParam(params), await pageParam(params));
}

/** A further page of the guides (searching is on /guides). */
export default async function GuidesPage({ params }: Props) {
  return <GuidesList locale={await localeParam(params)} page={await pageParam(params)} query="" />;
}
