import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { DocumentKind } from '../../db/schema.js';
import { contentProfileOf } from './products.js';
import {
  COMMON_LEXEME_SHARE,
  commonLexemes,
  commonLexemesOverThreshold,
  isLiteralTerm,
  lexemesOfTerms,
  literalTerms,
  orQueryText,
  textSearchConfigFor,
} from './text-search.js';

export interface SearchParams {
  workspaceId: string;
  query: string;
  /** The question's language; selects the stemmer. Words are also matched as written. */
  language?: string;
  /**
   * Further text-search configurations to stem the query with: the languages the workspace's
   * content is written in, so that a German question meets German content through the German
   * stemmer even when the reply language is another.
   */
  alsoConfigs?: readonly string[];
  limit?: number;
  kinds?: DocumentKind[];
  filters?: ProductFilters;
  /**
   * The agent asking: the owner's answers written for other agents are left out, and so are
   * those written in other languages than the question's (`language`).
   */
  agentId?: string;
}

/** Conditions on products' structured fields, read from a question or given by a model. */
export interface ProductFilters {
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  onSale?: boolean;
  /** A category name or slug, compared case-insensitively. */
  category?: string;
}

export function hasFilters(filters: ProductFilters | undefined): filters is ProductFilters {
  return filters !== undefined && Object.values(filters).some((value) => value !== undefined && value !== false && value !== '');
}

/** The SQL condition on documents `d` for the filters; products only when any is set. */
export function filterCondition(filters: ProductFilters | undefined) {
  if (!hasFilters(filters)) return sql``;
  const price = sql`nullif(d.data->'pricing'->>'price', '')::numeric`;
  // A variable product's price is its lowest; a variation up to max_price may still be above a bound.
  const highest = sql`coalesce(nullif(d.data->'pricing'->>'max_price', '')::numeric, ${price})`;
  const parts = [
    sql`d.kind = 'product'`,
    filters.minPrice !== undefined ? sql`${highest} >= ${filters.minPrice}` : undefined,
    filters.maxPrice !== undefined ? sql`${price} <= ${filters.maxPrice}` : undefined,
    filters.inStock ? sql`d.data->>'stock_status' IN ('instock', 'onbackorder')` : undefined,
    filters.onSale ? sql`(d.data->>'on_sale')::boolean IS TRUE` : undefined,
    filters.category
      ? sql`EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.data->'categories') = 'array' THEN d.data->'categories' ELSE '[]'::jsonb END) cat
                     WHERE lower(cat->>'name') = lower(${filters.category}) OR lower(cat->>'slug') = lower(${filters.category}))`
      : undefined,
  ].filter((part) => part !== undefined);
  return sql`AND ${sql.join(parts, sql` AND `)}`;
}

export interface SearchHit {
  chunkId: number;
  documentId: string;
  kind: DocumentKind;
  title: string;
  url: string;
  heading: string | null;
  content: string;
  /** ts_rank_cd normalised to [0, 1): how densely the chunk says the question's words. */
  score: number;
  data: Record<string, unknown>;
}

/** Matches read per query term before ranking: bounds the work whatever the corpus looks like. */
export const CANDIDATES_PER_TERM = 100;

/**
 * Full-text search over one workspace's chunks. The workspace condition is part of the only
 * statement this function runs that reads the index, so no caller can search another tenant's
 * documents.
 *
 * Ranking every chunk that shares one common word with a question grows with the index, so
 * candidates are gathered per term first, at most CANDIDATES_PER_TERM each: a rare term (a SKU,
 * a specific word) brings all of its chunks, a common one a bounded sample. The candidates are
 * then ranked against the whole question. Terms found in most chunks (see commonLexemes) and
 * stopwords bring no candidates of their own unless the question has nothing else; they still
 * count in the ranking. Which terms those are is decided here rather than in the statement,
 * from cached stems (lexemesOfTerms), which keeps the statement small enough to plan quickly.
 */
export async function searchKnowledge(db: Db, params: SearchParams): Promise<SearchHit[]> {
  return (await searchWithBestPage(db, params, 0)).hits;
}

export interface SearchWithBestPage {
  hits: SearchHit[];
  /** The chunks of the best matching page (the first hit of kind 'post'), in reading order; empty when no page matched. */
  bestPage: SearchHit[];
}

/**
 * searchKnowledge, and in the same statement the first `pageChunks` chunks of the best matching
 * page: a policy question is often answered in another passage of the page that matched, which
 * the caller reads whole. One statement instead of a search and then a read that waits for it,
 * which the embedded database (one statement at a time) pays for in front of every answer.
 */
