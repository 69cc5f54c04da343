import { BY_WEB_SHARE, hasLexicon, lexiconFor, type CueKey } from '../lexicon/index.js';
import { asciiDigits } from '../visitor-facts.js';
import { fold, primaryLanguage } from './stemming.js';

/**
 * What a visitor's message asks, read from the words it uses in the reply language, the store's
 * content language and English: small talk, a pointer at the product being discussed ("this
 * one"), a quantity, a price or stock question, price bounds ("under $30"), and its parts when it
 * asks two things at once. Every scan here is a handful of regular expressions without nested
 * quantifiers over a message of at most a few thousand characters: linear in its length.
 */

export type SmallTalk = 'greeting' | 'how_are_you' | 'thanks' | 'goodbye' | 'who_are_you';

export interface PriceBounds {
  min?: number;
  max?: number;
}

export interface QuestionAnalysis {
  /** Set when the message is only small talk (nothing else is asked). */
  smallTalk: SmallTalk | null;
  /** Every kind of small talk in the message, in the order they are answered. */
  smallTalkKinds: SmallTalk[];
  deictic: boolean;
  quantity: boolean;
  asksPrice: boolean;
  asksStock: boolean;
  onSale: boolean;
  bounds: PriceBounds;
  /** The questions the message asks; one unless it joins two ("…, and do you ship to Canada?"). */
  parts: string[];
}

const SMALL_TALK_ORDER: readonly SmallTalk[] = ['greeting', 'who_are_you', 'how_are_you', 'thanks', 'goodbye'];
/** Scripts written without spaces between words: their cues match anywhere in the text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

const compiled = new Map<string, RegExp | null>();

/** One regular expression for a cue list: phrases at word boundaries, `*` for any ending. */
function cueRegExp(language: string, key: CueKey): RegExp | null {
  const cacheKey = `${language}\u0000${key}`;
  const known = compiled.get(cacheKey);
  if (known !== undefined) return known;
  const phrases = lexiconFor(language).cues[key];
  const alternatives = [...phrases]
    // Longer phrases first, so that "how much does it weigh" is taken before "how much".
    .sort((a, b) => b.length - a.length)
    .map((raw) => {
      const prefix = raw.endsWith('*');
      const body = fold(prefix ? raw.slice(0, -1) : raw).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
      if (!body) return '';
      if (UNSPACED.test(body)) return body;
      return `(?<![\\p{L}\\p{N}])${body}${prefix ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`;
    })
    .filter(Boolean);
  const regexp = alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'gu') : null;
  compiled.set(cacheKey, regexp);
  return regexp;
}

/** The languages whose cues are read: the reply language, the content's, and English. */
function cueLanguages(languages: readonly string[]): string[] {
  const primaries = [...languages.map(primaryLanguage), 'en'].filter((language) => hasLexicon(language));
  return [...new Set(primaries)];
}

function matches(text: string, languages: readonly string[], key: CueKey): boolean {
  return languages.some((language) => {
    const regexp = cueRegExp(language, key);
    if (!regexp) return false;
    regexp.lastIndex = 0;
    return regexp.test(text);
  });
}

function removeCues(text: string, languages: readonly string[], keys: readonly CueKey[]): string {
  let rest = text;
  for (const language of languages) {
    for (const key of keys) {
      const regexp = cueRegExp(language, key);
      if (regexp) rest = rest.replace(regexp, ' ');
    }
  }
  return rest;
}

const LETTERS = /[\p{L}]{2,}/gu;
/** Words a short message may carry besides small talk ("Hi there!", "thanks a lot", a name). */
const FILLER = new Set(
  'there a lot so very much you all again team guys folks friend dear sir madam for your help the to and du dir euch ihnen sie vielen dank lieben schon le la les vous tout toi a todos muchas usted much ok okay great nice cool yes no please bitte'.split(' '),
);

function smallTalkOf(folded: string, languages: readonly string[]): { kinds: SmallTalk[]; only: boolean } {
  const kinds = SMALL_TALK_ORDER.filter((kind) => matches(folded, languages, kind));
  if (kinds.length === 0) return { kinds, only: false };
  const rest = removeCues(folded, languages, SMALL_TALK_ORDER);
  const unspaced = UNSPACED.test(rest);
  const leftover = unspaced ? rest.replace(/[\s\p{P}\p{S}]/gu, '') : '';
  const words = (rest.match(LETTERS) ?? []).filter((word) => !FILLER.has(word));
  // A message that asks something besides the greeting ("hi, do you ship to Canada?") is a question.
  const only = unspaced ? leftover.length <= 2 : words.length <= 1;
  return { kinds, only };
}

