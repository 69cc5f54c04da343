import { ar } from './ar.js';
import { bn } from './bn.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fa } from './fa.js';
import { fr } from './fr.js';
import { hi } from './hi.js';
import { id } from './id.js';
import { it } from './it.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { tr } from './tr.js';
import { ur } from './ur.js';
import { vi } from './vi.js';
import { zh } from './zh.js';
import { primaryLanguage } from '../locales.js';
import type { LanguageCues, Lexicon } from './types.js';

export type { LanguageCues, Lexicon, PhraseKey, PhraseTable } from './types.js';

/**
 * The languages the service writes its own sentences in and recognises small talk in: the twenty
 * most used of the reply locales. Others get English phrases (a hosted model writes the rest).
 */
export const LEXICONS: Readonly<Record<string, Lexicon>> = { ar, bn, de, en, es, fa, fr, hi, id, it, ja, ko, nl, pl, pt, ru, tr, ur, vi, zh };

/** The lexicon of a language tag's primary language, English when there is none. */
export function lexiconFor(languageTag: string | null | undefined): Lexicon {
  return LEXICONS[primaryLanguage(languageTag)] ?? en;
}

export function hasLexicon(languageTag: string | null | undefined): boolean {
  return Object.hasOwn(LEXICONS, primaryLanguage(languageTag));
}

export type CueKey = keyof LanguageCues;

/**
 * The languages of lexicon/ by their share of the web's content, largest first: the tie-break when
 * a word belongs to several ("hallo" is German, Dutch and Indonesian).
 */
export const BY_WEB_SHARE: readonly string[] = [
  'en',
  'es',
  'de',
  'ja',
  'fr',
  'ru',
  'pt',
  'it',
  'nl',
  'pl',
  'tr',
  'fa',
  'zh',
  'vi',
  'id',
  'ko',
  'ar',
  'hi',
  'bn',
  'ur',
];
