// Whether Next renders a page for an "HTML-limited" bot: for these user agents it puts the page's
// metadata in <head> instead of streaming it, so the HTML differs (Next's own test, from the installed next).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { shouldServeStreamingMetadata } = require('next/dist/server/lib/streaming-metadata.js') as { shouldServeStreamingMetadata(userAgent: string, htmlLimitedBots: string | undefined): boolean };

/** Does Next render the HTML for a bot that needs the metadata in <head>? */
export function htmlLimitedBot(userAgent: string | string[] | undefined): boolean {
  return !shouldServeStreamingMetadata(String(userAgent ?? ''), undefined);
}
