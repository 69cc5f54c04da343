import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { errorResponses } from '../../lib/route-schema.js';
import { requirePermission } from '../auth/permissions.js';
import { permissionFirst, sessionOf } from '../auth/session-guard.js';
import { agentInWorkspace } from '../agents/store.js';
import { runSuite } from './runner.js';
import { createTest, deleteTest, listRuns, listTests, runInWorkspace, runSummarySchema, runToWire, runWire, testInput, testToWire, testWire } from './store.js';

/**
 * An agent's regression suite under /app/api/agents/:id: its tests, a run on demand (the
 * Playground's Tests tab), the stored runs. Reading is for every member; adding, deleting and
 * running need `agent-update`, as the Playground does.
 */

const agentParams = z.object({ id: z.string() });
const testParams = agentParams.extend({ testId: z.string() });
const runParams = z.object({ runId: z.string() });

export function agentTestApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const runtime = { db: deps.db, providerEnv: deps.providerEnv, addressPolicy: deps.sitePolicy };
  const agentOf = (request: FastifyRequest & { params: { id: string } }) => agentInWorkspace(deps.db, sessionOf(request).workspace.id, request.params.id);

  api.get(
    '/app/api/agents/:id/tests',
    { schema: { params: agentParams, response: { 200: z.object({ tests: z.array(testWire) }), ...errorResponses(401, 404) } } },
    async (request) => {
      const agent = await agentOf(request);
      return { tests: (await listTests(deps.db, agent.workspaceId, agent.id)).map(testToWire) };
    },
  );

  api.post(
    '/app/api/agents/:id/tests',
    {
      schema: { params: agentParams, body: testInput, response: { 201: z.object({ test: testWire }), ...errorResponses(400, 401, 403, 404) } },
      preValidation: permissionFirst('agent-update'),
    },
    async (request, reply) => {
      const agent = await agentOf(request);
      return reply.status(201).send({ test: testToWire(await createTest(deps.db, agent.workspaceId, agent.id, request.body)) });
    },
  );

  api.delete(
    '/app/api/agents/:id/tests/:testId',
    { schema: { params: testParams, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errorResponses(401, 403, 404) } } },
    async (request) => {
      requirePermission(sessionOf(request).role, 'agent-update');
      const agent = await agentOf(request);
      await deleteTest(deps.db, agent.workspaceId, agent.id, request.params.testId);
      return { id: request.params.testId, deleted: true as const };
    },
  );

  api.post(
    '/app/api/agents/:id/tests/run',
    {
      schema: { params: agentParams, response: { 200: z.object({ run: runWire }), ...errorResponses(401, 403, 404) } },
      preValidation: permissionFirst('agent-update'),
    },
    async (request) => ({ run: await runSuite(runtime, await agentOf(request), 'manual') }),
  );

  api.get(
    '/app/api/agents/:id/test-runs',
    {
      schema: {
        params: agentParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: z.object({ runs: z.array(runSummarySchema) }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const agent = await agentOf(request);
      return { runs: (await listRuns(deps.db, agent.workspaceId, agent.id, request.query.limit)).map((row) => runToWire(row, false)) };
    },
  );

  // A run by its id alone (the Playground's Tests tab, links): the workspace is the session's.
  api.get(
    '/app/api/test-runs/:runId',
    { schema: { params: runParams, response: { 200: z.object({ run: runWire }), ...errorResponses(401, 404) } } },
    async (request) => ({
      run: runToWire(await runInWorkspace(deps.db, sessionOf(request).workspace.id, request.params.runId), true),
    }),
  );
}
