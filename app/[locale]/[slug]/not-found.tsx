import { NotFoundContent } from '@/components/errors/NotFoundContent';

/**
 * A generic page that vanished between the proxy's path check and the render (a revalidation in that
 * moment): every other missing page gets app/global-not-found.tsx. Short, because Next puts this
 * boundary into the RSC payload of every generic page (the legal pages are the site's longest).
 */
export default function NotFound() {
  return <NotFoundContent help={false} />;
}
