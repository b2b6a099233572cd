import { NotFoundContent } from '@/components/errors/NotFoundContent';

/** Fallback for a `notFound()` that the proxy's path check did not foresee. */
export default function NotFound() {
  return <NotFoundContent />;
}
