import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { DocumentKind } from '../../db/schema.js';
import { COMMON_LEXEME_SHARE, commonLexemesOverThreshold, literalTerms, orQueryText, textSearchConfigFor } from './text-search.js';

export interface SearchParams {
  workspaceId: string;
  query: string;
  /** The question's language; selects the stemmer. Words are also matched as written. */
  language?: string;
  limit?: number;
  kinds?: DocumentKind[];
}

export interface SearchHit {
  chunkId: number;
  documentId: string;
  kind: DocumentKind;
  title: string;
  url: string;
  heading: string | null;
  content: string;
  /** ts_rank_cd normalised to [0, 1): higher is better. */
  score: number;
  data: Record<string, unknown>;
}

/** Matches read per query term before ranking: bounds the work whatever the corpus looks like. */
export const CANDIDATES_PER_TERM = 100;

/**
 * Full-text search over one workspace's chunks. The workspace condition is part of the only
 * query this function runs, so no caller can search another tenant's documents.
 *
 * Ranking every chunk that shares one common word with a question grows with the index, so
 * candidates are gathered per term first, at most CANDIDATES_PER_TERM each: a rare term (a SKU,
 * a specific word) brings all of its chunks, a common one a bounded sample. The candidates are
 * then ranked against the whole question. Terms found in most chunks (see commonLexemes) and
 * stopwords bring no candidates of their own unless the question has nothing else; they still
 * count in the ranking.
 */
export async function searchKnowledge(db: Db, params: SearchParams): Promise<SearchHit[]> {
  const text = orQueryText(params.query);
  if (!text) return [];
  const config = await textSearchConfigFor(db, params.language ?? 'en');
  // An empty tsquery matches nothing, so a query without literal terms adds nothing here.
  const literal = literalTerms(text) ?? '';
  const terms = JSON.stringify(text.split(' | ').map((term) => ({ term, literal: /[\d\-_.]/.test(term) })));
  const common = await commonLexemesOverThreshold(db);
  const limit = Math.min(Math.max(params.limit ?? 8, 1), 50);
  const kinds = params.kinds && params.kinds.length > 0 ? params.kinds : null;
  const kindFilter = kinds
    ? sql`AND EXISTS (SELECT 1 FROM documents kd WHERE kd.id = c.document_id AND kd.kind IN (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)}))`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    WITH q AS (SELECT to_tsquery(${config}::regconfig, ${text}) || to_tsquery('simple', ${literal}) AS query),
    common AS (SELECT ${common}::jsonb AS share_of),
    terms AS (
      SELECT t->>'term' AS term, (t->>'literal')::boolean AS literal, x.lexemes,
             (SELECT max((common.share_of->>lexeme)::float8) FROM common, unnest(x.lexemes) AS lexeme) AS share
        FROM json_array_elements(${terms}::json) AS t,
             LATERAL (SELECT tsvector_to_array(to_tsvector(${config}::regconfig, t->>'term')) AS lexemes) AS x),
    -- Stopwords bring no candidates; nor do common terms unless nothing rarer is asked for, in
    -- which case the least common one alone does.
    useful AS (SELECT * FROM terms WHERE literal OR cardinality(lexemes) > 0),
    kept AS (
      SELECT * FROM useful WHERE literal OR share IS NULL OR share <= ${COMMON_LEXEME_SHARE}
      UNION ALL
      (SELECT * FROM useful
        WHERE NOT EXISTS (SELECT 1 FROM useful WHERE literal OR share IS NULL OR share <= ${COMMON_LEXEME_SHARE})
        ORDER BY share LIMIT 1)),
    candidates AS (
      SELECT DISTINCT m.id FROM kept AS terms, LATERAL (
        SELECT c.id FROM chunks c
         WHERE c.workspace_id = ${params.workspaceId}
           AND c.tsv @@ (to_tsquery(${config}::regconfig, terms.term) || to_tsquery('simple', CASE WHEN terms.literal THEN terms.term ELSE '' END))
           ${kindFilter}
         LIMIT ${CANDIDATES_PER_TERM}) m)
    SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data,
           ts_rank_cd(c.tsv, q.query, 32) AS score
      FROM q, candidates k
      JOIN chunks c ON c.id = k.id
      JOIN documents d ON d.id = c.document_id
     WHERE c.workspace_id = ${params.workspaceId}
     ORDER BY score DESC, c.id
     LIMIT ${limit}`);
  return rows.map((row) => ({
    chunkId: Number(row.chunk_id),
    documentId: String(row.document_id),
    kind: row.kind as DocumentKind,
    title: String(row.title),
    url: String(row.permalink),
    heading: (row.heading as string | null) ?? null,
    content: String(row.content),
    score: Number(row.score),
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  }));
}
