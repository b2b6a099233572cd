// The page of a refused oversized post (413), shared by the proxy (per-route limits) and server.mjs
// (bodies larger than any route accepts, whatever their transfer encoding). Plain JavaScript, because
// server.mjs runs before any TypeScript is compiled. The texts come from the message catalogues.

const escape = (value) => String(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {{ lang: string, message: string, back: string, path: string }} page */
export function tooLargePage({ lang, message, back, path }) {
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>413</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6"><h1>413</h1><p>${escape(message)}</p><p><a href="${escape(path)}">${escape(back)}</a></p></body></html>`;
}
