import { sql } from 'drizzle-orm';
import { oneEditApart } from '../../lib/edit-distance.js';
import { queryRows, type Db } from '../../db/client.js';
import type { DocumentKind } from '../../db/schema.js';
import { hitOf, type SearchHit } from './search.js';
import { withoutAccents } from './text-search.js';

/**
 * Lookups of documents by what identifies them rather than by their words: a product by its name
 * as a visitor types it (typos and partial names included, by trigram similarity), a page by its
 * address (the page the visitor is on, the pages an earlier answer showed). Every statement is
 * scoped to one workspace.
 */

export interface NamedProduct {
  documentId: string;
  title: string;
  url: string;
  /** How much of the product's name appears in the question, in [0, 1] (pg_trgm word_similarity). */
  score: number;
  /** Words of the name the question contains (up to a typo). */
  matchedWords: number;
  /** One of them leads the name and belongs to no other candidate's name ("ridgeline", not "jacket"). */
  distinctive: boolean;
  /** Share of the name's words the question contains. */
  coverage: number;
  /**
   * Named only by the word that says what it is ("the headlamp" for "Lumen 400 Headlamp"): a
   * product all the same, but a page that answers the question ("what EU size are my shoes?")
   * may be what is asked about.
   */
  byKindWord?: boolean;
}

/** Question words that look for product names: the longest, at most this many. */
const NAME_WORDS = 8;
const MIN_NAME_WORD = 3;
/** No word of a product name is longer: a longer run of letters (a hostile message) names nothing. */
const MAX_NAME_WORD = 40;
/** Names are matched over the question's first characters only: a name is a few words. */
const MAX_QUESTION_CHARS = 500;

/**
 * Products whose name or SKU appears in the question, best first. Candidates share a word with
 * the question up to a typo (the trigram index answers `name %> word`); they are then ranked by
 * how much of their whole name the question contains (word_similarity(name, question)). A SKU
 * written in the question names its product even with a typo or in part (see skuMatchOf).
 */
export async function productsNamedIn(
  db: Db,
  workspaceId: string,
  question: string,
  {
    limit = 3,
    translationsOf = () => [],
  }: {
    limit?: number;
    /** The words that mean what a word of the question means in other languages ("oil": "huile", "aceite"…), folded. */
    translationsOf?: (word: string) => readonly string[];
  } = {},
): Promise<NamedProduct[]> {
  const text = question.toLowerCase().normalize('NFC').slice(0, MAX_QUESTION_CHARS);
  const words = [...new Set(text.match(/[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*/gu) ?? [])]
    .filter((word) => word.length <= MAX_NAME_WORD && ([...word].length >= MIN_NAME_WORD || /\d/.test(word)))
    // Numbers first ("Sternwacht 3" is not "Sternwacht 2"), then the longest words: a long
    // question's short words are its function words.
    .sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length)
    .slice(0, NAME_WORDS);
  const skuKeys = skuKeysIn(text.match(/[\p{L}\p{N}]+(?:[-./_][\p{L}\p{N}]+)*/gu) ?? []);
  if (words.length === 0 && skuKeys.length === 0) return [];
  const anyWord =
    words.length > 0
      ? sql.join(
          words.map((word) => sql`lower(d.title) %> ${word}`),
          sql` OR `,
        )
      : sql`false`;
  const byName = sql`SELECT d.id, d.title, d.permalink, d.data->>'sku' AS sku, word_similarity(lower(d.title), ${text}) AS score
          FROM documents d
         WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product' AND (${anyWord})
         ORDER BY score DESC, d.id
         LIMIT ${RERANKED_CANDIDATES}`;
  // SKUs close to a code the question contains, compared without case and separators: one
  // statement with the names, and only for a question that contains something like a code.
  const skuCandidates =
    skuKeys.length > 0
      ? sql` UNION ALL (SELECT d.id, d.title, d.permalink, d.data->>'sku' AS sku, word_similarity(lower(d.title), ${text}) AS score
          FROM documents d
         WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product'
           AND (${sql.join(
             skuKeys.map((key) => sql`${SKU_KEY} % ${key} OR ${SKU_KEY} LIKE ${`%${key}%`}`),
             sql` OR `,
           )})
         ORDER BY greatest(${sql.join(
           skuKeys.map((key) => sql`similarity(${SKU_KEY}, ${key})`),
           sql`, `,
         )}) DESC, d.id
         LIMIT ${SKU_CANDIDATES})`
      : sql``;
  const rows = await queryRows<{ id: string; title: string; permalink: string; sku: string | null; score: number }>(db, sql`(${byName})${skuCandidates}`);
  const seen = new Set<string>();
  const unique = rows.filter((row) => !seen.has(String(row.id)) && seen.add(String(row.id)) !== undefined);
  const bySku = skuMatchOf(
    unique.map((row) => ({ documentId: String(row.id), sku: typeof row.sku === 'string' ? row.sku : '' })),
    skuKeys,
  );
  const candidates = unique.map((row) => ({
    documentId: String(row.id),
    title: String(row.title),
    url: String(row.permalink),
    score: Number(row.score),
    matchedWords: 0,
    distinctive: false,
    coverage: 0,
  }));
  const ranked = withNamesInLatinRecognised(distinctiveFirst(candidates, words, translationsOf), text, words);
  const namedBySku = ranked.filter((candidate) => bySku.has(candidate.documentId)).map((candidate) => ({ ...candidate, ...SKU_NAMED }));
  return [...namedBySku, ...ranked.filter((candidate) => !bySku.has(candidate.documentId))].slice(0, limit);
}