export async function searchWithBestPage(db: Db, params: SearchParams, pageChunks: number): Promise<SearchWithBestPage> {
  const text = orQueryText(params.query);
  if (!text) return { hits: [], bestPage: [] };
  const primary = await textSearchConfigFor(db, params.language ?? 'en');
  const configs = [...new Set([primary, ...(params.alsoConfigs ?? [])])].slice(0, 3);
  const terms = text.split(' | ');
  const [termsByConfig, shares, profile] = await Promise.all([
    Promise.all(configs.map((config) => candidateTerms(db, config, terms))),
    commonLexemes(db),
    contentProfileOf(db, params.workspaceId),
  ]);
  const kept = withFrequencies(
    mergeCandidateTerms(termsByConfig),
    termsByConfig,
    new Map(shares.map((common) => [common.lexeme, common.share])),
    profile.chunks,
  );
  if (kept.length === 0) return { hits: [], bestPage: [] };
  const stemmed = (term: SQL) =>
    sql.join(
      configs.map((config) => sql`to_tsquery(${config}::regconfig, ${term})`),
      sql` || `,
    );
  // A word is matched by what each configuration's stemmer makes of it, known before the
  // statement (lexemesOfTerms): the statement parses no word, and never asks a stemmer for a
  // word it drops as a stopword, which raises a notice (the embedded database pays more for one
  // than for the query it belongs to). Literal terms are also matched as written, against the
  // index's 'simple' half.
  const wordLexemes = new Set(termsByConfig.flatMap((list) => list.flatMap((term) => (term.literal ? [] : term.lexemes))));
  const literal = literalTerms(text);
  const queryParts = [
    ...(wordLexemes.size > 0 ? [sql`${tsqueryOf(wordLexemes)}::tsquery`] : []),
    ...(literal ? [stemmed(sql`${literal}`), sql`to_tsquery('simple', ${literal})`] : []),
  ];
  if (queryParts.length === 0) return { hits: [], bestPage: [] };
  const limit = Math.min(Math.max(params.limit ?? 8, 1), 50);
  const kinds = params.kinds && params.kinds.length > 0 ? params.kinds : null;
  const kindFilter = kinds
    ? sql`AND EXISTS (SELECT 1 FROM documents kd WHERE kd.id = c.document_id AND kd.kind IN (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}))`
    : sql``;
  const ranked = sql`
    WITH q AS (SELECT ${sql.join(queryParts, sql` || `)} AS query),
    matches AS (
      SELECT t.term, t.df, m.id FROM json_to_recordset(${JSON.stringify(kept)}::json) AS t(term text, literal boolean, lexemes text, df float8), LATERAL (
        SELECT c.id FROM chunks c
         WHERE c.workspace_id = ${params.workspaceId}
           AND c.tsv @@ CASE WHEN t.literal THEN ${stemmed(sql`t.term`)} || to_tsquery('simple', t.term)
                             ELSE t.lexemes::tsquery END
           ${kindFilter}
         LIMIT ${CANDIDATES_PER_TERM}) m),
    weights AS (
      SELECT w.term, w.idf, sum(w.idf) OVER () AS total FROM (
        SELECT m.term, ln((greatest(${profile.chunks}::float8, max(m.df), count(*)) + 1) / (greatest(max(m.df), count(*)) + 0.5)) AS idf
          FROM matches m GROUP BY m.term) w),
    candidates AS (SELECT m.id, sum(w.idf) / greatest(max(w.total), 1e-9) AS covered FROM matches m JOIN weights w ON w.term = m.term GROUP BY m.id),
    scored AS MATERIALIZED (
      SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data, ts_rank_cd(c.tsv, q.query, 32) AS score,
             k.covered * CASE WHEN d.post_type = 'post' THEN ${POST_WEIGHT}::float8 ELSE 1 END AS covered
        FROM q, chunks c
        JOIN candidates k ON k.id = c.id
        JOIN documents d ON d.id = c.document_id
       -- The candidates read by their keys, a few hundred at most: never the whole index.
       WHERE c.id = ANY (ARRAY(SELECT id FROM candidates)) AND c.workspace_id = ${params.workspaceId}
             ${filterCondition(params.filters)} ${snippetCondition(params.agentId, params.language)}),
    ranked AS (
      SELECT s.chunk_id, s.document_id, s.heading, s.content, s.kind, s.title, s.permalink, s.data, s.score,
             s.covered * (${DENSITY_FLOOR} + s.score) AS relevance
        FROM scored s
       ORDER BY relevance DESC, s.chunk_id
       LIMIT ${limit})`;
  if (pageChunks <= 0) {
    const rows = await queryRows<Record<string, unknown>>(db, sql`${ranked} SELECT * FROM ranked ORDER BY relevance DESC, chunk_id`);
    return { hits: rows.map(hitOf), bestPage: [] };
  }
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${ranked},
    best AS (SELECT r.document_id FROM ranked r WHERE r.kind = 'post' ORDER BY r.score DESC, r.chunk_id LIMIT 1)
    SELECT r.chunk_id, r.document_id, r.heading, r.content, r.kind, r.title, r.permalink, r.data, r.score, r.relevance, 0 AS ordinal, false AS whole FROM ranked r
    UNION ALL
    SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data, 1::real AS score, 0 AS relevance, c.ordinal, true AS whole
      FROM best b
      JOIN documents d ON d.id = b.document_id
      JOIN LATERAL (SELECT * FROM chunks c WHERE c.document_id = b.document_id AND c.workspace_id = ${params.workspaceId} ORDER BY c.ordinal LIMIT ${Math.min(pageChunks, 50)}) c ON true`,
  );
  const hits = rows.filter((row) => row.whole !== true && row.whole !== 't');
  const page = rows.filter((row) => row.whole === true || row.whole === 't');
  return {
    hits: hits.sort((a, b) => Number(b.relevance) - Number(a.relevance) || Number(a.chunk_id) - Number(b.chunk_id)).map(hitOf),
    bestPage: page.sort((a, b) => Number(a.ordinal) - Number(b.ordinal)).map(hitOf),
  };
}

/**
 * Chunks are ordered by the share of the question's information they have (its words weighed by
 * how rare they are in the index, see withFrequencies) times how densely they say its words
 * (ts_rank_cd, in [0, 1)): the chunk that names the "Okta" asked about comes before those that
 * say "Pro plan" three times. The floor keeps a chunk that says a rare word once, with little
 * density, in the running.
 */
const DENSITY_FLOOR = 0.1;

/**
 * A blog post or announcement ("February 2025: repeating late fees…") says what was new on its
 * day; the site's pages say how things are. A post counts for this much of what it covers, so
 * that a page saying as much comes first.
 */
const POST_WEIGHT = 0.8;

/**
 * The words that gather candidates, each with the share of chunks the planner's statistics give
 * it (times the chunks: a document frequency; 0 when it has none). The statement counts the
 * candidates each word gathered as well (at most CANDIDATES_PER_TERM), and weighs each word by
 * the larger: BM25's inverse document frequency, ln((N + 1) / (df + 0.5)), never below zero.
 * "Okta" in "Can we use Okta for login? We're on the Pro plan." says more than "plan", which
 * every help page has. A word no chunk has tells no chunk from another, and is not counted.
 */
function withFrequencies<T extends { term: string }>(
  kept: readonly T[],
  lists: readonly CandidateTerm[][],
  shares: ReadonlyMap<string, number>,
  chunks: number,
): (T & { df: number })[] {
  return kept.map((term) => {
    const lexemes = lists.flatMap((list) => list.filter((candidate) => candidate.term === term.term).flatMap((candidate) => candidate.lexemes));
    return { ...term, df: Math.max(0, ...lexemes.map((lexeme) => (shares.get(lexeme) ?? 0) * chunks)) };
  });
}

/**
 * An owner's answer applies to the agents it names (every agent when it names none), in the
 * languages it names (any when it names none; compared by primary subtag, `de` for `de-CH`).
 */
function snippetCondition(agentId: string | undefined, language: string | undefined) {
  if (agentId === undefined) return sql``;
  const primary = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return sql`AND (d.kind <> 'snippet' OR (
    (jsonb_array_length(d.data->'agent_ids') = 0 OR d.data->'agent_ids' ? ${agentId})
    AND (jsonb_array_length(coalesce(d.data->'primary_languages', '[]')) = 0 OR d.data->'primary_languages' ? ${primary})))`;
}

/**
 * The terms any configuration keeps, each with what every configuration's stemmer makes of it
 * (as a tsquery); a term literal in one is literal.
 */
function mergeCandidateTerms(lists: readonly CandidateTerm[][]): { term: string; literal: boolean; lexemes: string | null }[] {
  const merged = new Map<string, { literal: boolean; lexemes: Set<string> }>();
  for (const list of lists)
    for (const term of list.filter((candidate) => candidate.kept)) {
      const entry = merged.get(term.term) ?? { literal: false, lexemes: new Set<string>() };
      entry.literal ||= term.literal;
      merged.set(term.term, entry);
    }
  for (const list of lists) for (const term of list) for (const lexeme of term.lexemes) merged.get(term.term)?.lexemes.add(lexeme);
  return [...merged].map(([term, { literal, lexemes }]) => ({ term, literal, lexemes: lexemes.size > 0 ? tsqueryOf(lexemes) : null }));
}

/** Lexemes as a tsquery that matches any of them, each quoted as tsquery input quotes ("'it''s'"). */
function tsqueryOf(lexemes: Iterable<string>): string {
  return [...lexemes].map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/**
 * Products that satisfy the filters alone, for a question that names no product words
 * ("anything under $30?"): cheapest first. Given the question, those whose name is closest to
 * its words come first ("Stirnlampe unter 30 Euro?" finds the "Kinderstirnlampe", which the
 * stemmer does not split).
 */
export async function browseProducts(
  db: Db,
  workspaceId: string,
  filters: ProductFilters,
  limit = 6,
  question?: string,
  priceOrder?: PriceOrder,
): Promise<SearchHit[]> {
  if (!hasFilters(filters) && !priceOrder) return [];
  const price = sql`nullif(d.data->'pricing'->>'price', '')::numeric`;
  // "The cheapest…" is answered by price alone; otherwise the names closest to the question first.
  const order =
    priceOrder === 'desc'
      ? sql`${price} DESC NULLS LAST, d.id`
      : priceOrder === 'asc'
        ? sql`${price} ASC NULLS LAST, d.id`
        : sql`${question ? sql`word_similarity(lower(d.title), ${question.toLowerCase().slice(0, MAX_BROWSE_QUESTION_CHARS)}) DESC,` : sql``} ${price} NULLS LAST, d.id`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data, 0.5 AS score
      FROM documents d
      JOIN LATERAL (SELECT * FROM chunks c WHERE c.document_id = d.id AND c.workspace_id = ${workspaceId} ORDER BY c.ordinal LIMIT 1) c ON true
     WHERE d.workspace_id = ${workspaceId} AND d.kind = 'product' ${filterCondition(filters)}
     ORDER BY ${order}
     LIMIT ${Math.min(Math.max(limit, 1), 50)}`,
  );
  return rows.map(hitOf);
}

