/**
 * The sentences the runtime itself writes (button labels, the refusal when a reply would leak the
 * instructions, the offline responder's answers), in the twenty languages of lexicon/. Other reply
 * languages use English for these; a real model writes everything else in the reply language.
 */
import { en } from './lexicon/en.js';
import { LEXICONS, type PhraseKey } from './lexicon/index.js';
import { primaryLanguage } from './locales.js';

export type { PhraseKey };

/** The phrase in the reply language (by primary subtag), English when it has no translation. */
export function phrase(languageTag: string, key: PhraseKey, values: Record<string, string> = {}): string {
  const template = (LEXICONS[primaryLanguage(languageTag)] ?? en).phrases[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** The visitor's words for a synced stock status (`instock`...), never the shop's code. */
export function stockPhrase(languageTag: string, status: string): string {
  switch (status) {
    case 'instock':
      return phrase(languageTag, 'stock_instock');
    case 'outofstock':
      return phrase(languageTag, 'stock_outofstock');
    case 'onbackorder':
      return phrase(languageTag, 'stock_onbackorder');
    default:
      return status;
  }
}
