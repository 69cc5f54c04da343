import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/** BCP-47 primary language → the PostgreSQL text-search configuration that stems it. */
const CONFIG_BY_LANGUAGE: Record<string, string> = {
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  et: 'estonian',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

const availableConfigs = new WeakMap<Db, Promise<Set<string>>>();

/** The configurations this server actually has (PGlite and PostgreSQL builds differ slightly). */
function configsOf(db: Db): Promise<Set<string>> {
  let configs = availableConfigs.get(db);
  if (!configs) {
    configs = queryRows<{ cfgname: string }>(db, sql`SELECT cfgname FROM pg_ts_config`).then((rows) => new Set(rows.map((row) => row.cfgname)));
    availableConfigs.set(db, configs);
  }
  return configs;
}

/** The configuration for a language tag, or `simple` when the server has none for it. */
export async function textSearchConfigFor(db: Db, language: string | null | undefined): Promise<string> {
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  const config = CONFIG_BY_LANGUAGE[primary];
  if (!config) return 'simple';
  return (await configsOf(db)).has(config) ? config : 'simple';
}

/** Anything but printable ASCII: a word without it has no accent to take off. */
const NON_ASCII = /[^ -~]/;
/**
 * The accents of Latin letters ("é" is "e" and U+0301), and only those: an Indic vowel sign or an
 * Arabic vowel mark is part of its word, and migration 0015 folds Latin letters only.
 */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The words of a text written with accents, without them ("Crème Étoilée" → "Creme Etoilee"):
 * indexed beside the words as written, so that a visitor who types without accents ("creme
 * visage", "jabon de alepo", "deodorant") finds them. Only words that change, so that the
 * others are not counted twice. Linear: one split, one test per word. Migration 0015 gives the
 * chunks indexed before the same words.
 */
export function accentFoldedWords(text: string): string {
  const folded: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (!NON_ASCII.test(word)) continue;
    const written = word.normalize('NFC');
    const plain = withoutAccents(written);
    if (plain !== written && [...plain.replace(ASCII_PUNCTUATION_OR_DIGIT, '')].length >= MIN_FOLDED_LETTERS) folded.push(plain);
  }
  return folded.join(' ');
}

/** The word without its accents ("Étoilée" → "Etoilee"), composed again. */
export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/**
 * Short words are function words, and without their accents some are no stopword but a word
 * of the question ("à" is "a", "où" is "ou"): only words of three letters or more are folded.
 */
const MIN_FOLDED_LETTERS = 3;
/** As migration 0015 counts letters: "l'été," has four. */
const ASCII_PUNCTUATION_OR_DIGIT = /[!-@[-`{-~]/g;

/** A code, SKU or version rather than a word: it has a digit or a joiner. */
export function isLiteralTerm(term: string): boolean {
  return /[\d\-_.]/.test(term);
}

/**
 * The literal terms of a query (codes, SKUs, versions: anything with a digit or joiner), matched
 * as written against the 'simple' half of the index. Plain words go through the stemmer only,
 * so that common words do not match half the index.
 */
export function literalTerms(queryText: string): string | undefined {
  const literal = queryText.split(' | ').filter(isLiteralTerm);
  return literal.length > 0 ? literal.join(' | ') : undefined;
}

/**
 * Words of a visitor's question as an OR query: a chat question rarely contains every word of
 * the passage that answers it, so any matching term counts and ranking sorts out the rest.
 * Terms keep only letters, digits, '-', '_' and '.', which carry no meaning in tsquery syntax.
 */
export function orQueryText(question: string, maxTerms = 32): string | undefined {
  const terms = new Set<string>();
  for (const raw of question.toLowerCase().split(/[^\p{L}\p{N}\-_.]+/u)) {
    if (raw.length === 0) continue;
    const term = trimPunctuation(raw);
    if (term.length === 0 || term.length > 64) continue;
    terms.add(term);
    if (terms.size >= maxTerms) break;
  }
  return terms.size > 0 ? [...terms].join(' | ') : undefined;
}

const TERM_PUNCTUATION = new Set(['-', '_', '.']);

/**
 * The term without leading and trailing '-', '_' and '.'. By hand: `/[-_.]+$/` tries every
 * position of a long run of them that is followed by a letter, again and again.
 */
function trimPunctuation(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && TERM_PUNCTUATION.has(raw[start]!)) start += 1;
  while (end > start && TERM_PUNCTUATION.has(raw[end - 1]!)) end -= 1;
  return raw.slice(start, end);
}

/** A lexeme in more than this share of chunks says little about which chunk answers. */
export const COMMON_LEXEME_SHARE = 0.02;
const COMMON_LEXEMES_TTL_MS = 5 * 60 * 1000;
export interface CommonLexeme {
  lexeme: string;
  /** Share of chunks that contain it, as the planner's statistics estimate it. */
  share: number;
}

interface CommonLexemes {
  list: CommonLexeme[];
  /** The lexemes over COMMON_LEXEME_SHARE only, the ones search treats differently, with their share. */
  overThreshold: ReadonlyMap<string, number>;
}

const commonLexemeCache = new WeakMap<Db, { at: number; lexemes: Promise<CommonLexemes> }>();

/**
 * The lexemes that appear in most chunks, read from the statistics PostgreSQL keeps for the
 * planner (ANALYZE's most common elements of chunks.tsv), refreshed every few minutes.
 */
export async function commonLexemes(db: Db, now = Date.now()): Promise<CommonLexeme[]> {
  return (await cachedCommonLexemes(db, now)).list;
}

export async function commonLexemesOverThreshold(db: Db, now = Date.now()): Promise<ReadonlyMap<string, number>> {
  return (await cachedCommonLexemes(db, now)).overThreshold;
}

function cachedCommonLexemes(db: Db, now: number): Promise<CommonLexemes> {
  const cached = commonLexemeCache.get(db);
  if (cached && now - cached.at < COMMON_LEXEMES_TTL_MS) return cached.lexemes;
  const lexemes = queryRows<CommonLexeme>(
    db,
    sql`SELECT x.lexeme, x.share
          FROM pg_stats s,
               unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS x(lexeme, share)
         WHERE s.schemaname = current_schema() AND s.tablename = 'chunks' AND s.attname = 'tsv'
           AND x.lexeme IS NOT NULL AND x.share > ${COMMON_LEXEME_SHARE / 4}`,
  ).then((rows) => {
    const list = rows.map((row) => ({ lexeme: row.lexeme, share: Number(row.share) }));
    const overThreshold = new Map(list.filter((c) => c.share > COMMON_LEXEME_SHARE).map((c) => [c.lexeme, c.share]));
    return { list, overThreshold };
  });
  commonLexemeCache.set(db, { at: now, lexemes });
  return lexemes;
}

/**
 * What a configuration's stemmer makes of single words (`shipping` → `ship`, a stopword → none),
 * kept per database: visitors ask with the same few thousand words, and analysing them once
 * keeps that work out of every search statement. The stemmers are built into the server and
 * do not change while it runs.
 */
const TERM_LEXEMES_MAX = 50_000;
const termLexemeCache = new WeakMap<Db, Map<string, readonly string[]>>();

export async function lexemesOfTerms(db: Db, config: string, terms: readonly string[]): Promise<Map<string, readonly string[]>> {
  let cache = termLexemeCache.get(db);
  if (!cache) termLexemeCache.set(db, (cache = new Map()));
  const key = (term: string) => `${config}\u0000${term}`;
  const unknown = terms.filter((term) => !cache.has(key(term)));
  if (unknown.length > 0) {
    const rows = await queryRows<{ term: string; lexemes: string[] }>(
      db,
      sql`SELECT t.term, tsvector_to_array(to_tsvector(${config}::regconfig, t.term)) AS lexemes
            FROM json_array_elements_text(${JSON.stringify(unknown)}::json) AS t(term)`,
    );
    if (cache.size + rows.length > TERM_LEXEMES_MAX) cache.clear();
    for (const row of rows) cache.set(key(row.term), row.lexemes);
  }
  return new Map(terms.map((term) => [term, cache.get(key(term)) ?? []]));
}
