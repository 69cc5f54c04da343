import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { parseInput } from '../../../lib/validate.js';
import { requirePermission } from '../../auth/permissions.js';
import { sessionOf } from '../../auth/session-guard.js';
import { agentCreate, agentPatch } from './input.js';
import { agentInWorkspace, agentToWire, createAgent, listAgents, updateAgent } from './store.js';

/** GET/POST /app/api/agents, GET/PATCH /app/api/agents/:id. */
export function agentApiRoutes(api: FastifyInstance, deps: AppDeps): void {
  const wire = (row: Parameters<typeof agentToWire>[0]) => agentToWire(row, deps.config.publicBaseUrl);

  api.get('/app/api/agents', async (request) => {
    const session = sessionOf(request);
    return { agents: (await listAgents(deps.db, session.workspace.id)).map(wire) };
  });

  api.post('/app/api/agents', async (request, reply) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'agent-update');
    const input = parseInput(agentCreate, request.body);
    const row = await createAgent(deps.db, session.workspace.id, input, deps.now());
    return reply.status(201).send({ agent: wire(row) });
  });

  api.get('/app/api/agents/:id', async (request) => {
    const session = sessionOf(request);
    const { id } = request.params as { id: string };
    return { agent: wire(await agentInWorkspace(deps.db, session.workspace.id, id)) };
  });

  api.patch('/app/api/agents/:id', async (request) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'agent-update');
    const { id } = request.params as { id: string };
    const patch = parseInput(agentPatch, request.body);
    return { agent: wire(await updateAgent(deps.db, session.workspace.id, id, patch, deps.now())) };
  });
}