/** A SKU as compared: lower case, separators dropped ("NW-JKT-RDG" is "nwjktrdg"); the same expression as the index's. */
const SKU_KEY = sql.raw(`regexp_replace(lower(d.data->>'sku'), '[^[:alnum:]]', '', 'g')`);
/** SKU candidates read beside the name candidates. */
const SKU_CANDIDATES = 6;
/** A code shorter than this (without separators) names nothing by itself: "xl", "20l", "gtx". */
const MIN_SKU_KEY = 4;
/** Part of a SKU names it when it is this share of the SKU or more ("jkt-rdg" of "nw-jkt-rdg"), and no other SKU contains it. */
const MIN_SKU_PART_SHARE = 0.5;
/** A product named by its SKU is as certainly meant as one named by its whole name. */
const SKU_NAMED = { score: 1, distinctive: true, coverage: 1, matchedWords: Number.MAX_SAFE_INTEGER } as const;

/** "29.99", "1,5", "600ml", "1.5kg", "20l": an amount, not a code. */
const MEASURE_OR_PRICE = /^\d+(?:[.,]\d+)*\p{L}{0,3}$/u;

function skuKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The question's words that may be a SKU: four letters or digits or more, written with a digit
 * and a letter ("bc2-olive", "x200") or with a separator ("tnt-bc2"). Amounts ("29.99",
 * "600ml", "1.5kg") are not codes; a number alone is too often one (a price, a year, a size).
 */
function skuKeysIn(tokens: readonly string[]): string[] {
  const keys = tokens
    .filter((token) => token.length <= MAX_NAME_WORD && !MEASURE_OR_PRICE.test(token))
    .filter((token) => (/\p{L}/u.test(token) && /\p{N}/u.test(token)) || /[-/_]/.test(token))
    .map(skuKey)
    .filter((key) => [...key].length >= MIN_SKU_KEY);
  return [...new Set(keys)].slice(0, NAME_WORDS);
}

/**
 * The candidates a code in the question names by SKU: the same SKU (case and separators aside),
 * one typo away from it ("nw-jkt-rgd"), or a part of it that is at least half of it
 * ("jkt-rdg"). A code that fits two SKUs equally names neither: "nw-jkt" is every jacket's prefix.
 */
function skuMatchOf(candidates: readonly { documentId: string; sku: string }[], keys: readonly string[]): Set<string> {
  const matched = new Set<string>();
  for (const key of keys) {
    const skus = candidates.map((candidate) => ({ id: candidate.documentId, sku: skuKey(candidate.sku) })).filter((candidate) => candidate.sku.length > 0);
    const exact = skus.filter((candidate) => candidate.sku === key);
    const typo = skus.filter((candidate) => candidate.sku.length >= MIN_SKU_KEY + 1 && oneEditApart(candidate.sku, key));
    const part = skus.filter((candidate) => candidate.sku.includes(key) && key.length / candidate.sku.length >= MIN_SKU_PART_SHARE);
    const [only] = [exact, typo, part].find((found) => found.length > 0) ?? [];
    const unique = [exact, typo, part].find((found) => found.length > 0)?.length === 1;
    if (only && unique) matched.add(only.id);
  }
  return matched;
}