/** Products listed by price: the cheapest first, or the most expensive. */
export type PriceOrder = 'asc' | 'desc';

/** The question's words a browse compares names with: enough for any question about products. */
const MAX_BROWSE_QUESTION_CHARS = 300;

/** A row of chunks joined with its document (chunk_id, document_id, …, score) as a search hit. */
export function hitOf(row: Record<string, unknown>): SearchHit {
  return {
    chunkId: Number(row.chunk_id),
    documentId: String(row.document_id),
    kind: row.kind as DocumentKind,
    title: String(row.title),
    url: String(row.permalink),
    heading: (row.heading as string | null) ?? null,
    content: String(row.content),
    score: Number(row.score),
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  };
}

interface CandidateTerm {
  term: string;
  /** Matched as written as well (a SKU, a code), not only through the stemmer. */
  literal: boolean;
  /** What the configuration's stemmer makes of it (none for a stopword). */
  lexemes: readonly string[];
  /** It gathers candidates (see candidateTerms). */
  kept: boolean;
}

/**
 * The terms that gather candidates: not stopwords (no lexeme), and not common words (see
 * commonLexemes) unless the question has nothing rarer, in which case the least common one alone.
 * Literal terms always do.
 */
async function candidateTerms(db: Db, config: string, terms: readonly string[]): Promise<CandidateTerm[]> {
  const [lexemes, common] = await Promise.all([lexemesOfTerms(db, config, terms), commonLexemesOverThreshold(db)]);
  const read = terms.map((term) => {
    const own = lexemes.get(term) ?? [];
    return { term, literal: isLiteralTerm(term), lexemes: own, share: Math.max(0, ...own.map((lexeme) => common.get(lexeme) ?? 0)) };
  });
  const useful = read.filter((t) => t.literal || t.lexemes.length > 0);
  const rare = useful.filter((t) => t.literal || t.share <= COMMON_LEXEME_SHARE);
  const kept = new Set(rare.length > 0 ? rare : [...useful].sort((a, b) => a.share - b.share).slice(0, 1));
  return read.map((t) => ({ term: t.term, literal: t.literal, lexemes: t.lexemes, kept: kept.has(t) }));
}
