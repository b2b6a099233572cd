/**
 * A few hundred bytes of ICU MessageFormat for client islands: `{name}` arguments and
 * `{n, plural, =0 {…} one {…} other {…}}` with `#`, the only forms the catalogues use in the texts
 * islands show. Server components keep next-intl; islands get their namespace of the catalogue as a
 * prop and format it with this, so a page ships no message formatter library. tests/format-message.test.ts
 * holds it equal to next-intl's formatting for every text of those namespaces in all five languages.
 */
export type Messages = { [key: string]: string | Messages };
export type Values = Record<string, string | number>;

/** The dotted keys of a namespace object: `errors.required`, `checkout.pay`, ... */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}`;
}[keyof T & string];

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced message: ${text}`);
}

export function formatMessage(message: string, values: Values, locale: string, hash?: string): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    if (c === "'" && message[i + 1] === "'") {
      out += "'";
      i++;
    } else if (c === '#' && hash !== undefined) {
      out += hash;
    } else if (c === '{') {
      const end = matchingBrace(message, i);
      const body = message.slice(i + 1, end);
      const comma = body.indexOf(',');
      const name = (comma < 0 ? body : body.slice(0, comma)).trim();
      if (comma < 0) out += String(values[name] ?? `{${name}}`);
      else out += plural(body.slice(comma + 1), Number(values[name]), values, locale);
      i = end;
    } else out += c;
  }
  return out;
}

function plural(spec: string, count: number, values: Values, locale: string): string {
  const rest = spec.replace(/^\s*plural\s*,/, '');
  const branches = new Map<string, string>();
  for (let i = 0; i < rest.length; ) {
    const selector = /^\s*(=\d+|[a-z]+)\s*/.exec(rest.slice(i));
    if (!selector) break;
    const open = i + selector[0].length;
    const close = matchingBrace(rest, open);
    branches.set(selector[1]!, rest.slice(open + 1, close));
    i = close + 1;
  }
  const branch = branches.get(`=${count}`) ?? branches.get(new Intl.PluralRules(locale).select(count)) ?? branches.get('other') ?? '';
  return formatMessage(branch, values, locale, new Intl.NumberFormat(locale).format(count));
}

/** A `t(key, values)` over one namespace of a catalogue. */
export function translator<T extends Messages>(messages: T, locale: string) {
  return (key: MessageKey<T>, values: Values = {}): string => {
    const text = key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);
    if (typeof text !== 'string') throw new Error(`No message ${key}`);
    return formatMessage(text, values, locale);
  };
}

/**
 * The named entries of a namespace, for a client island's props: the page's RSC payload then carries only
 * the texts the island formats (a translator over the result accepts only those keys).
 */
export function pickMessages<T extends Messages, K extends keyof T & string>(messages: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<T, K>;
}