/**
 * How much of a product's name a question must contain (pg_trgm word_similarity) for the
 * question to be about that product: "the ridgline jacket" for "Ridgeline Waterproof Jacket"
 * scores about 0.6, a generic "the jacket" 0.25.
 */
export const NAME_MATCH = 0.45;

const OTHER_SCRIPT_LETTER = /(?!\p{Script=Latin})\p{L}/u;
const LATIN_WORD = /^(?=.*\p{Script=Latin})[\p{Script=Latin}\p{N}.-]+$/u;

/**
 * "كم سعر مصباح المكتب Halo؟": a question in another script that writes a product's name in
 * Latin letters names that product, though the name's words are a small part of the question
 * (which is all the trigram score sees). A product whose distinctive word is among them counts
 * as named.
 */
function withNamesInLatinRecognised(candidates: NamedProduct[], text: string, words: readonly string[]): NamedProduct[] {
  if (!OTHER_SCRIPT_LETTER.test(text) || !words.some((word) => LATIN_WORD.test(word))) return candidates;
  return candidates.map((candidate) => (candidate.distinctive ? { ...candidate, score: Math.max(candidate.score, NAME_MATCH) } : candidate));
}

/** Candidates read by trigram similarity and ranked again by the distinctive words they share. */
const RERANKED_CANDIDATES = 10;
const DISTINCTIVE_WEIGHT = 0.3;

/**
 * Trigram similarity weighs every word of a name alike, so "the ridgline jacket" is as close to
 * "Alpine Rain Jacket" as to "Ridgeline Waterproof Jacket". A word of a name that few of the
 * candidates share ("ridgeline") says more than one most of them have ("jacket"): each name
 * word the question contains (up to a typo) adds its rarity among the candidates.
 */
