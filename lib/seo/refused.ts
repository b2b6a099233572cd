import { headers } from 'next/headers';
import { ACTION_HEADER } from '@/lib/next-adapter/request-headers.ts';

/**
 * Whether this page is being drawn as the answer to a form posted without JavaScript. On the pages
 * that use it (a company's payment form, the card step) an accepted post redirects, so a page drawn
 * in answer to a post is a refusal: its title then says "Error:" (WCAG 3.3.1, the tab names the
 * problem before the page is read). A post from JavaScript carries `next-action` and never redraws
 * the title here (the form island sets it).
 */
export async function answersRefusedPost(): Promise<boolean> {
  const request = await headers();
  const type = request.get('content-type') ?? '';
  return !request.has(ACTION_HEADER) && /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type);
}
