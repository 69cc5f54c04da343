import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { toAppError } from '../../lib/error-handler.js';
import { AppError } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { sanitizePageContext } from '../assistant/page-context.js';
import { runTurn, type RuntimeDeps } from '../assistant/runtime.js';
import { requirePermission } from '../auth/permissions.js';
import { requireSession, sessionOf } from '../auth/session-guard.js';
import { agentInWorkspace } from '../dashboard/agents/store.js';
import { addDashboardSecurityHeaders } from '../dashboard/routes.js';
import { html } from '../dashboard/html.js';
import { documentShell, layout, pageFrame, sendHtml } from '../dashboard/layout.js';
import { streamEvents, turnError } from '../widget/routes.js';
import { playgroundAssetRoutes } from './assets.js';
import { playgroundConversation, resetPlaygroundConversation, startPlaygroundConversation, resumablePlaygroundConversation } from './conversations.js';
import { playgroundBody } from './page.js';
import { pageContextPreviewBody, pageQuery, resetBody, streamBody } from './schemas.js';

/**
 * The Playground (spec 4.4, contract section 9): an agent tested by a signed-in member who may
 * edit it, through the same runtime turn as the widget, with Playground-only overrides and
 * diagnostics. Another workspace's agent is not found; a viewer is refused.
 */

export async function playgroundRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const runtime: RuntimeDeps = { db: deps.db, providerEnv: deps.providerEnv, addressPolicy: deps.sitePolicy };
  addDashboardSecurityHeaders(app);
  playgroundAssetRoutes(app);

  /** The agent, when the signed-in member may test it. */
  const testableAgent = async (request: FastifyRequest) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'agent-update');
    const { id } = request.params as { id: string };
    return { session, agent: await agentInWorkspace(deps.db, session.workspace.id, id) };
  };

  await app.register(async (pages) => {
    requireSession(pages, deps, 'redirect');
    pages.setErrorHandler(pageErrors(deps));
    pages.get('/app/agents/:id/playground', async (request, reply) => {
      const { session, agent } = await testableAgent(request);
      const query = pageQuery.parse(request.query);
      const conversation = await resumablePlaygroundConversation(deps.db, agent, session.user.id, query.conversation);
      const compareConversation = query.compare ? await resumablePlaygroundConversation(deps.db, agent, session.user.id, query.compare) : null;
      const body = playgroundBody({ agent, session, conversation, compareConversation });
      return sendHtml(reply, layout(await pageFrame(deps.db, request), { title: `Playground · ${agent.name}`, active: 'agents', body }));
    });
  });

  await app.register(async (api) => {
    requireSession(api, deps, 'unauthenticated');

    // The same sanitizer the turn applies, so the tab shows exactly what the runtime will see.
    api.post('/app/agents/:id/playground/page-context', async (request) => {
      const { agent } = await testableAgent(request);
      const body = parseInput(pageContextPreviewBody, request.body);
      return { page_context: sanitizePageContext(body.page_context, { mode: 'playground', allowedOrigins: agent.allowedOrigins }) ?? null };
    });

    api.post('/app/agents/:id/playground/stream', async (request, reply) => {
      const { session, agent } = await testableAgent(request);
      const body = parseInput(streamBody, request.body);
      const conversation = body.conversation_id
        ? await playgroundConversation(deps.db, agent, body.conversation_id)
        : await startPlaygroundConversation(deps.db, agent, session.user.id);
      const controller = new AbortController();
      const ended = deps.turns.begin(controller);
      let first;
      let events;
      try {
        // The overrides go to this turn only; nothing here writes to the agent.
        events = runTurn(runtime, {
          agent,
          conversation,
          message: body.message,
          overrides: { siteType: body.site_type_override, language: body.language_override, pageContext: body.page_context },
          mode: 'playground',
          signal: controller.signal,
        });
        const next = await events.next();
        if (next.done) throw new AppError('internal_error', 'The turn produced nothing');
        // Refused before anything was generated (busy, budget, invalid): a plain error response.
        if (next.value.type === 'error') throw turnError(next.value);
        first = next.value;
      } catch (error) {
        ended();
        throw error;
      }
      void deps.metrics.trackStream(request, reply, streamEvents(reply, first, events, controller, 'playground')).finally(ended);
      return reply;
    });

    api.post('/app/agents/:id/playground/reset', async (request) => {
      const { agent } = await testableAgent(request);
      const body = parseInput(resetBody, request.body);
      const conversation = await playgroundConversation(deps.db, agent, body.conversation_id);
      return { cleared: await resetPlaygroundConversation(deps.db, conversation) };
    });
  });
}

/** The page answers errors as a page, with the status the JSON routes would give. */
function pageErrors(deps: AppDeps) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    const message = appError.status >= 500 ? `Something went wrong on our side (request ${request.id}).` : appError.message;
    const body = html`<div class="error-page"><h1>${appError.status === 404 ? 'Not found' : 'Not allowed'}</h1><p>${message}</p><p><a href="/app/agents">Back to the dashboard</a></p></div>`;
    const page = request.userSession ? layout(await pageFrame(deps.db, request), { title: 'Playground', active: 'agents', body }) : documentShell('Playground', body);
    return sendHtml(reply, page, appError.status);
  };
}
