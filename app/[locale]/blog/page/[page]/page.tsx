import type { Metadata } from 'next';
import { localeParam, pageParam } from '@/lib/i18n/params';
import { BlogList, blogMetadata } from '../../_list';

type Props = { params: Promise<{ locale: string; page: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return blogMetadata(await localeParam(params), await pageParam(params));
}

/** A further page of the blog (the proxy answers 404 past the last one, and for page 1, which is /blog). */
export default async function BlogPage({ params }: Props) {
  return <BlogList locale={await localeParam(params)} page={await pageParam(params)} />;
}