const CURRENCY_BEFORE = String.raw`(?:[$€£¥₹]|(?:usd|eur|gbp|chf|cad|aud|sek|nok|dkk|pln)\s?)`;
const CURRENCY_AFTER = String.raw`(?:\s?(?:[$€£¥₹]|usd|eur|euros?|gbp|chf|cad|aud|dollars?|pounds?|francs?|kr|zl|dolares|dolares|libras)(?![\p{L}]))`;
/** Units after a number make it a weight, size or temperature, not a price. */
const UNIT_AFTER = /^\s?(?:kg|g|gr|mg|l|ml|cl|cm|mm|m|km|w|h|v|mah|lm|lumen|grad|degrees?|°|%|inch|in|zoll|"|x|personen|people|persons|pers|std|stunden|hours?|min|tage|days?|jahre|years?)(?![\p{L}])/iu;
const AMOUNT = String.raw`(\d+(?:[.,]\d{1,2})?)`;

function bounds(folded: string, languages: readonly string[]): PriceBounds {
  const result: PriceBounds = {};
  for (const [key, side] of [
    ['price_below', 'max'],
    ['price_above', 'min'],
  ] as const) {
    for (const language of languages) {
      const cue = cueRegExp(language, key);
      if (!cue) continue;
      const pattern = new RegExp(`(?:${cue.source})\\s*${CURRENCY_BEFORE}?\\s*${AMOUNT}`, 'gu');
      for (const match of folded.matchAll(pattern)) {
        const number = match[match.length - 1];
        if (!number) continue;
        const after = folded.slice((match.index ?? 0) + match[0].length);
        const hasCurrency = new RegExp(`${CURRENCY_BEFORE}\\s*$`, 'u').test(match[0].slice(0, match[0].length - number.length)) || new RegExp(`^${CURRENCY_AFTER}`, 'u').test(after);
        // A bare number is a price only when the message speaks of prices ("under 30, what does it cost?").
        if (!hasCurrency && (UNIT_AFTER.test(after) || !matches(folded, languages, 'price_question'))) continue;
        const value = Number(number.replace(',', '.'));
        if (Number.isFinite(value) && value > 0 && result[side] === undefined) result[side] = value;
      }
    }
  }
  return result;
}

const MIN_PART_WORDS = 3;

/** The questions of a message: split at question marks, and at a joining word between two clauses. */
function partsOf(message: string, languages: readonly string[]): string[] {
  const pieces = message
    .split(/(?<=[?？؟!;])\s+/u)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const parts: string[] = [];
  for (const piece of pieces) {
    parts.push(...splitAtConjunction(piece, languages));
  }
  const substantial = parts.filter((part) => (part.match(LETTERS) ?? []).length >= 2);
  return substantial.length > 1 ? substantial : [message.trim()];
}

function splitAtConjunction(piece: string, languages: readonly string[]): string[] {
  for (const language of languages) {
    const cue = cueRegExp(language, 'conjunctions');
    if (!cue) continue;
    const folded = fold(piece);
    // Folding keeps the length of most texts; where it does not, the piece stays whole.
    if (folded.length !== piece.length) continue;
    for (const match of folded.matchAll(new RegExp(cue.source, 'gu'))) {
      const at = match.index ?? 0;
      const left = piece.slice(0, at).replace(/[,\s]+$/u, '');
      const right = piece.slice(at + match[0].length).trim();
      const wordsLeft = left.match(LETTERS)?.length ?? 0;
      const wordsRight = right.match(LETTERS)?.length ?? 0;
      if (wordsLeft >= MIN_PART_WORDS && wordsRight >= MIN_PART_WORDS) return [left, ...splitAtConjunction(right, languages)];
    }
  }
  return [piece];
}

/** Small talk is this short: a greeting, thanks, "how are you". */
const SMALL_TALK_MAX_CHARS = 80;

/**
 * The language a short message is small talk in ("¡Hola! ¿Qué tal?", "Danke dir!"): one whose
 * phrases say all of it, `preferred` (the visitor's locale) if it is one of them, else the one
 * with the larger share of the web. Such
 * messages are too short for a detector, and answering them in the visitor's own words matters.
 */
export function smallTalkLanguage(message: string, preferred?: string | null): string | undefined {
  if (message.length > SMALL_TALK_MAX_CHARS) return undefined;
  const folded = fold(message);
  const preferredLanguage = primaryLanguage(preferred);
  // "Thanks", "ok", "bye" are written by speakers of every language: English small talk does
  // not move a conversation out of the visitor's language.
  const speakers = BY_WEB_SHARE.filter((language) => smallTalkOf(folded, [language]).only);
  if (speakers.includes(preferredLanguage)) return preferredLanguage;
  if (speakers.includes('en') && preferredLanguage && preferredLanguage !== 'en') return undefined;
  // "Hallo" is German, Dutch and Indonesian: the language of more of the web.
  return speakers[0];
}

export function analyzeQuestion(message: string, languages: readonly string[]): QuestionAnalysis {
  const cues = cueLanguages(languages);
  const folded = fold(asciiDigits(message));
  const smallTalk = smallTalkOf(folded, cues);
  return {
    smallTalk: smallTalk.only ? (smallTalk.kinds[0] ?? null) : null,
    smallTalkKinds: smallTalk.kinds,
    deictic: matches(folded, cues, 'deictic'),
    quantity: matches(folded, cues, 'quantity'),
    asksPrice: matches(folded, cues, 'price_question'),
    asksStock: matches(folded, cues, 'stock_question'),
    onSale: matches(folded, cues, 'on_sale'),
    bounds: bounds(folded, cues),
    parts: partsOf(message, cues),
  };
}