function distinctiveFirst(candidates: NamedProduct[], questionWords: readonly string[], translationsOf: (word: string) => readonly string[]): NamedProduct[] {
  // Words of three letters or more but the joining ones ("for", "with", "des"), and numbers of
  // any length ("Sternwacht 2", "3-Piece").
  const titleWords = candidates.map((candidate) => [
    ...new Set((candidate.title.toLowerCase().match(/\p{L}[\p{L}\p{N}]{2,}|\p{N}+/gu) ?? []).filter((word) => !JOINING_WORDS.has(word))),
  ]);
  const sharedBy = new Map<string, number>();
  for (const words of titleWords) for (const word of words) sharedBy.set(word, (sharedBy.get(word) ?? 0) + 1);
  const headWords = candidates.map((candidate) => headWordOf(candidate.title));
  const ownNames = candidates.map((candidate) => ownNamesOf(candidate.title));
  // A name's "100W" is read as its number, and so is the question's "100w" ("the voltdock 100w").
  const numbers = new Set(questionWords.flatMap((asked) => /^(\d+)\p{L}{1,3}$/u.exec(asked)?.[1] ?? []));
  const asWritten = (asked: string, word: string) => asked === word || (word.length >= 5 && oneEditApart(asked, word));
  const translations = new Map(questionWords.map((asked) => [asked, new Set(translationsOf(asked))]));
  return (
    candidates
      .map((candidate, index) => {
        const words = titleWords[index] ?? [];
        // "the jojoba oil" names "Huile de jojoba bio" by two of its words, one as written and one
        // translated; a word of the question that the name has as written is not read again in
        // translation ("grinder" of "Molen 64 Grinder" is not also its "molen").
        const untranslated = questionWords.filter((asked) => !words.some((word) => asWritten(asked, word)));
        const shopName = shopNameWords(candidate.url);
        const matched = words.filter(
          (word) =>
            !shopName.has(word) &&
            (numbers.has(word) ||
              questionWords.some((asked) => asWritten(asked, word)) ||
              untranslated.some((asked) => translations.get(asked)?.has(withoutAccents(word)))),
        );
        const rarity = matched.reduce((sum, word) => sum + 1 / (sharedBy.get(word) ?? 1), 0);
        // A name's own word leads it ("Ridgeline …", "Lumen 400"), and the kind of thing it is
        // ends it ("… Headlamp", "… Poles (pair)"): either, when no other product has it, names
        // the product ("the headlamp"), however long the rest of the name. A word between is often
        // an ordinary adjective ("… Waterproof Jacket") that visitors use about other products too.
        // A number is distinctive ("Sternwacht 2") but names nothing alone ("a tent for 2").
        const unique = matched.filter((word) => (sharedBy.get(word) ?? 0) <= 1);
        const leadingWord = unique.some((word) => word === words[0] && !/\d/.test(word));
        const kindWord = unique.some((word) => word === headWords[index] && !/\d/.test(word));
        const ownWords = unique.filter((word) => ownNames[index]?.has(word));
        const ownName = ownWords.some((word) => questionWords.includes(word));
        const namingWord = leadingWord || kindWord || ownWords.length > 0;
        const distinctive = namingWord || unique.some((word) => /\d/.test(word));
        const bonus = words.length > 0 ? Math.max((DISTINCTIVE_WEIGHT * rarity) / Math.sqrt(words.length), namingWord ? DISTINCTIVE_WEIGHT : 0) : 0;
        // A name's own word written as the name writes it ("the pico kettle" for "Hervidor
        // eléctrico Pico cuello de cisne 0,8 L") names it however long the rest of the name is,
        // which is all the trigram score weighs.
        const score = Math.min(1, candidate.score + bonus);
        return {
          ...candidate,
          score: ownName ? Math.max(score, NAME_MATCH) : score,
          matchedWords: matched.length,
          distinctive,
          coverage: words.length > 0 ? matched.length / words.length : 0,
          byKindWord: kindWord && !leadingWord && matched.length === 1,
          // Written as the name writes it: "oven" is one letter from "woven" but names no "Woven …".
          leadingWord: leadingWord && questionWords.includes(words[0] ?? ''),
        };
      })
      // A product's own name ("Snackwise") outweighs ordinary words another's name also has ("wet
      // food" of "Tuna Tide Wet Cat Food" in "will the Snackwise work with wet food?").
      .sort(
        (a, b) =>
          Number(b.leadingWord) - Number(a.leadingWord) ||
          b.matchedWords - a.matchedWords ||
          // As many words each: the one that has a word of its own over one sharing a word others have ("set" of "set de 4").
          Number(b.distinctive) - Number(a.distinctive) ||
          b.coverage - a.coverage ||
          b.score - a.score ||
          a.documentId.localeCompare(b.documentId),
      )
      .map(({ leadingWord: _leadingWord, ...candidate }) => candidate)
  );
}

/**
 * The words of the shop's own name, as its address writes it ("threadline" of
 * threadline.example, "brewhaus" and "coffee" of brewhaus-coffee.nl): every product is the
 * shop's, so they name none ("is there a Threadline app?" is not about the "Threadline Gift Card").
 */
function shopNameWords(url: string): Set<string> {
  if (!URL.canParse(url)) return new Set();
  const labels = new URL(url).hostname
    .toLowerCase()
    .split('.')
    .filter((label) => label !== 'www');
  return new Set(labels.slice(0, -1).flatMap((label) => label.split('-')));
}

/**
 * The words of a name written as its own, where the language capitalises only names: "Kōbō" of
 * "Cuchillo de chef Kōbō damasco 20 cm", "Pico" of "Hervidor eléctrico Pico cuello de cisne"
 * (French, Spanish, Italian, Portuguese names put the kind of thing first). A name in title case
 * ("Ridgeline Waterproof Jacket") capitalises every word, and says nothing this way.
 */
function ownNamesOf(title: string): Set<string> {
  // What is in brackets is a note ("(3-pack)"), not how the name is written.
  const words = title.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').match(/\p{L}[\p{L}\p{N}]{2,}/gu) ?? [];
  const capitalised = (word: string) => /^\p{Lu}/u.test(word);
  if (!words.some((word) => !capitalised(word) && word.length >= 4)) return new Set();
  return new Set(
    words
      .slice(1)
      .filter(capitalised)
      .map((word) => word.toLowerCase()),
  );
}

/**
 * The word that says what a product is: the last word of its name, leaving out what is in
 * brackets, a closing measure ("Alpine Trekking Poles (pair)": "poles"; "Thermo Insulated
 * Bottle 750 ml": "bottle"), and what it is for or comes with ("Knife Block for 6 Knives":
 * "block"; "Barra magnética Nogal para cuchillos 40 cm" is no knife).
 */
