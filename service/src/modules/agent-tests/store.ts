import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { agentTestRuns, agentTests } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { RunDiff, RunWire, runSummarySchema, TestInput, TestResult, testWire } from './wire.js';

export * from './wire.js';

/** An agent's regression suite: saved questions and what a good answer to each cites or says. */

export const MAX_TESTS_PER_AGENT = 500;

type TestRow = typeof agentTests.$inferSelect;
type RunRow = typeof agentTestRuns.$inferSelect;

export function testToWire(row: TestRow): z.infer<typeof testWire> {
  return {
    id: row.id,
    agent_id: row.agentId,
    question: row.question,
    expected_sources: row.expectedSources,
    fact_pattern: row.factPattern,
    page_context: row.pageContext,
    site_type: row.siteType,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

const EMPTY_DIFF: RunDiff = { previous_run_id: null, newly_failing: [], newly_passing: [], changed_answer: [], added: [] };

export function runToWire(row: RunRow, withResults: true): RunWire;
export function runToWire(row: RunRow, withResults: false): z.infer<typeof runSummarySchema>;
export function runToWire(row: RunRow, withResults: boolean) {
  const summary = {
    id: row.id,
    agent_id: row.agentId,
    trigger: row.trigger,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    total: row.total,
    passed: row.passed,
    failed: row.failed,
    diff: { ...EMPTY_DIFF, ...(row.diff as Partial<RunDiff>) },
  };
  return withResults ? { ...summary, results: row.results as TestResult[] } : summary;
}

export async function listTests(db: Db, workspaceId: string, agentId: string): Promise<TestRow[]> {
  return db
    .select()
    .from(agentTests)
    .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.agentId, agentId)))
    .orderBy(asc(agentTests.createdAt), asc(agentTests.id));
}

/** Adds a test to the agent's suite; the agent must already be known to be in the workspace. */
export async function createTest(db: Db, workspaceId: string, agentId: string, input: TestInput): Promise<TestRow> {
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(agentTests)
      .where(and(eq(agentTests.workspaceId, workspaceId), eq(agentTests.agentId, agentId)));
    if (Number(count?.n ?? 0) >= MAX_TESTS_PER_AGENT) {
      throw new AppError('validation_failed', `An agent's suite holds at most ${MAX_TESTS_PER_AGENT} tests`, { errors: { question: ['the suite is full'] } });
    }
    const [row] = await tx
      .insert(agentTests)
      .values({
        id: randomUUID(),
        workspaceId,
        agentId,
        question: input.question,
        expectedSources: [...new Set(input.expected_sources)],
        factPattern: input.fact_pattern || null,
        pageContext: input.page_context,
        siteType: input.site_type,
        language: input.language,
      })
      .returning();
    return row!;
  });
}

export async function deleteTest(db: Db, workspaceId: string, agentId: string, testId: string): Promise<void> {
  if (!z.uuid().safeParse(testId).success) throw notFound('Test');
  const deleted = await db
    .delete(agentTests)
    .where(and(eq(agentTests.id, testId), eq(agentTests.workspaceId, workspaceId), eq(agentTests.agentId, agentId)))
    .returning({ id: agentTests.id });
  if (deleted.length === 0) throw notFound('Test');
}

export async function listRuns(db: Db, workspaceId: string, agentId: string, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.workspaceId, workspaceId), eq(agentTestRuns.agentId, agentId)))
    .orderBy(desc(agentTestRuns.startedAt), desc(agentTestRuns.id))
    .limit(limit);
}

export async function runInWorkspace(db: Db, workspaceId: string, runId: string): Promise<RunRow> {
  const [row] = z.uuid().safeParse(runId).success
    ? await db
        .select()
        .from(agentTestRuns)
        .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.workspaceId, workspaceId)))
    : [];
  if (!row) throw notFound('Test run');
  return row;
}

/** The agent's latest finished run, which the next one is compared with. */
export async function previousRun(db: Db, workspaceId: string, agentId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.workspaceId, workspaceId), eq(agentTestRuns.agentId, agentId), sql`${agentTestRuns.finishedAt} IS NOT NULL`))
    .orderBy(desc(agentTestRuns.startedAt), desc(agentTestRuns.id))
    .limit(1);
  return row;
}

/** Runs kept per agent: older ones are deleted as new ones finish. */
export const RUNS_KEPT_PER_AGENT = 50;
