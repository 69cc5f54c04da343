import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { agents, chunks, documents, knowledgeSnippets } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { toCsv } from '../dashboard/leads/csv.js';
import { chunkRowsOf } from './indexer.js';
import { noteContentChanged } from './products.js';

/**
 * Answers the owner writes: a question (with variants) and its answer in Markdown, for some or
 * all of the workspace's agents. Each is indexed as a document of kind 'snippet' in the same
 * documents and chunks as synced content, so one search ranks both; its document is rebuilt on
 * every write, in the same transaction, and deleted with it (ON DELETE CASCADE). Its address,
 * the one an answer cites, is the service's public page of it (`/answers/:id`).
 */

export const MAX_SNIPPETS_PER_WORKSPACE = 2000;
export const MAX_IMPORT_ROWS = 500;

export const snippetInput = z.object({
  questions: z.array(z.string().trim().min(1).max(500)).min(1, 'at least one question').max(20),
  answer: z.string().trim().min(1).max(20_000),
  languages: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'must be a language tag such as en or de-CH'),
    )
    .max(20)
    .default([]),
  /** Empty: every agent of the workspace. */
  agent_ids: z.array(z.uuid()).max(100).default([]),
});
export type SnippetInput = z.infer<typeof snippetInput>;

export const snippetWire = z.object({
  id: z.string(),
  questions: z.array(z.string()),
  answer: z.string(),
  languages: z.array(z.string()),
  agent_ids: z.array(z.string()),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SnippetWire = z.infer<typeof snippetWire>;

type SnippetRow = typeof knowledgeSnippets.$inferSelect;

export function snippetUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/answers/${id}`;
}

export function snippetToWire(row: SnippetRow, publicBaseUrl: string): SnippetWire {
  return {
    id: row.id,
    questions: row.questions,
    answer: row.answer,
    languages: row.languages,
    agent_ids: row.agentIds,
    url: snippetUrl(publicBaseUrl, row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSnippets(db: Db, workspaceId: string): Promise<SnippetRow[]> {
  return db.select().from(knowledgeSnippets).where(eq(knowledgeSnippets.workspaceId, workspaceId)).orderBy(desc(knowledgeSnippets.updatedAt));
}

export async function snippetInWorkspace(db: Db | Tx, workspaceId: string, id: string): Promise<SnippetRow> {
  const [row] = z.uuid().safeParse(id).success
    ? await db
        .select()
        .from(knowledgeSnippets)
        .where(and(eq(knowledgeSnippets.id, id), eq(knowledgeSnippets.workspaceId, workspaceId)))
    : [];
  if (!row) throw notFound('Answer');
  return row;
}

/** A snippet by id alone, for its public page: what it says is what the agents tell anyone. */
export async function publicSnippet(db: Db, id: string): Promise<SnippetRow | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select().from(knowledgeSnippets).where(eq(knowledgeSnippets.id, id));
  return row;
}

export async function createSnippet(db: Db, workspaceId: string, input: SnippetInput, publicBaseUrl: string): Promise<SnippetRow> {
  const [created] = await writeSnippets(db, workspaceId, [input], publicBaseUrl);
  return created!;
}

export async function updateSnippet(db: Db, workspaceId: string, id: string, input: SnippetInput, publicBaseUrl: string): Promise<SnippetRow> {
  return db.transaction(async (tx) => {
    await snippetInWorkspace(tx, workspaceId, id);
    await checkAgents(tx, workspaceId, [input]);
    const [row] = await tx
      .update(knowledgeSnippets)
      .set({ questions: input.questions, answer: input.answer, languages: input.languages, agentIds: input.agent_ids, updatedAt: new Date() })
      .where(and(eq(knowledgeSnippets.id, id), eq(knowledgeSnippets.workspaceId, workspaceId)))
      .returning();
    await indexSnippets(tx, [row!], publicBaseUrl);
    return row!;
  });
}

export async function deleteSnippet(db: Db, workspaceId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(knowledgeSnippets)
    .where(and(eq(knowledgeSnippets.id, z.uuid().safeParse(id).success ? id : randomUUID()), eq(knowledgeSnippets.workspaceId, workspaceId)))
    .returning({ id: knowledgeSnippets.id });
  if (deleted.length === 0) throw notFound('Answer');
  noteContentChanged(workspaceId);
}

/** Creates snippets and their documents in one transaction: all of them, or none. */
export async function writeSnippets(db: Db, workspaceId: string, inputs: readonly SnippetInput[], publicBaseUrl: string): Promise<SnippetRow[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeSnippets)
      .where(eq(knowledgeSnippets.workspaceId, workspaceId));
    if (Number(count?.n ?? 0) + inputs.length > MAX_SNIPPETS_PER_WORKSPACE) {
      throw new AppError('validation_failed', `A workspace holds at most ${MAX_SNIPPETS_PER_WORKSPACE} answers`, { errors: { _: ['too many answers'] } });
    }
    await checkAgents(tx, workspaceId, inputs);
    const now = new Date();
    const rows = await tx
      .insert(knowledgeSnippets)
      .values(
        inputs.map((input) => ({
          id: randomUUID(),
          workspaceId,
          questions: input.questions,
          answer: input.answer,
          languages: input.languages,
          agentIds: input.agent_ids,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    await indexSnippets(tx, rows, publicBaseUrl);
    return rows;
  });
}

/** Every agent a snippet names must be one of this workspace's. */
async function checkAgents(tx: Tx | Db, workspaceId: string, inputs: readonly SnippetInput[]): Promise<void> {
  const named = [...new Set(inputs.flatMap((input) => input.agent_ids))];
  if (named.length === 0) return;
  const found = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), inArray(agents.id, named)));
  if (found.length !== named.length)
    throw new AppError('validation_failed', 'The answer names an agent that is not in this workspace', { errors: { agent_ids: ['unknown agent'] } });
}

/**
 * (Re)builds the documents of snippets: the first question is the title (ranked like a page
 * title), the variants and the answer the text. The answer and the agents it applies to travel
 * in the document's data: the offline responder quotes the answer whole, and search leaves out
 * snippets for other agents and other languages.
 */
async function indexSnippets(tx: Tx, rows: readonly SnippetRow[], publicBaseUrl: string): Promise<void> {
  const workspaceId = rows[0]?.workspaceId;
  if (!workspaceId) return;
  noteContentChanged(workspaceId);
  const ids = rows.map((row) => row.id);
  await tx.delete(documents).where(and(eq(documents.workspaceId, workspaceId), inArray(documents.snippetId, ids)));
  const written = await tx
    .insert(documents)
    .values(
      rows.map((row) => ({
        id: randomUUID(),
        workspaceId,
        siteId: null,
        snippetId: row.id,
        kind: 'snippet' as const,
        wpId: 0,
        postType: 'snippet',
        title: row.questions[0]!,
        permalink: snippetUrl(publicBaseUrl, row.id),
        language: row.languages[0] ?? null,
        contentHash: row.updatedAt.toISOString(),
        modifiedAt: row.updatedAt,
        data: {
          questions: row.questions,
          answer: row.answer,
          agent_ids: row.agentIds,
          languages: row.languages,
          // What search compares a question's language with (knowledge/search.ts).
          primary_languages: [...new Set(row.languages.map((tag) => tag.toLowerCase().split('-')[0]!))],
        },
      })),
    )
    .returning({ id: documents.id, snippetId: documents.snippetId });
  const documentOf = new Map(written.map((document) => [document.snippetId, document.id]));
  const chunkRows = [];
  for (const row of rows) {
    const sections = () => [{ heading: null, text: [...row.questions.slice(1), row.answer].join('\n\n') }];
    chunkRows.push(
      ...(await chunkRowsOf(
        tx,
        { documentId: documentOf.get(row.id)!, workspaceId },
        { title: row.questions[0]!, language: row.languages[0] ?? null, sections },
      )),
    );
  }
  if (chunkRows.length > 0) await tx.insert(chunks).values(chunkRows);
}

// ---- Export and import: CSV (one row per answer) and JSON (the API's shape) ----

const CSV_HEADER = ['questions', 'answer', 'languages', 'agent_ids'] as const;
/** Question variants share one CSV cell, one per line. */
const VARIANT_SEPARATOR = '\n';

export function snippetsToCsv(rows: readonly SnippetRow[]): string {
  return toCsv([[...CSV_HEADER], ...rows.map((row) => [row.questions.join(VARIANT_SEPARATOR), row.answer, row.languages.join(','), row.agentIds.join(',')])]);
}

export function snippetsToJson(rows: readonly SnippetRow[]): { answers: SnippetInput[] } {
  return { answers: rows.map((row) => ({ questions: row.questions, answer: row.answer, languages: row.languages, agent_ids: row.agentIds })) };
}

const importJson = z.object({ answers: z.array(z.unknown()).max(MAX_IMPORT_ROWS) });

/**
 * The answers of an export file, each validated like a form: the first invalid one refuses the
 * whole file with its row number, so an import lands entirely or not at all.
 */
export function parseSnippetImport(format: 'csv' | 'json', content: string): SnippetInput[] {
  let records: unknown[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new AppError('validation_failed', 'The file is not valid JSON', { errors: { content: ['not valid JSON'] } });
    }
    records = parseInput(importJson, parsed).answers;
  } else {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(content.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true, relax_column_count: false, to: MAX_IMPORT_ROWS + 1 }) as Record<
        string,
        string
      >[];
    } catch (error) {
      throw new AppError('validation_failed', 'The file is not valid CSV', {
        errors: { content: [`not valid CSV${error instanceof Error ? `: ${error.message}` : ''}`] },
      });
    }
    if (rows.length > MAX_IMPORT_ROWS)
      throw new AppError('validation_failed', `At most ${MAX_IMPORT_ROWS} answers per import`, { errors: { content: ['too many rows'] } });
    const list = (cell: string | undefined) =>
      (cell ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    records = rows.map((row) => ({
      questions: (row.questions ?? '')
        .split(VARIANT_SEPARATOR)
        .map((q) => q.trim())
        .filter(Boolean),
      // A cell the export defused against spreadsheet formulas comes back as written.
      answer: (row.answer ?? '').replace(/^'(?=[=+\-@])/, ''),
      languages: list(row.languages),
      agent_ids: list(row.agent_ids),
    }));
  }
  return records.map((record, index) => {
    const result = snippetInput.safeParse(record);
    if (!result.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of result.error.issues) (errors[`answers.${index}.${issue.path.join('.')}`] ??= []).push(issue.message);
      throw new AppError('validation_failed', `Answer ${index + 1} of the file is not valid`, { errors });
    }
    return result.data;
  });
}
