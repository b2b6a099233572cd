import type { Metadata } from 'next';
import { localeParam, pageParam } from '@/lib/i18n/params';
import { CareersList, careersMetadata } from '../../_list';

type Props = { params: Promise<{ locale: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return careersMetadata(await localeParam(params), await pageParam(params));
}

/** A further page of the open positions. */
export default async function CareersPage({ params }: Props) {
  return <CareersList locale={await localeParam(params)} page={await pageParam(params)} />;
}
