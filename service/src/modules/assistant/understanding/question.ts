import { measureConditionsIn, type MeasureCondition } from './measures.js';
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
  /** "The cheapest tent", "your most expensive jacket": products are listed by price, this way. */
  priceOrder: 'asc' | 'desc' | null;
  /** Conditions on a measure ("under 1.5 kg", "R-value at least 4"): products are chosen by them. */
  measures: MeasureCondition[];
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
  const phrases = lexiconFor(language).cues[key] ?? [];
  const alternatives = [...phrases]
    // Longer phrases first, so that "how much does it weigh" is taken before "how much".
    .sort((a, b) => b.length - a.length)
    .map((raw) => {
      const prefix = raw.endsWith('*');
      // "celui-là" is also typed "celui là".
      const body = fold(prefix ? raw.slice(0, -1) : raw)
        .trim()
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/[\s-]+/g, '[\\s-]+');
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
  'there a lot so very much you all again team guys folks friend dear sir madam for your help the to and du dir euch ihnen sie vielen dank lieben schon le la les vous tout toi a todos muchas usted much ok okay great nice cool yes no please bitte'.split(
    ' ',
  ),
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
const UNIT_AFTER =
  /^\s?(?:kg|g|gr|mg|l|ml|cl|cm|mm|m|km|w|h|v|mah|lm|lumen|grad|degrees?|°|%|inch|in|zoll|"|x|personen|people|persons|pers|std|stunden|hours?|min|tage|days?|jahre|years?)(?![\p{L}])/iu;
const AMOUNT = String.raw`(\d+(?:[.,]\d{1,2})?)`;

const ENDS_WITH_CURRENCY = new RegExp(`${CURRENCY_BEFORE}\\s*$`, 'u');
const STARTS_WITH_CURRENCY = new RegExp(`^${CURRENCY_AFTER}`, 'u');
/** How far after an amount a currency or unit is looked for: the longest of them, and spaces. */
const AFTER_AMOUNT_CHARS = 16;
const boundPatterns = new Map<string, RegExp>();

function boundPattern(language: string, key: 'price_below' | 'price_above'): RegExp | undefined {
  const cacheKey = `${language}\u0000${key}`;
  let pattern = boundPatterns.get(cacheKey);
  if (!pattern) {
    const cue = cueRegExp(language, key);
    if (!cue) return undefined;
    // One `\\s*` on each side of the optional currency, never two in a row: two adjacent ones
    // would try every way of sharing a long run of spaces between them.
    pattern = new RegExp(`(?:${cue.source})\\s*(?:${CURRENCY_BEFORE}\\s*)?${AMOUNT}`, 'gu');
    boundPatterns.set(cacheKey, pattern);
  }
  return pattern;
}

/** An amount about an order or its shipping ("free shipping over $75") bounds no product's price. */
const ORDER_TOTAL =
  /(?<![\p{L}])(?:ship\w*|deliver\w*|orders?|order total|basket|cart|versand\w*|liefer\w*|bestell\w*|warenkorb|warenwert|livraison|commande\w*|panier|envio\w*|envío\w*|pedido\w*|carrito|spedizion\w*|ordin\w*)(?![\p{L}])/u;

function bounds(folded: string, languages: readonly string[]): PriceBounds {
  const result: PriceBounds = {};
  if (ORDER_TOTAL.test(folded)) return result;
  let speaksOfPrices: boolean | undefined;
  for (const [key, side] of [
    ['price_below', 'max'],
    ['price_above', 'min'],
  ] as const) {
    for (const language of languages) {
      const pattern = boundPattern(language, key);
      if (!pattern) continue;
      pattern.lastIndex = 0;
      for (let match = pattern.exec(folded); match; match = pattern.exec(folded)) {
        const number = match[match.length - 1];
        if (!number) continue;
        const end = (match.index ?? 0) + match[0].length;
        // Only the next few characters can say what the number is: no slice to the end of the text.
        const after = folded.slice(end, end + AFTER_AMOUNT_CHARS);
        const hasCurrency = ENDS_WITH_CURRENCY.test(match[0].slice(0, match[0].length - number.length)) || STARTS_WITH_CURRENCY.test(after);
        // A bare number is a price only when the message speaks of prices ("under 30, what does it cost?").
        if (!hasCurrency && (UNIT_AFTER.test(after) || !(speaksOfPrices ??= matches(folded, languages, 'price_question')))) continue;
        const value = Number(number.replace(',', '.'));
        if (Number.isFinite(value) && value > 0 && result[side] === undefined) result[side] = value;
      }
    }
  }
  return result;
}

/** "Cheapest" or "most expensive", whichever the message says (the first when it says both). */
function priceOrderOf(folded: string, languages: readonly string[]): 'asc' | 'desc' | null {
  const at = (key: 'cheapest' | 'priciest') =>
    Math.min(
      ...languages.map((language) => {
        const regexp = cueRegExp(language, key);
        if (!regexp) return Infinity;
        regexp.lastIndex = 0;
        return regexp.exec(folded)?.index ?? Infinity;
      }),
    );
  const cheapest = at('cheapest');
  const priciest = at('priciest');
  if (cheapest === Infinity && priciest === Infinity) return null;
  return cheapest <= priciest ? 'asc' : 'desc';
}

const MIN_PART_WORDS = 3;
/**
 * A visitor asks two or three things at once; each part is searched and answered on its own, so
 * a message of forty questions would cost forty searches. Past this many, the rest of the message
 * is read as one last part.
 */
const MAX_PARTS = 4;

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
  if (substantial.length <= 1) return [message.trim()];
  if (substantial.length <= MAX_PARTS) return substantial;
  // Every part is a piece of the message, in order: the last kept part starts where it was found.
  let from = 0;
  for (const part of substantial.slice(0, MAX_PARTS - 1)) from = message.indexOf(part, from) + part.length;
  const lastStart = message.indexOf(substantial[MAX_PARTS - 1]!, from);
  return [...substantial.slice(0, MAX_PARTS - 1), message.slice(lastStart).trim()];
}

/**
 * The piece split at a joining word that has three or more words on either side, then the rest
 * split the same way: the first language (in order) with such a joining word decides each split.
 * The joining words of each language are found in one pass over the piece, and the words between
 * a split and a joining word are counted from an index of the piece's words (not by reading the
 * text again), so a message of thousands of joining words costs what reading it once does.
 */
function splitAtConjunction(piece: string, languages: readonly string[]): string[] {
  const folded = fold(piece);
  // Folding keeps the length of most texts; where it does not, the piece stays whole.
  if (folded.length !== piece.length) return [piece];
  const joins = languages.flatMap((language) => {
    const cue = cueRegExp(language, 'conjunctions');
    return cue ? [{ matches: spansOf(cue, folded), next: 0 }] : [];
  });
  if (joins.every((join) => join.matches.length === 0)) return [piece];
  const words = wordIndex(piece);
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    let split: { at: number; after: number } | undefined;
    for (const join of joins) {
      // A joining word passed over once never splits later: the text before it only shrinks as
      // `start` moves on, and the text after it stays the same.
      for (; join.next < join.matches.length; join.next += 1) {
        const { at, end } = join.matches[join.next]!;
        if (at < start) continue;
        const after = skipSpace(piece, end);
        if (words.count(start, at) >= MIN_PART_WORDS && words.count(after, piece.length) >= MIN_PART_WORDS) {
          split = { at, after };
          join.next += 1;
          break;
        }
      }
      if (split) break;
    }
    if (!split) break;
    parts.push(trimCommasAndSpaceEnd(piece.slice(start, split.at)));
    start = split.after;
  }
  parts.push(start === 0 ? piece : piece.slice(start));
  return parts;
}

