import { randomUUID } from 'node:crypto';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agentTestRuns, type TestRunTrigger } from '../../db/schema.js';
import type { Diagnostics, SourceRef } from '../../contract/stream-events.js';
import { runTurn, type RuntimeDeps } from '../assistant/runtime.js';
import type { AgentRow } from '../agents/store.js';
import { deleteConversations, startConversation } from '../conversations/store.js';
import { diffRuns, failuresOf, type TurnSeen } from './evaluate.js';
import { listRuns, listTests, previousRun, runToWire, RUNS_KEPT_PER_AGENT, type RunWire, type TestResult } from './store.js';

/**
 * Runs an agent's suite: each test is a Playground-mode turn of the same runtime as the widget
 * (spec 1.3: never billed, never in analytics or the inbox), in a conversation of its own that
 * is deleted once the answer is read, so no test sees another's history. The run is stored with
 * every result and its difference from the agent's previous run.
 */

/** Stands in for the visitor of a suite's conversations (no member or visitor has this id). */
const SUITE_VISITOR = '00000000-0000-4000-8000-000000000000';

/**
 * `signal` (the service shutting down) stops the run between two tests; a stopped run is deleted
 * and undefined is returned, so that the next run is compared with the last complete one.
 */
export async function runSuite(runtime: RuntimeDeps, agent: AgentRow, trigger: TestRunTrigger): Promise<RunWire>;
export async function runSuite(runtime: RuntimeDeps, agent: AgentRow, trigger: TestRunTrigger, signal: AbortSignal): Promise<RunWire | undefined>;
export async function runSuite(runtime: RuntimeDeps, agent: AgentRow, trigger: TestRunTrigger, signal?: AbortSignal): Promise<RunWire | undefined> {
  const { db } = runtime;
  const workspaceId = agent.workspaceId;
  const [tests, previous] = await Promise.all([listTests(db, workspaceId, agent.id), previousRun(db, workspaceId, agent.id)]);
  const [started] = await db.insert(agentTestRuns).values({ id: randomUUID(), workspaceId, agentId: agent.id, trigger, total: tests.length }).returning();
  const results: TestResult[] = [];
  const used: string[] = [];
  try {
    for (const test of tests) {
      if (signal?.aborted) break;
      const turn = await playgroundTurn(
        runtime,
        agent,
        test.question,
        { siteType: test.siteType, language: test.language, pageContext: test.pageContext },
        used,
      );
      const failures = failuresOf({ expectedSources: test.expectedSources, factPattern: test.factPattern }, turn.seen);
      results.push({
        test_id: test.id,
        question: test.question,
        passed: failures.length === 0,
        failures,
        answer: turn.seen.answer,
        sources: turn.sources,
        diagnostics: turn.diagnostics,
      });
    }
  } finally {
    // The suite's conversations go once the answers are read, in one statement.
    await deleteConversations(db, workspaceId, used);
  }
  if (signal?.aborted) {
    await db.delete(agentTestRuns).where(and(eq(agentTestRuns.id, started!.id), eq(agentTestRuns.workspaceId, workspaceId)));
    return undefined;
  }
  const passed = results.filter((result) => result.passed).length;
  const diff = diffRuns(previous?.id ?? null, (previous?.results ?? []) as TestResult[], results);
  const [finished] = await db
    .update(agentTestRuns)
    .set({ finishedAt: new Date(), total: results.length, passed, failed: results.length - passed, results, diff })
    .where(and(eq(agentTestRuns.id, started!.id), eq(agentTestRuns.workspaceId, workspaceId)))
    .returning();
  await forgetOldRuns(db, workspaceId, agent.id);
  return runToWire(finished!, true);
}

interface PlaygroundTurn {
  seen: TurnSeen;
  sources: SourceRef[];
  diagnostics: Diagnostics | null;
}

/** One test's turn, in a new Playground conversation whose id is added to `used` for deletion. */
async function playgroundTurn(
  runtime: RuntimeDeps,
  agent: AgentRow,
  question: string,
  overrides: { siteType: string | null; language: string | null; pageContext: unknown },
  used: string[],
): Promise<PlaygroundTurn> {
  const { db } = runtime;
  const conversation = await startConversation(db, agent, { kind: 'playground', visitorId: SUITE_VISITOR });
  used.push(conversation.id);
  const seen: TurnSeen = { error: null, answer: '', cited: [], gap: null };
  let sources: SourceRef[] = [];
  let diagnostics: Diagnostics | null = null;
  for await (const event of runTurn(runtime, { agent, conversation, message: question, overrides, mode: 'playground' })) {
    if (event.type === 'error') seen.error = event.message;
    else if (event.type === 'sources') sources = event.sources;
    else if (event.type === 'diagnostics') diagnostics = event.diagnostics;
    else if (event.type === 'done') seen.answer = event.message.content;
  }
  seen.cited = sources.map((source) => source.url);
  const outcome = diagnostics?.outcome;
  if (outcome?.gap) seen.gap = { low_confidence: !outcome.confident, abstained: outcome.abstained, escalated: outcome.escalated };
  return { seen, sources, diagnostics };
}

async function forgetOldRuns(db: Db, workspaceId: string, agentId: string): Promise<void> {
  const kept = (await listRuns(db, workspaceId, agentId, RUNS_KEPT_PER_AGENT)).map((run) => run.id);
  if (kept.length < RUNS_KEPT_PER_AGENT) return;
  await db.delete(agentTestRuns).where(and(eq(agentTestRuns.workspaceId, workspaceId), eq(agentTestRuns.agentId, agentId), notInArray(agentTestRuns.id, kept)));
}
