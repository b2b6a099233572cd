// Whether Next renders a page for an "HTML-limited" bot (README.md, assumption 6): for these user agents
// it puts the page's metadata in <head> instead of streaming it, so the HTML differs. Next's own test,
// from the installed next. Erasable TypeScript only (server.ts loads it).
import { createRequire } from 'node:module';

/** The module of the installed next that holds the test. */
export const STREAMING_METADATA_MODULE = 'next/dist/server/lib/streaming-metadata.js';
type BotTest = (userAgent: string | string[] | undefined) => boolean;

/** The bot test of the next that `require` resolves (the contract loads another version's this way). */
export function botTestOf(require: NodeJS.Require): BotTest {
  const { shouldServeStreamingMetadata } = require(STREAMING_METADATA_MODULE) as { shouldServeStreamingMetadata(userAgent: string, htmlLimitedBots: string | undefined): boolean };
  return (userAgent) => !shouldServeStreamingMetadata(String(userAgent ?? ''), undefined);
}

/** Does Next render the HTML for a bot that needs the metadata in <head>? */
export const htmlLimitedBot: BotTest = botTestOf(createRequire(import.meta.url));
