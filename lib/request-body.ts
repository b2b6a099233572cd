/**
 * A request body read up to `limit` bytes, as text; null when it is longer (a Content-Length above the
 * limit is refused before reading, a chunked body as soon as it passes it, and nothing more is read).
 * server.ts bounds every body already (lib/http/body-limit.ts); this is each endpoint's own, smaller
 * limit, which holds under `next start` too. A leaf of its own: the route helpers of lib/http and the CSP
 * report endpoint of lib/observability both use it, and lib/http already uses observability's logger.
 */
export async function readBodyUpTo(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
