import { en } from './en.js';
import type { LanguageCues, Lexicon } from './types.js';

export type { LanguageCues, Lexicon, PhraseKey, PhraseTable } from './types.js';

/** The languages the service writes its own sentences in and recognises small talk in. */
export const LEXICONS: Readonly<Record<string, Lexicon>> = { en };

/** The lexicon of a language tag's primary language, English when there is none. */
export function lexiconFor(languageTag: string | null | undefined): Lexicon {
  const primary = (languageTag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return LEXICONS[primary] ?? en;
}

export function hasLexicon(languageTag: string | null | undefined): boolean {
  const primary = (languageTag ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return Object.hasOwn(LEXICONS, primary);
}

export type CueKey = keyof LanguageCues;
