import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { toAppError } from '../../lib/error-handler.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses, eventStreamResponse } from '../../lib/route-schema.js';
import { sanitizePageContext } from '../assistant/page-context.js';
import { runTurn, type RuntimeDeps } from '../assistant/runtime.js';
import { requirePermission } from '../auth/permissions.js';
import { requireSession, sessionOf } from '../auth/session-guard.js';
import { agentInWorkspace } from '../agents/store.js';
import { addDashboardSecurityHeaders } from '../dashboard/routes.js';
import { html } from '../dashboard/html.js';
import { documentShell, layout, pageFrame, sendHtml } from '../dashboard/layout.js';
import { streamTurn, turnError } from '../assistant/turn-stream.js';
import { playgroundAssetRoutes } from './assets.js';
import { playgroundConversation, resumablePlaygroundConversation } from './conversations.js';
import { clearConversation, startConversation } from '../conversations/store.js';
import { playgroundBody } from './page.js';
import { pageContextPreviewBody, pageContextPreviewResponse, pageQuery, resetBody, resetResponse, streamBody } from './schemas.js';

type TestableAgent = Awaited<ReturnType<typeof agentInWorkspace>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The agent a Playground request tests, once the member was found allowed to. */
    playgroundAgent: TestableAgent | null;
  }
}

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

  await app.register(async (scope) => {
    requireSession(scope, deps, 'unauthenticated');
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.decorateRequest('playgroundAgent', null);
    // Permission and agent are judged before the body is validated, as the session is.
    const findAgent = async (request: FastifyRequest) => {
      request.playgroundAgent = (await testableAgent(request)).agent;
    };
    const agentOf = (request: FastifyRequest): TestableAgent => {
      if (!request.playgroundAgent) throw new AppError('not_found', 'Agent not found');
      return request.playgroundAgent;
    };

    const pageContextSchema = {
      body: pageContextPreviewBody,
      response: { 200: pageContextPreviewResponse, ...errorResponses(400, 401, 403, 404) },
    };
    // The same sanitizer the turn applies, so the tab shows exactly what the runtime will see.
    api.post('/app/agents/:id/playground/page-context', { schema: pageContextSchema, preValidation: findAgent }, async (request) => {
      const agent = agentOf(request);
      return { page_context: sanitizePageContext(request.body.page_context, { mode: 'playground', allowedOrigins: agent.allowedOrigins }) ?? null };
    });

    const streamSchema = {
      body: streamBody,
      response: {
        200: eventStreamResponse("The widget stream's events, every block kind kept, with `diagnostics` before `done`"),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    };
    api.post('/app/agents/:id/playground/stream', { schema: streamSchema, preValidation: findAgent }, async (request, reply) => {
      const session = sessionOf(request);
      const agent = agentOf(request);
      const body = request.body;
      const conversation = body.conversation_id
        ? await playgroundConversation(deps.db, agent, body.conversation_id)
        : await startConversation(deps.db, agent, { kind: 'playground', visitorId: session.user.id });
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
      void deps.metrics.trackStream(request, reply, streamTurn(reply, first, events, controller, 'playground')).finally(ended);
      return reply;
    });

    const resetSchema = {
      body: resetBody,
      response: { 200: resetResponse, ...errorResponses(400, 401, 403, 404) },
    };
    api.post('/app/agents/:id/playground/reset', { schema: resetSchema, preValidation: findAgent }, async (request) => {
      const conversation = await playgroundConversation(deps.db, agentOf(request), request.body.conversation_id);
      return { cleared: await clearConversation(deps.db, conversation) };
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
    const page = request.userSession
      ? layout(await pageFrame(deps.db, request), { title: 'Playground', active: 'agents', body })
      : documentShell('Playground', body);
    return sendHtml(reply, page, appError.status);
  };
}
