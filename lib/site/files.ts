import fs from 'node:fs';
import path from 'node:path';
import { SITE_FILE_CHECKS_KEPT } from '../limits.ts';

/**
 * Files the site serves at a path with an extension, outside the editions' pages: the public folder,
 * and app/'s metadata routes. Anything else with an extension is a 404 page in the visitor's edition.
 */
export const metadataFiles = ['/sitemap.xml', '/robots.txt', '/favicon.ico', '/icon.svg', '/apple-icon.png'] as const;

const known = new Map<string, boolean>();

/** The sitemap index's files (app/sitemaps/[file]): `/sitemaps/lv-lv-1.xml`. */
const SITEMAP_FILE = /^\/sitemaps\/[a-z]{2}-[a-z]{2}-[0-9]+\.xml$/;

export function isSiteFile(pathname: string): boolean {
  if ((metadataFiles as readonly string[]).includes(pathname) || SITEMAP_FILE.test(pathname)) return true;
  let exists = known.get(pathname);
  if (exists === undefined) {
    const publicDir = path.join(/*turbopackIgnore: true*/ process.cwd(), 'public');
    try {
      const file = path.normalize(path.join(/*turbopackIgnore: true*/ publicDir, decodeURIComponent(pathname)));
      exists = file.startsWith(publicDir + path.sep) && fs.existsSync(/*turbopackIgnore: true*/ file) && fs.statSync(/*turbopackIgnore: true*/ file).isFile();
    } catch {
      exists = false; // malformed percent-encoding: not a file of ours
    }
    if (known.size < SITE_FILE_CHECKS_KEPT) known.set(pathname, exists);
  }
  return exists;
}
