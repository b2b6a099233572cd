import type { Language } from './editions';
import { loadMessages, type Messages } from './messages';

const loading = new Map<Language, Promise<Messages['Errors']>>();

/**
 * The `Errors` texts of a language for the error pages, which render on the client without a message
 * provider: loaded once, when an error page is first shown (one chunk per language).
 */
export function errorMessages(language: Language): Promise<Messages['Errors']> {
  let messages = loading.get(language);
  if (!messages) loading.set(language, (messages = loadMessages(language).then((m) => m.Errors)));
  return messages;
}
