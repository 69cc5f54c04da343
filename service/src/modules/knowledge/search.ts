import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { DocumentKind } from '../../db/schema.js';
import { COMMON_LEXEME_SHARE, commonLexemesOverThreshold, isLiteralTerm, lexemesOfTerms, literalTerms, orQueryText, textSearchConfigFor } from './text-search.js';

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
  const text = orQueryText(params.query);
  if (!text) return [];
  const config = await textSearchConfigFor(db, params.language ?? 'en');
  const kept = await candidateTerms(db, config, text.split(' | '));
  if (kept.length === 0) return [];
  // Literal terms are also matched as written, against the index's 'simple' half. No empty
  // tsquery is ever built: each one raises a notice, which costs the embedded database more
  // than the query it belongs to.
  const literal = literalTerms(text);
  const literalQuery = literal ? sql` || to_tsquery('simple', ${literal})` : sql``;
  const limit = Math.min(Math.max(params.limit ?? 8, 1), 50);
  const kinds = params.kinds && params.kinds.length > 0 ? params.kinds : null;
  const kindFilter = kinds
    ? sql`AND EXISTS (SELECT 1 FROM documents kd WHERE kd.id = c.document_id AND kd.kind IN (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)}))`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    WITH q AS (SELECT to_tsquery(${config}::regconfig, ${text})${literalQuery} AS query),
    candidates AS (
      SELECT DISTINCT m.id FROM json_to_recordset(${JSON.stringify(kept)}::json) AS t(term text, literal boolean), LATERAL (
        SELECT c.id FROM chunks c
         WHERE c.workspace_id = ${params.workspaceId}
           AND c.tsv @@ CASE WHEN t.literal THEN to_tsquery(${config}::regconfig, t.term) || to_tsquery('simple', t.term)
                             ELSE to_tsquery(${config}::regconfig, t.term) END
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

interface CandidateTerm {
  term: string;
  /** Matched as written as well (a SKU, a code), not only through the stemmer. */
  literal: boolean;
}

/**
 * The terms that gather candidates: not stopwords (no lexeme), and not common words (see
 * commonLexemes) unless the question has nothing rarer, in which case the least common one alone.
 * Literal terms always do.
 */
async function candidateTerms(db: Db, config: string, terms: readonly string[]): Promise<CandidateTerm[]> {
  const [lexemes, common] = await Promise.all([lexemesOfTerms(db, config, terms), commonLexemesOverThreshold(db)]);
  const useful = terms
    .map((term) => {
      const shares = (lexemes.get(term) ?? []).map((lexeme) => common.get(lexeme) ?? 0);
      return { term, literal: isLiteralTerm(term), analysed: shares.length > 0, share: Math.max(0, ...shares) };
    })
    .filter((t) => t.literal || t.analysed);
  const rare = useful.filter((t) => t.literal || t.share <= COMMON_LEXEME_SHARE);
  const kept = rare.length > 0 ? rare : useful.sort((a, b) => a.share - b.share).slice(0, 1);
  return kept.map(({ term, literal }) => ({ term, literal }));
}
