import sanitizeHtml from 'sanitize-html';
import { isEditionPath } from '@/lib/i18n/locale';

/**
 * The one gate for HTML that comes from the content API: a strict allowlist, applied on the server
 * before rendering. No scripts, styles, event handlers, iframes or forms survive; links keep only
 * http(s), mailto and tel; external links get `rel`; the page supplies the only `<h1>`.
 */

export type SanitizeOptions = {
  /** Turns a site path written without an edition (`/guides/x`) into the visitor's (`/lv-en/guides/x`). */
  localizePath: (path: string) => string;
  /** Origin of the site; absolute links to it count as internal. */
  siteOrigin: string;
};

const EXTERNAL_REL = 'noopener noreferrer';

function rewriteHref(href: string, options: SanitizeOptions): { href: string; external: boolean } {
  const value = href.trim();
  if (value.startsWith('#') || value.startsWith('mailto:') || value.startsWith('tel:')) return { href: value, external: false };
  if (value.startsWith('/') && !value.startsWith('//')) {
    return { href: isEditionPath(value) ? value : options.localizePath(value), external: false };
  }
  try {
    const url = new URL(value);
    if (url.origin === options.siteOrigin) {
      const path = `${url.pathname}${url.search}${url.hash}`;
      return { href: isEditionPath(path) ? path : options.localizePath(path), external: false };
    }
  } catch {
    // not an absolute URL: left to the scheme allowlist, which drops it
  }
  return { href: value, external: true };
}

export function sanitizeContentHtml(html: string, options: SanitizeOptions): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p', 'br', 'hr', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote',
      'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption',
    ],
    allowedAttributes: {
      a: ['href', 'rel', 'title'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    // Dropped with their content, not just unwrapped.
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      a: (tagName, attribs) => {
        const { href } = attribs;
        const out: sanitizeHtml.Attributes = {};
        if (href) {
          const link = rewriteHref(href, options);
          out.href = link.href;
          if (link.external) out.rel = EXTERNAL_REL;
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
    },
  });
}