function headWordOf(title: string): string | undefined {
  const words =
    title
      .toLowerCase()
      .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
      .replace(PURPOSE_OR_PART, ' ')
      .match(/\p{L}[\p{L}\p{N}]{2,}|\p{N}+(?:[.,]\p{N}+)?/gu) ?? [];
  while (words.length > 1 && /\p{N}/u.test(words.at(-1)!)) words.pop();
  // A unit after a number ("750 ml", "28 l" is two letters and never a word here).
  if (words.length > 2 && /^\p{L}{1,3}$/u.test(words.at(-1)!) && /^\p{N}/u.test(words.at(-2)!)) words.splice(-2);
  while (words.length > 1 && /\p{N}/u.test(words.at(-1)!)) words.pop();
  return words.at(-1);
}

/** A name's words from "for", "with" on, in the main languages (not the first word). */
const PURPOSE_OR_PART = /(?<=\S)\s(?:for|with|für|fuer|mit|pour|avec|para|con|per|voor|met|com)\s.*$/u;

/** The words that join a name's parts, in the main languages: they name nothing ("Déodorant Sans Bicarbonate" is not named by "sans"). */
const JOINING_WORDS = new Set(
  (
    'and for with without the von und mit ohne für fuer der die das des les aux pour avec sans une con sin per senza por para del della delle dei las los una ' +
    'voor met zonder het van com sem dos das'
  ).split(' '),
);

/** The same address written with and without its trailing slash. */
function addressVariants(urls: readonly string[]): string[] {
  const variants = new Set<string>();
  for (const url of urls) {
    const trimmed = url.trim();
    if (!trimmed) continue;
    variants.add(trimmed);
    variants.add(trimmed.endsWith('/') ? trimmed.replace(/\/+$/, '') : `${trimmed}/`);
  }
  return [...variants].slice(0, 40);
}

export interface DocumentRef {
  documentId: string;
  kind: DocumentKind;
  title: string;
  url: string;
}

/** The synced documents at these addresses, in the order of the addresses given. */
export async function documentsAt(db: Db, workspaceId: string, urls: readonly string[]): Promise<DocumentRef[]> {
  const variants = addressVariants(urls);
  if (variants.length === 0) return [];
  const rows = await queryRows<{ id: string; kind: DocumentKind; title: string; permalink: string }>(
    db,
    sql`SELECT d.id, d.kind, d.title, d.permalink FROM documents d
         WHERE d.workspace_id = ${workspaceId}
           AND d.permalink IN (${sql.join(
             variants.map((url) => sql`${url}`),
             sql`, `,
           )})`,
  );
  const position = (permalink: string) => {
    const bare = permalink.replace(/\/+$/, '');
    const index = urls.findIndex((url) => url.trim().replace(/\/+$/, '') === bare);
    return index < 0 ? urls.length : index;
  };
  return rows
    .map((row) => ({ documentId: String(row.id), kind: row.kind, title: String(row.title), url: String(row.permalink) }))
    .sort((a, b) => position(a.url) - position(b.url));
}

/**
 * Products whose name has every one of these words whole (letters and digits only, compared
 * without case): "25" finds "Aceto Balsamico … Extravecchio 25 anni", not "… 250 ml".
 */
export async function productsTitledWith(db: Db, workspaceId: string, words: readonly string[], limit: number): Promise<DocumentRef[]> {
  const whole = words.filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
  if (whole.length === 0 || whole.length !== words.length) return [];
  const rows = await queryRows<{ id: string; title: string; permalink: string }>(
    db,
    sql`SELECT d.id, d.title, d.permalink FROM documents d
         WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product'
           AND ${sql.join(
             whole.map((word) => sql`d.title ~* ${`(^|[^[:alnum:]])${word}($|[^[:alnum:]])`}`),
             sql` AND `,
           )}
         ORDER BY d.id
         LIMIT ${limit}`,
  );
  return rows.map((row) => ({ documentId: String(row.id), kind: 'product' as const, title: String(row.title), url: String(row.permalink) }));
}

