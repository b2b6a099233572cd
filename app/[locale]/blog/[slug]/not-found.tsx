// This page's notFound() (an item the proxy's path check did not foresee). Not one file for the whole
// edition: Next puts that file's 404 into the RSC payload of every page under it (about 3 KB each).
export { NotFoundContent as default } from '@/components/errors/NotFoundContent';
