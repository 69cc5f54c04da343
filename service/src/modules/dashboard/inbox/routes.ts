import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { sessionOf } from '../../auth/session-guard.js';
import { layout, pageFrame, sendHtml } from '../layout.js';
import { listQuery } from '../list-query.js';
import { conversationList, listConversations, transcript, transcriptWire } from './store.js';
import { conversationPage, inboxView } from './views.js';

/** Any text: an id that is not a conversation's (malformed ones too) is "not found", as for the page. */
const conversationParams = z.object({ id: z.string() });

export function inboxApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/conversations', { schema: { querystring: listQuery, response: { 200: conversationList } } }, async (request) => {
    const query = request.query;
    const list = await listConversations(deps.db, sessionOf(request).workspace.id, { ...query, agentId: query.agent_id });
    return { conversations: list, limit: query.limit, offset: query.offset };
  });

  api.get('/app/api/conversations/:id', { schema: { params: conversationParams, response: { 200: transcriptWire } } }, async (request) =>
    transcript(deps.db, sessionOf(request).workspace.id, request.params.id),
  );
}

export function inboxPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.withTypeProvider<ZodTypeProvider>().get('/app/inbox', { schema: { querystring: listQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const query = request.query;
    const list = await listConversations(deps.db, frame.session.workspace.id, { ...query, agentId: query.agent_id });
    return sendHtml(reply, layout(frame, { title: 'Inbox', active: 'inbox', body: inboxView(list, query) }));
  });

  pages.get('/app/inbox/:id', async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const { id } = request.params as { id: string };
    const t = await transcript(deps.db, frame.session.workspace.id, id);
    return sendHtml(reply, layout(frame, { title: 'Conversation', active: 'inbox', body: conversationPage(t) }));
  });
}