/** A product by its SKU or exact name (a page's JSON-LD names it so). */
export async function productByIdentity(db: Db, workspaceId: string, identity: { sku?: string; name?: string }): Promise<DocumentRef | undefined> {
  const conditions = [
    identity.sku ? sql`d.data->>'sku' = ${identity.sku}` : undefined,
    identity.name ? sql`lower(d.title) = lower(${identity.name})` : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await queryRows<{ id: string; title: string; permalink: string }>(
    db,
    sql`SELECT d.id, d.title, d.permalink FROM documents d
         WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product' AND (${sql.join(conditions, sql` OR `)})
         ORDER BY d.id LIMIT 1`,
  );
  return row ? { documentId: String(row.id), kind: 'product', title: String(row.title), url: String(row.permalink) } : undefined;
}

/** A document's chunks as search hits, in reading order (at most `limit`). */
export async function documentHits(db: Db, workspaceId: string, documentIds: readonly string[], limit = 3): Promise<SearchHit[]> {
  if (documentIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data, 1 AS score
          FROM documents d
          JOIN LATERAL (SELECT * FROM chunks c WHERE c.document_id = d.id AND c.workspace_id = ${workspaceId} ORDER BY c.ordinal LIMIT ${limit}) c ON true
         WHERE d.workspace_id = ${workspaceId} AND d.id IN (${sql.join(
           documentIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const order = (id: string) => documentIds.indexOf(id);
  return rows.map(hitOf).sort((a, b) => order(a.documentId) - order(b.documentId) || a.chunkId - b.chunkId);
}

export interface ContentProfile {
  /** The text-search configurations the content was indexed with, most used first. */
  configs: string[];
  /** Whether the workspace has any product: a content site's questions never look for one. */
  hasProducts: boolean;
  /** How many chunks its index has (counted up to CHUNKS_COUNTED), which search weighs words against. */
  chunks: number;
}

/** When each workspace's documents last changed in this process: a cached profile older than that is read again. */
const contentChangedAt = new Map<string, number>();

/** Called when documents are written: the next question reads the workspace's profile afresh. */
export function noteContentChanged(workspaceId: string, now = Date.now()): void {
  if (contentChangedAt.size > 10_000) contentChangedAt.clear();
  contentChangedAt.set(workspaceId, now);
}

const contentProfileCache = new WeakMap<Db, Map<string, { at: number; profile: Promise<ContentProfile> }>>();
const CONTENT_PROFILE_TTL_MS = 60_000;
const CONTENT_LANGUAGE_SAMPLE = 2000;
const CHUNKS_COUNTED = 100_000;

/**
 * What a workspace's content is: the text-search configurations it was indexed with (from a
 * bounded sample of its chunks), whether it has products and how many chunks; one statement,
 * cached for a minute per workspace.
 */
export function contentProfileOf(db: Db, workspaceId: string, now = Date.now()): Promise<ContentProfile> {
  let byWorkspace = contentProfileCache.get(db);
  if (!byWorkspace) contentProfileCache.set(db, (byWorkspace = new Map()));
  const cached = byWorkspace.get(workspaceId);
  if (cached && now - cached.at < CONTENT_PROFILE_TTL_MS && cached.at >= (contentChangedAt.get(workspaceId) ?? 0)) return cached.profile;
  const profile = queryRows<{ configs: string[] | null; has_products: boolean; chunks: number | string }>(
    db,
    sql`SELECT (SELECT array_agg(s.config ORDER BY s.n DESC, s.config) FROM (
                 SELECT t.config, count(*) AS n FROM (SELECT c.text_search_config AS config FROM chunks c WHERE c.workspace_id = ${workspaceId} LIMIT ${CONTENT_LANGUAGE_SAMPLE}) t
                  GROUP BY t.config ORDER BY n DESC LIMIT 3) s) AS configs,
               EXISTS (SELECT 1 FROM documents d WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product') AS has_products,
               (SELECT count(*) FROM (SELECT 1 FROM chunks c WHERE c.workspace_id = ${workspaceId} LIMIT ${CHUNKS_COUNTED}) n) AS chunks`,
  ).then(([row]) => ({ configs: (row?.configs ?? []).map(String), hasProducts: row?.has_products === true, chunks: Number(row?.chunks ?? 0) }));
  if (byWorkspace.size > 10_000) byWorkspace.clear();
  byWorkspace.set(workspaceId, { at: now, profile });
  profile.catch(() => byWorkspace.delete(workspaceId));
  return profile;
}
