import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { agents, memberships, modelPrices, ROLES, users, workspaces } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { agentName, allowedOrigins, defaultLocale, siteType } from '../agents/settings.js';
import { createAgent, type AgentRow } from '../agents/store.js';
import { ABILITIES, createApiToken, revokeApiToken } from '../auth/api-tokens.js';
import { replacePassword } from '../auth/password-change.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { runSuite } from '../agent-tests/runner.js';
import { createTest, listTests, testInput, testToWire } from '../agent-tests/store.js';
import type { SuiteScheduler } from '../agent-tests/scheduler.js';
import type { RuntimeDeps } from '../assistant/runtime.js';
import {
  createSnippet,
  deleteSnippet,
  listSnippets,
  parseSnippetImport,
  snippetInput,
  snippetInWorkspace,
  snippetsToCsv,
  snippetsToJson,
  snippetToWire,
  updateSnippet,
  writeSnippets,
} from '../knowledge/snippets.js';

/**
 * The operator's commands. The CLI runs them directly against the database, or, when the running
 * server owns the embedded database, through the server's local admin socket; either way the same
 * functions run, so both paths validate and behave the same.
 */

const workspaceId = z.uuid('must be a workspace id');
/** An option the command line may repeat for some commands (--agent, --language), given once here. */
const single = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (Array.isArray(value) ? value[0] : value), schema);
const agentId = single(z.uuid('must be an agent id'));

export const commandSchemas = {
  'workspace:create': z.object({ name: z.string().trim().min(1).max(200) }),
  'user:create': z.object({
    workspace: workspaceId,
    email: z.email().max(320),
    password: z.string().min(10, 'must be at least 10 characters').max(200),
    role: z.enum(ROLES),
    name: z.string().trim().max(200).optional(),
  }),
  /** The agents' own field schemas (agents/settings.ts) under the command line's option names. */
  'agent:create': z.object({
    workspace: workspaceId,
    name: agentName,
    'site-type': siteType,
    origin: allowedOrigins.default([]),
    locale: defaultLocale.optional(),
    published: z.boolean().optional(),
  }),
  'token:create': z.object({
    workspace: workspaceId,
    name: z.string().trim().min(1).max(200),
    ability: z.array(z.enum(ABILITIES)).default(['wp:integration']),
  }),
  'token:revoke': z.object({ workspace: workspaceId, id: z.uuid() }),
  /** A workspace's price for a model, over the built-in table (cost-governor.ts): US dollars per million tokens. */
  'price:set': z.object({
    workspace: workspaceId,
    provider: z.enum(['openai', 'anthropic', 'openai-compatible']),
    model: z.string().trim().min(1).max(100),
    input: z.coerce.number().min(0).max(100_000),
    output: z.coerce.number().min(0).max(100_000),
  }),
  'price:remove': z.object({ workspace: workspaceId, provider: z.string().trim().min(1).max(40), model: z.string().trim().min(1).max(100) }),
  /** The owner's answers (knowledge/snippets.ts). */
  'answer:list': z.object({ workspace: workspaceId }),
  'answer:add': z.object({
    workspace: workspaceId,
    question: z.array(z.string()).min(1, 'give at least one --question'),
    answer: z.string(),
    language: z.array(z.string()).default([]),
    agent: z.array(z.string()).default([]),
  }),
  /**
   * The options given replace what the answer had; those left out keep it. An empty --language or
   * --agent ('') clears the list: any language, every agent.
   */
  'answer:update': z
    .object({
      workspace: workspaceId,
      id: z.uuid('must be an answer id'),
      question: z.array(z.string()).optional(),
      answer: z.string().optional(),
      language: z.array(z.string()).optional(),
      agent: z.array(z.string()).optional(),
    })
    .refine((args) => [args.question, args.answer, args.language, args.agent].some((option) => option !== undefined), {
      message: 'give at least one of --question, --answer, --language, --agent',
    }),
  'answer:remove': z.object({ workspace: workspaceId, id: z.uuid() }),
  'answer:export': z.object({ workspace: workspaceId, format: z.enum(['csv', 'json']).default('json') }),
  /** `content` is the file's text: the command line reads --file before sending the command. */
  'answer:import': z.object({ workspace: workspaceId, format: z.enum(['csv', 'json']), content: z.string().max(2_000_000) }),
  /** An agent's regression suite (agent-tests/). */
  'test:add': z
    .object({
      agent: agentId,
      question: z.array(z.string()).length(1, 'give one --question'),
      source: z.array(z.string()).default([]),
      pattern: z.string().optional(),
      language: single(z.string().optional()),
      'site-type': siteType.optional(),
      /** The page the visitor asks from (the Playground's page context): its address, and its title. */
      'page-url': z
        .url({ protocol: /^https?$/, message: 'must be an http(s) address' })
        .max(2000)
        .optional(),
      'page-title': z.string().trim().min(1, 'must not be empty').max(500).optional(),
    })
    .refine((args) => args['page-title'] === undefined || args['page-url'] !== undefined, { message: 'give --page-url with --page-title', path: ['page-url'] }),
  'test:list': z.object({ agent: agentId }),
  'agent:test': z.object({ agent: agentId }),
} as const;

