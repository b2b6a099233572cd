import format, { type CompiledMessage } from 'icu-minify/format';
import { dateTimeFormat, messageNumberFormat, pluralRules } from './intl-cache';

/**
 * Message formatting for client islands. The catalogues are compiled at build time (next.config.ts:
 * next-intl's `precompile`, with icu-minify), so a message is plain text or a small tree, and formatting
 * it needs only icu-minify's runtime (under 1 KB), not an ICU parser. Server components keep next-intl;
 * islands get their namespace of the catalogue as a prop and format it with this.
 * tests/format-message.test.ts holds it equal to next-intl's formatting for every text of those
 * namespaces in all five languages.
 */
export type CompiledMessages = { [key: string]: CompiledMessage | CompiledMessages };
export type Values = Record<string, string | number>;

/** The dotted keys of a namespace object: `errors.required`, `checkout.pay`, ... */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends CompiledMessage ? K : `${K}.${MessageKey<T[K]>}`;
}[keyof T & string];

const formatters = {
  getNumberFormat: (locale?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) => messageNumberFormat(String(locale), options),
  getPluralRules: (locale?: Intl.LocalesArgument, options?: Intl.PluralRulesOptions) => pluralRules(String(locale), options),
  getDateTimeFormat: (locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) => dateTimeFormat(String(locale), options),
};

function isMessage(node: CompiledMessage | CompiledMessages | undefined): node is CompiledMessage {
  return typeof node === 'string' || Array.isArray(node);
}

/** A `t(key, values)` over one namespace of a catalogue. */
export function translator<T extends CompiledMessages>(messages: T, locale: string) {
  return (key: MessageKey<T>, values: Values = {}): string => {
    const text = key
      .split('.')
      .reduce<CompiledMessage | CompiledMessages | undefined>((node, part) => (node && !isMessage(node) ? node[part] : undefined), messages);
    if (!isMessage(text)) throw new Error(`No message ${key}`);
    return String(format(text, locale, values, { formatters }));
  };
}

/**
 * The named entries of a namespace, for a client island's props: the page's RSC payload then carries only
 * the texts the island formats (a translator over the result accepts only those keys).
 */
export function pickMessages<T extends CompiledMessages, K extends keyof T & string>(messages: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<T, K>;
}
