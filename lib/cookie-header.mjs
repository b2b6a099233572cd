// One cookie's value from a request's Cookie header, for the code that reads the header itself
// (server.mjs's page cache, the edition cookies): plain JavaScript so that server.mjs imports it too.

/** The value of cookie `name` in a Cookie header, or undefined when it is not there. */
export function cookieValue(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
