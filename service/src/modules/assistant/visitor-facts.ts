/**
 * Facts read from what the visitor typed. Tools trust these (and the verified shopper binding)
 * instead of the model's arguments: a value counts as the visitor's only if it appears in the
 * visitor's own messages, never in content, page context or tool results.
 *
 * Every scan here is one pass over the text (each character is looked at a bounded number of
 * times): a visitor controls the text, and a regular expression such as
 * `[\p{L}\p{N}._%+-]+@…` retried from every letter of a 4,000-letter word took seconds of
 * synchronous CPU. Each candidate is cut out by hand first and only then checked, with anchored
 * patterns over a bounded length.
 */

/** The facts of one visitor message, computed when it is stored and read back with the history. */
export interface MessageFacts {
  emails: string[];
  orderNumbers: string[];
}

/** RFC 5321's limits: longer runs are no address anyone can receive mail at. */
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
/** An order number, reference or SKU longer than this is noise, not something to look up. */
const MAX_ORDER_TOKEN = 64;

const LETTER = /\p{L}/u;
const WHITESPACE = /\s/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The code point at `i` (a surrogate pair counts as one character). */
function codeAt(text: string, i: number): number {
  return text.codePointAt(i) ?? 0;
}

/** The code point that ends just before `i`. */
function codeBefore(text: string, i: number): number {
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2) ?? low;
  }
  return low;
}

const TOKEN = /[\p{L}\p{N}-]+/gu;
const HAS_DIGIT = /\p{N}/u;

const width = (code: number) => (code > 0xffff ? 2 : 1);

function isAsciiAlnum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isLetter(code: number): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER.test(String.fromCodePoint(code));
}

function isLetterOrDigit(code: number): boolean {
  if (code < 0x80) return isAsciiAlnum(code);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(code));
}

/** `[\p{L}\p{N}._%+-]`: what an address may have before its "@". */
function isLocalChar(code: number): boolean {
  return code === 0x2e || code === 0x5f || code === 0x25 || code === 0x2b || code === 0x2d || isLetterOrDigit(code);
}

/** `[\p{L}\p{N}.-]`: what a domain is made of. */
function isDomainChar(code: number): boolean {
  return code === 0x2e || code === 0x2d || isLetterOrDigit(code);
}

interface Span {
  start: number;
  end: number;
}

/**
 * Where the addresses of a text are: for each "@", the run of address characters before it and
 * the longest part of what follows that is a domain (labels of letters, digits and "-" joined by
 * dots, ending in a dot and two or more letters). These are the matches
 * `/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu` finds, in one pass:
 * the run before an "@" stops at the previous "@" or the end of the previous address, and the
 * domain after it at the next character that is no domain character, so no character is read
 * for more than two "@"s.
 */
/** Where the address characters before the "@" at `at` begin, reading back no further than `floor`. */
function localPartStart(text: string, at: number, floor: number): number {
  let start = at;
  while (start > floor) {
    const code = codeBefore(text, start);
    if (!isLocalChar(code)) break;
    start -= width(code);
  }
  return start;
}

function emailSpans(text: string): Span[] {
  const spans: Span[] = [];
  let floor = 0; // nothing before this belongs to a new address: the end of the last one
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const start = localPartStart(text, at, floor);
    if (start === at) {
      floor = at + 1;
      continue;
    }
    const end = domainEnd(text, at + 1);
    if (end !== undefined && at - start <= MAX_LOCAL && end - at - 1 <= MAX_DOMAIN) {
      spans.push({ start, end });
      floor = end;
    } else {
      floor = at + 1;
    }
  }
  return spans;
}

/**
 * The end of the longest domain starting at `from`, if there is one: every label before the last
 * dot taken is non-empty, and what follows that dot is taken as far as it is letters (two or more).
 */
function domainEnd(text: string, from: number): number | undefined {
  let best: number | undefined;
  let labelStart = from;
  for (let i = from; i < text.length;) {
    const code = codeAt(text, i);
    if (!isDomainChar(code)) break;
    if (code !== 0x2e) {
      i += width(code);
      continue;
    }
    if (i === labelStart) return best; // an empty label: nothing after it belongs to the domain
    let letters = i + 1;
    let count = 0;
    for (let next = codeAt(text, letters); letters < text.length && isLetter(next); next = codeAt(text, letters)) {
      letters += width(next);
      count += 1;
    }
    if (count >= 2) best = letters;
    i += 1;
    labelStart = i;
  }
  return best;
}

/** Email addresses in a message, lower-cased. */
export function emailsIn(text: string): string[] {
  return emailSpans(text).map(({ start, end }) => text.slice(start, end).toLowerCase());
}

/** The text with each address replaced by a space. */
function withoutSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const { start, end } of spans) {
    parts.push(text.slice(from, start), ' ');
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * Candidate order numbers in a message, lower-cased: tokens with a digit ("1042", "#1042",
 * "WC-1042", "7") and their digit runs ("1042" from "WC-1042"), so that a model quoting either
 * form still matches; a new shop's first orders have one or two digits. A token is a run of letters, digits and "-" (outside
 * email addresses); tokens longer than 64 characters are none.
 */
export function orderNumbersIn(text: string): string[] {
  const rest = asciiDigits(withoutSpans(text, emailSpans(text)));
  const numbers = new Set<string>();
  // A single character class repeated: each match is one maximal run, found in one pass.
  for (const [token] of rest.matchAll(TOKEN)) {
    if (token.length > MAX_ORDER_TOKEN || !HAS_DIGIT.test(token)) continue;
    const clean = trimDashes(token).toLowerCase();
    numbers.add(clean);
    for (const digits of clean.match(/\d+/g) ?? []) numbers.add(digits);
  }
  return [...numbers];
}

function trimDashes(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && token[start] === '-') start += 1;
  while (end > start && token[end - 1] === '-') end -= 1;
  return token.slice(start, end);
}

/** The facts of a visitor message: what is stored with it. */
export function messageFacts(text: string): MessageFacts {
  return { emails: [...new Set(emailsIn(text))], orderNumbers: orderNumbersIn(text) };
}

/**
 * The text with every email-like run removed, as `/[\p{L}\p{N}._%+-]+@\S+/gu` would (the
 * address characters before an "@" and everything after it up to whitespace), in one pass.
 */
export function withoutEmailLikeRuns(text: string, replacement = ' '): string {
  const parts: string[] = [];
  let from = 0;
  let floor = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', Math.max(at + 1, floor))) {
    const start = localPartStart(text, at, floor);
    if (start === at) {
      floor = at + 1;
      continue;
    }
    let end = at + 1;
    while (end < text.length && !WHITESPACE.test(text[end]!)) end += 1;
    if (end === at + 1) {
      floor = at + 1;
      continue;
    }
    parts.push(text.slice(from, start), replacement);
    from = end;
    floor = end;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** Arabic-Indic and Persian digits as ASCII, so "١٠٤٢" and "1042" are the same order number. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
}
