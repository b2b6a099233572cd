/**
 * Structured data for search engines. `<` is escaped, so text from the content (a title with
 * `</script>` in it) cannot end the element early; a JSON data block is not script, so the CSP allows it.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, '');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
