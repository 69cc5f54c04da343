import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { agents, agentTests, type TestRunTrigger } from '../../db/schema.js';
import type { RuntimeDeps } from '../assistant/runtime.js';
import { runSuite } from './runner.js';

/**
 * Runs suites automatically after what may change answers: a sync batch (every agent of the
 * workspace), an edit of an agent, a change to the owner's answers. Debounced per agent: a sync
 * of many batches, or several edits in a row, make one run once things are quiet for `delayMs`.
 * One run per agent at a time; a change during a run schedules another after it. Agents with
 * no tests cost one query.
 */
export class SuiteScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  /** Aborted at shutdown: a run under way stops after its current test. */
  private readonly stopping = new AbortController();
  private closed = false;
  /** Scheduling queries, debounce timers and runs not yet finished; `settled()` waits for zero. */
  private outstanding = 0;
  private readonly settledWaiters: (() => void)[] = [];

  constructor(
    private readonly runtime: RuntimeDeps,
    private readonly delayMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Schedules the suites of one agent, or of every agent of the workspace that has tests. */
  schedule(workspaceId: string, agentId: string | null, trigger: TestRunTrigger): void {
    if (this.closed) return;
    this.outstanding++;
    void this.agentsWithTests(workspaceId, agentId)
      .then((ids) => {
        for (const id of ids) this.debounce(workspaceId, id, trigger);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'scheduling test runs failed'))
      .finally(() => this.finished(1));
  }

  /** Resolves once nothing is scheduled or running: the runs a sync or an edit caused are stored. */
  settled(): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Stops scheduling, stops the runs under way after their current test, and waits for them (at shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    for (const timer of this.timers.values()) clearTimeout(timer);
    const cancelled = this.timers.size;
    this.timers.clear();
    this.finished(cancelled);
    await Promise.allSettled([...this.running.values()]);
  }

  private finished(count: number): void {
    this.outstanding -= count;
    if (this.outstanding > 0) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private async agentsWithTests(workspaceId: string, agentId: string | null): Promise<string[]> {
    const db: Db = this.runtime.db;
    const rows = await db
      .selectDistinct({ id: agentTests.agentId })
      .from(agentTests)
      .where(and(eq(agentTests.workspaceId, workspaceId), ...(agentId ? [eq(agentTests.agentId, agentId)] : [])));
    return rows.map((row) => row.id);
  }

  private debounce(workspaceId: string, agentId: string, trigger: TestRunTrigger): void {
    const waiting = this.timers.get(agentId);
    if (waiting) clearTimeout(waiting);
    else this.outstanding++; // the timer's count passes on to the run it starts
    const timer = setTimeout(() => {
      this.timers.delete(agentId);
      const before = this.running.get(agentId) ?? Promise.resolve();
      const run = before.then(() => this.run(workspaceId, agentId, trigger));
      this.running.set(agentId, run);
      void run.finally(() => {
        if (this.running.get(agentId) === run) this.running.delete(agentId);
        this.finished(1);
      });
    }, this.delayMs);
    timer.unref();
    this.timers.set(agentId, timer);
  }

  private async run(workspaceId: string, agentId: string, trigger: TestRunTrigger): Promise<void> {
    if (this.closed) return;
    try {
      const [agent] = await this.runtime.db
        .select()
        .from(agents)
        .where(and(eq(agents.workspaceId, workspaceId), inArray(agents.id, [agentId])));
      if (!agent) return;
      const run = await runSuite(this.runtime, agent, trigger, this.stopping.signal);
      if (!run) return;
      this.log.info({ agent_id: agentId, trigger, passed: run.passed, failed: run.failed, newly_failing: run.diff.newly_failing.length }, 'test suite run');
    } catch (error) {
      this.log.error({ err: error, agent_id: agentId }, 'test suite run failed');
    }
  }
}
