import type { Metadata } from 'next';
import { localeParam } from '@/lib/i18n/params';
import { CareersList, careersMetadata } from './_list';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return careersMetadata(await localeParam(params), 1);
}

/** The open positions: the newest (older ones on /careers/page/2 and on). */
export default async function CareersPage({ params }: Props) {
  return <CareersList locale={await localeParam(params)} page={1} />;
}
