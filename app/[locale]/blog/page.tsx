import type { Metadata } from 'next';
import { localeParam } from '@/lib/i18n/params';
import { BlogList, blogMetadata } from './_list';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return blogMetadata(await localeParam(params), 1);
}

/** The blog: its newest articles (older ones on /blog/page/2 and on). */
export default async function BlogPage({ params }: Props) {
  return <BlogList locale={await localeParam(params)} page={1} />;
}
