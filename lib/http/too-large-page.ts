// The page of a refused post: 413 (too large for its route), or 503 while the server holds all the
// bodies it may (lib/http/body-limit.ts). Shared by the proxy and server.ts. The texts come from the message catalogues.

const escape = (value: unknown): string => String(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The "back to the form" address: the request's path when it is one of this site's (one slash, then not
 * a second slash or backslash), else the home page. `//evil.example/lv-en` is another host's address to
 * a browser, and the refusal page must never link there (issue 47, finding 8).
 */
export function backPath(path: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
}

export function tooLargePage({ lang, message, back, path, status = 413 }: { lang: string; message: string; back: string; path: string; status?: number }): string {
  path = backPath(path);
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6"><h1>${status}</h1><p>${escape(message)}</p><p><a href="${escape(path)}">${escape(back)}</a></p></body></html>`;
}