const LETTER_RUN = /\p{L}+/gu;

/**
 * Where a global pattern matches, in order. With the pattern's own `exec` rather than matchAll,
 * which makes a new copy of the pattern for every call (and a copy starts cold).
 */
function spansOf(pattern: RegExp, text: string): { at: number; end: number }[] {
  const spans: { at: number; end: number }[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    spans.push({ at: match.index, end: match.index + match[0].length });
    if (match[0].length === 0) pattern.lastIndex += 1;
  }
  return spans;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/u.test(text[i]!)) i += 1;
  return i;
}

function trimCommasAndSpaceEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ',' || /\s/u.test(text[end - 1]!))) end -= 1;
  return text.slice(0, end);
}

interface WordIndex {
  /** How many runs of two or more letters `text.slice(from, to)` has (what LETTERS finds in it). */
  count(from: number, to: number): number;
}

/** The runs of letters of a text, so that the words of any slice are counted without reading it. */
function wordIndex(text: string): WordIndex {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const run of spansOf(LETTER_RUN, text)) {
    starts.push(run.at);
    ends.push(run.end);
  }
  // full[k]: how many of the first k runs have two or more letters.
  const full = [0];
  for (let k = 0; k < starts.length; k += 1) full.push(full[k]! + (letterCount(text, starts[k]!, ends[k]!) >= 2 ? 1 : 0));
  /** The number of runs for which `before(k)` holds, runs being in order. */
  const countWhile = (before: (k: number) => boolean) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (before(mid)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const clipped = (k: number, from: number, to: number) => (letterCount(text, Math.max(starts[k]!, from), Math.min(ends[k]!, to), 2) >= 2 ? 1 : 0);
  return {
    count(from, to) {
      if (from >= to) return 0;
      const first = countWhile((k) => ends[k]! <= from);
      const last = countWhile((k) => starts[k]! < to) - 1;
      if (first > last) return 0;
      if (first === last) return clipped(first, from, to);
      return clipped(first, from, to) + clipped(last, from, to) + full[last]! - full[first + 1]!;
    },
  };
}

/** Letters (code points) in text.slice(from, to), counting no further than `enough`. */
function letterCount(text: string, from: number, to: number, enough = Infinity): number {
  let count = 0;
  for (let i = from; i < to && count < enough; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count += 1; // the low half of a pair is the same letter
  }
  return count;
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

/** Whether the text points at something already named ("it", "this one", "lo"): a part of a question may, about its other part's product. */
export function pointsBack(text: string, languages: readonly string[]): boolean {
  return matches(fold(asciiDigits(text)), cueLanguages(languages), 'deictic');
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
    priceOrder: priceOrderOf(folded, cues),
    measures: measureConditionsIn(message),
    parts: partsOf(message, cues),
  };
}
