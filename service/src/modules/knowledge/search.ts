import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { DocumentKind } from '../../db/schema.js';
import { literalTerms, orQueryText, textSearchConfigFor } from './text-search.js';

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

/**
 * Full-text search over one workspace's chunks. The workspace condition is part of the only
 * query this function runs, so no caller can search another tenant's documents.
 */
export async function searchKnowledge(db: Db, params: SearchParams): Promise<SearchHit[]> {
  const text = orQueryText(params.query);
  if (!text) return [];
  const config = await textSearchConfigFor(db, params.language ?? 'en');
  // An empty tsquery matches nothing, so a query without literal terms adds nothing here.
  const literal = literalTerms(text) ?? '';
  const limit = Math.min(Math.max(params.limit ?? 8, 1), 50);
  const kinds = params.kinds && params.kinds.length > 0 ? params.kinds : null;
  const rows = await queryRows<Record<string, unknown>>(db, sql`
    WITH q AS (SELECT to_tsquery(${config}::regconfig, ${text}) || to_tsquery('simple', ${literal}) AS query)
    SELECT c.id AS chunk_id, c.document_id, c.heading, c.content, d.kind, d.title, d.permalink, d.data,
           ts_rank_cd(c.tsv, q.query, 32) AS score
      FROM q, chunks c
      JOIN documents d ON d.id = c.document_id
     WHERE c.workspace_id = ${params.workspaceId}
       AND c.tsv @@ q.query
       ${kinds ? sql`AND d.kind IN (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})` : sql``}
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