/** What some commands need beyond the database: the public address answers are cited at, the models of the agents. */
export interface CommandContext {
  publicBaseUrl: string;
  runtime: Omit<RuntimeDeps, 'db'>;
  /**
   * The running server's suite scheduler, when the command runs inside it (the admin socket):
   * a change to the owner's answers then schedules the agents' automatic runs, as the
   * dashboard's changes do. A command line that opened the database itself has none.
   */
  suites?: Pick<SuiteScheduler, 'schedule'>;
}

export type CommandName = keyof typeof commandSchemas;
export const COMMAND_NAMES = Object.keys(commandSchemas) as CommandName[];

export function isCommandName(value: string): value is CommandName {
  return Object.hasOwn(commandSchemas, value);
}

async function requireWorkspace(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id));
  if (!row) throw new AppError('not_found', `Workspace ${id} not found`);
}

async function requireAgent(db: Db, id: string): Promise<AgentRow> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  if (!row) throw new AppError('not_found', `Agent ${id} not found`);
  return row;
}

const OFFLINE_CONTEXT: CommandContext = { publicBaseUrl: 'http://localhost:3000', runtime: { providerEnv: {}, addressPolicy: { allowPrivate: false } } };

export async function runCommand(db: Db, name: CommandName, rawArgs: unknown, context: CommandContext = OFFLINE_CONTEXT): Promise<Record<string, unknown>> {
  const answersChanged = (workspace: string) => context.suites?.schedule(workspace, null, 'answers');
  switch (name) {
    case 'workspace:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const id = randomUUID();
      await db.insert(workspaces).values({ id, name: args.name });
      return { id, name: args.name };
    }
    case 'user:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const passwordHash = await hashPassword(args.password);
      const email = args.email.toLowerCase();
      const [before] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
      // Run again with the same password (the demo's owner at every start), nobody is signed out.
      const passwordChanged = before !== undefined && !(await verifyPassword(args.password, before.passwordHash));
      return db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        const id = existing?.id ?? randomUUID();
        if (existing) {
          await tx
            .update(users)
            .set({ name: args.name ?? null })
            .where(eq(users.id, id));
          // A reset password ends every session the account has: a reset is what an operator
          // does when an account may be in someone else's hands.
          if (passwordChanged || before === undefined) await replacePassword(tx, { userId: id, passwordHash });
        } else {
          await tx.insert(users).values({ id, email, passwordHash, name: args.name ?? null });
        }
        await tx
          .insert(memberships)
          .values({ workspaceId: args.workspace, userId: id, role: args.role })
          .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role: args.role } });
        return { id, email, workspace_id: args.workspace, role: args.role, created: !existing };
      });
    }
    case 'agent:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const agent = await createAgent(
        db,
        args.workspace,
        { name: args.name, site_type: args['site-type'], allowed_origins: args.origin, default_locale: args.locale, published: args.published },
        new Date(),
      );
      return { id: agent.id, workspace_id: agent.workspaceId, name: agent.name, site_type: agent.siteType, allowed_origins: agent.allowedOrigins };
    }
    case 'token:create': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const abilities = [...new Set(args.ability)];
      const created = await createApiToken(db, { workspaceId: args.workspace, name: args.name, abilities });
      return { id: created.id, token: created.token, name: args.name, workspace_id: args.workspace, abilities };
    }
    case 'token:revoke': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const revoked = await revokeApiToken(db, args.workspace, args.id);
      if (!revoked) throw new AppError('not_found', 'No active token with that id in this workspace');
      return { id: args.id, revoked: true };
    }
    case 'price:set': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const price = { inputUsdPerMtok: args.input, outputUsdPerMtok: args.output, updatedAt: new Date() };
      await db
        .insert(modelPrices)
        .values({ workspaceId: args.workspace, provider: args.provider, model: args.model, ...price })
        .onConflictDoUpdate({ target: [modelPrices.workspaceId, modelPrices.provider, modelPrices.model], set: price });
      return { workspace_id: args.workspace, model: `${args.provider}:${args.model}`, input_usd_per_mtok: args.input, output_usd_per_mtok: args.output };
    }
    case 'price:remove': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const removed = await db
        .delete(modelPrices)
        .where(and(eq(modelPrices.workspaceId, args.workspace), eq(modelPrices.provider, args.provider), eq(modelPrices.model, args.model)))
        .returning({ model: modelPrices.model });
      if (removed.length === 0) throw new AppError('not_found', 'This workspace has no price of its own for that model');
      return { workspace_id: args.workspace, model: `${args.provider}:${args.model}`, removed: true };
    }
    case 'answer:list': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      return { answers: (await listSnippets(db, args.workspace)).map((row) => snippetToWire(row, context.publicBaseUrl)) };
    }
    case 'answer:add': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const input = parseInput(snippetInput, { questions: args.question, answer: args.answer, languages: args.language, agent_ids: args.agent });
      const row = await createSnippet(db, args.workspace, input, context.publicBaseUrl);
      answersChanged(args.workspace);
      return snippetToWire(row, context.publicBaseUrl);
    }
    case 'answer:update': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const current = await snippetInWorkspace(db, args.workspace, args.id);
      const cleared = (values: string[]) => values.filter((value) => value.trim() !== '');
      const input = parseInput(snippetInput, {
        questions: args.question ?? current.questions,
        answer: args.answer ?? current.answer,
        languages: args.language ? cleared(args.language) : current.languages,
        agent_ids: args.agent ? cleared(args.agent) : current.agentIds,
      });
      const row = await updateSnippet(db, args.workspace, args.id, input, context.publicBaseUrl);
      answersChanged(args.workspace);
      return snippetToWire(row, context.publicBaseUrl);
    }
    case 'answer:remove': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await deleteSnippet(db, args.workspace, args.id);
      answersChanged(args.workspace);
      return { id: args.id, deleted: true };
    }
    case 'answer:export': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const rows = await listSnippets(db, args.workspace);
      return { format: args.format, content: args.format === 'csv' ? snippetsToCsv(rows) : JSON.stringify(snippetsToJson(rows), null, 2) };
    }
    case 'answer:import': {
      const args = parseInput(commandSchemas[name], rawArgs);
      await requireWorkspace(db, args.workspace);
      const rows = await writeSnippets(db, args.workspace, parseSnippetImport(args.format, args.content), context.publicBaseUrl);
      answersChanged(args.workspace);
      return { imported: rows.length };
    }
    case 'test:add': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const agent = await requireAgent(db, args.agent);
      const pageContext = args['page-url'] ? { url: args['page-url'], ...(args['page-title'] ? { title: args['page-title'] } : {}) } : null;
      const input = parseInput(testInput, {
        question: args.question[0],
        expected_sources: args.source,
        fact_pattern: args.pattern ?? null,
        language: args.language ?? null,
        site_type: args['site-type'] ?? null,
        page_context: pageContext,
      });
      return testToWire(await createTest(db, agent.workspaceId, agent.id, input));
    }
    case 'test:list': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const agent = await requireAgent(db, args.agent);
      return { tests: (await listTests(db, agent.workspaceId, agent.id)).map(testToWire) };
    }
    case 'agent:test': {
      const args = parseInput(commandSchemas[name], rawArgs);
      const run = await runSuite({ db, ...context.runtime }, await requireAgent(db, args.agent), 'cli');
      return {
        run_id: run.id,
        agent_id: run.agent_id,
        total: run.total,
        passed: run.passed,
        failed: run.failed,
        regression: run.diff.newly_failing.length > 0,
        diff: run.diff,
        failures: run.results
          .filter((result) => !result.passed)
          .map((result) => ({ test_id: result.test_id, question: result.question, failures: result.failures })),
      };
    }
  }
}
