import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { chunks, documents, type DocumentKind } from '../../db/schema.js';
import { chunkSections } from './chunker.js';
import type { TextSection } from './html-text.js';
import { noteContentChanged } from './products.js';
import { accentFoldedWords, textSearchConfigFor } from './text-search.js';

/** A document ready for the index, whatever site or format it came from. */
export interface IndexableDocument {
  wpId: number;
  postType: string;
  title: string;
  permalink: string;
  language: string | null;
  contentHash: string;
  modifiedAt: Date | null;
  deleted: false;
  /** Searchable text by heading; only read when the document is (re)indexed. */
  sections: () => TextSection[];
  /** Structured fields kept as they are (prices, stock, SKU...). */
  data: Record<string, unknown>;
}

/** A document to remove from the index; its other fields are not needed. */
export interface DocumentRemoval {
  wpId: number;
  deleted: true;
}

export type IndexStatus = 'created' | 'updated' | 'unchanged' | 'deleted';

export interface IndexResult {
  wpId: number;
  status: IndexStatus;
  documentId: string | null;
}

export interface IndexScope {
  workspaceId: string;
  siteId: string;
}

/**
 * Applies a batch of documents to one site's index inside the caller's transaction: upsert keyed
 * by (site, kind, wp_id); an unchanged content_hash skips re-indexing; `deleted` removes.
 * Statements are batched so a batch of 50 costs a handful of round trips, not hundreds.
 */
export async function applyDocuments(
  tx: Tx | Db,
  scope: IndexScope,
  kind: DocumentKind,
  batch: (IndexableDocument | DocumentRemoval)[],
): Promise<IndexResult[]> {
  if (batch.length === 0) return [];
  noteContentChanged(scope.workspaceId);
  const existingRows = await tx
    .select({ id: documents.id, wpId: documents.wpId, contentHash: documents.contentHash })
    .from(documents)
    .where(
      and(
        eq(documents.siteId, scope.siteId),
        eq(documents.kind, kind),
        inArray(
          documents.wpId,
          batch.map((d) => d.wpId),
        ),
      ),
    );
  const existing = new Map(existingRows.map((row) => [row.wpId, row]));

  const results: IndexResult[] = [];
  const toDelete: string[] = [];
  const toWrite: IndexableDocument[] = [];
  for (const doc of batch) {
    const current = existing.get(doc.wpId);
    if (doc.deleted) {
      if (current) toDelete.push(current.id);
      results.push({ wpId: doc.wpId, status: current ? 'deleted' : 'unchanged', documentId: null });
    } else if (current && current.contentHash === doc.contentHash) {
      results.push({ wpId: doc.wpId, status: 'unchanged', documentId: current.id });
    } else {
      toWrite.push(doc);
      results.push({ wpId: doc.wpId, status: current ? 'updated' : 'created', documentId: current?.id ?? null });
    }
  }

  if (toDelete.length > 0) {
    await tx.delete(documents).where(and(eq(documents.workspaceId, scope.workspaceId), inArray(documents.id, toDelete)));
  }
  if (toWrite.length === 0) return results;

  const now = new Date();
  const written = await tx
    .insert(documents)
    .values(
      toWrite.map((doc) => ({
        id: existing.get(doc.wpId)?.id ?? randomUUID(),
        workspaceId: scope.workspaceId,
        siteId: scope.siteId,
        kind,
        wpId: doc.wpId,
        postType: doc.postType,
        title: doc.title,
        permalink: doc.permalink,
        language: doc.language,
        contentHash: doc.contentHash,
        modifiedAt: doc.modifiedAt,
        data: doc.data,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [documents.siteId, documents.kind, documents.wpId],
      set: {
        postType: sql`excluded.post_type`,
        title: sql`excluded.title`,
        permalink: sql`excluded.permalink`,
        language: sql`excluded.language`,
        contentHash: sql`excluded.content_hash`,
        modifiedAt: sql`excluded.modified_at`,
        data: sql`excluded.data`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ id: documents.id, wpId: documents.wpId });
  const idByWpId = new Map(written.map((row) => [row.wpId, row.id]));
  for (const result of results) {
    if (result.status === 'created' || result.status === 'updated') result.documentId = idByWpId.get(result.wpId) ?? null;
  }

  await tx.delete(chunks).where(
    inArray(
      chunks.documentId,
      written.map((row) => row.id),
    ),
  );
  const chunkRows: PgInsertValue<typeof chunks>[] = [];
  for (const doc of toWrite) {
    const documentId = idByWpId.get(doc.wpId);
    if (documentId) chunkRows.push(...(await chunkRowsOf(tx, { documentId, workspaceId: scope.workspaceId }, doc)));
  }
  if (chunkRows.length > 0) await tx.insert(chunks).values(chunkRows);
  return results;
}

/**
 * The chunks of one document, ready to insert: its text cut by heading, each with the weighted
 * search vector (title and heading stemmed and as written, then the body; the words written
 * with accents also without them). Synced documents and
 * the owner's answers are indexed alike, so that one search ranks them together.
 */
export async function chunkRowsOf(
  tx: Tx | Db,
  owner: { documentId: string; workspaceId: string },
  doc: Pick<IndexableDocument, 'title' | 'language' | 'sections'>,
): Promise<PgInsertValue<typeof chunks>[]> {
  const config = await textSearchConfigFor(tx as Db, doc.language);
  const pieces = chunkSections(doc.sections());
  // A document with no body text is still findable by its title.
  if (pieces.length === 0) pieces.push({ heading: null, content: doc.title });
  return pieces.map((piece, ordinal) => {
    const titled = `${doc.title} ${piece.heading ?? ''}`;
    return {
      documentId: owner.documentId,
      workspaceId: owner.workspaceId,
      ordinal,
      heading: piece.heading,
      content: piece.content,
      textSearchConfig: config,
      tsv: sql`setweight(to_tsvector(${config}::regconfig, ${titled}), 'A') || to_tsvector(${config}::regconfig, ${piece.content}) || setweight(to_tsvector('simple', ${titled}), 'B') || setweight(to_tsvector('simple', ${piece.content}), 'D') || setweight(to_tsvector(${config}::regconfig, ${accentFoldedWords(titled)}), 'A') || to_tsvector(${config}::regconfig, ${accentFoldedWords(piece.content)})`,
    };
  });
}
