import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import { agentCreate, agentPatch } from './input.js';
import { agentInWorkspace, agentToWire, createAgent, listAgents, updateAgent } from './store.js';

/** GET/POST /app/api/agents, GET/PATCH /app/api/agents/:id. */
export function agentApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const wire = (row: Parameters<typeof agentToWire>[0]) => agentToWire(row, deps.config.publicBaseUrl);

  api.get('/app/api/agents', async (request) => {
    const session = sessionOf(request);
    return { agents: (await listAgents(deps.db, session.workspace.id)).map(wire) };
  });

  api.post('/app/api/agents', { schema: { body: agentCreate }, preValidation: permissionFirst('agent-update') }, async (request, reply) => {
    const session = sessionOf(request);
    const row = await createAgent(deps.db, session.workspace.id, request.body, deps.now());
    return reply.status(201).send({ agent: wire(row) });
  });

  api.get('/app/api/agents/:id', async (request) => {
    const session = sessionOf(request);
    const { id } = request.params as { id: string };
    return { agent: wire(await agentInWorkspace(deps.db, session.workspace.id, id)) };
  });

  api.patch('/app/api/agents/:id', { schema: { body: agentPatch }, preValidation: permissionFirst('agent-update') }, async (request) => {
    const session = sessionOf(request);
    const { id } = request.params as { id: string };
    return { agent: wire(await updateAgent(deps.db, session.workspace.id, id, request.body, deps.now())) };
  });
}
