/**
 * The root segment's not-found boundary, which nothing reaches: unmatched URLs and unknown editions get
 * app/global-not-found.tsx (the proxy rewrites them there), pages' notFound() gets the edition's own
 * app/[locale]/not-found.tsx, and the edition layout never calls notFound(). Without this file Next puts
 * its default English 404 page into the RSC payload of every page (about 400 bytes of each document).
 */
export default function RootNotFound() {
  return null;
}
