import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import { agentCreate, agentPatch } from '../../agents/settings.js';
import { agentInWorkspace, agentToWire, agentWire, createAgent, listAgents, updateAgent } from '../../agents/store.js';

const agentList = z.object({ agents: z.array(agentWire) });
const oneAgent = z.object({ agent: agentWire });

/** GET/POST /app/api/agents, GET/PATCH /app/api/agents/:id. */
export function agentApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const wire = (row: Parameters<typeof agentToWire>[0]) => agentToWire(row, deps.config.publicBaseUrl);

  api.get('/app/api/agents', { schema: { response: { 200: agentList } } }, async (request) => {
    const session = sessionOf(request);
    return { agents: (await listAgents(deps.db, session.workspace.id)).map(wire) };
  });

  api.post(
    '/app/api/agents',
    { schema: { body: agentCreate, response: { 201: oneAgent } }, preValidation: permissionFirst('agent-update') },
    async (request, reply) => {
      const session = sessionOf(request);
      const row = await createAgent(deps.db, session.workspace.id, request.body, deps.now());
      return reply.status(201).send({ agent: wire(row) });
    },
  );

  api.get('/app/api/agents/:id', { schema: { response: { 200: oneAgent } } }, async (request) => {
    const session = sessionOf(request);
    const { id } = request.params as { id: string };
    return { agent: wire(await agentInWorkspace(deps.db, session.workspace.id, id)) };
  });

  api.patch(
    '/app/api/agents/:id',
    { schema: { body: agentPatch, response: { 200: oneAgent } }, preValidation: permissionFirst('agent-update') },
    async (request) => {
      const session = sessionOf(request);
      const { id } = request.params as { id: string };
      const updated = await updateAgent(deps.db, session.workspace.id, id, request.body, deps.now());
      deps.suites.schedule(updated.workspaceId, updated.id, 'agent_edit');
      return { agent: wire(updated) };
    },
  );
}
