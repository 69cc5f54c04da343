import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { toAppError } from '../../lib/error-handler.js';
import { requireSession } from '../auth/session-guard.js';
import { accountApiRoutes, accountPageRoutes, passwordCheckLimit } from './account/account.js';
import { agentApiRoutes } from './agents/api.js';
import { agentPageRoutes } from './agents/pages.js';
import { agentTestApiRoutes } from '../agent-tests/routes.js';
import { answerApiRoutes, answerPageRoutes } from './answers/routes.js';
import { gapApiRoutes, gapPageRoutes } from './gaps/routes.js';
import { analyticsApiRoutes, analyticsPageRoutes } from './analytics/routes.js';
import { registerFormParser } from './form-body.js';
import { html } from './html.js';
import { inboxApiRoutes, inboxPageRoutes } from './inbox/routes.js';
import { documentShell, layout, pageFrame, sendHtml } from './layout.js';
import { leadApiRoutes, leadPageRoutes } from './leads/routes.js';
import { memberApiRoutes, memberPageRoutes } from './members/members.js';
import { publicSessionRoutes, sessionApiRoutes, sessionPageRoutes } from './session-routes.js';
import { siteApiRoutes, sitePageRoutes } from './sites/sites.js';
import { staticAssetRoutes } from './static-assets.js';
import { tokenApiRoutes, tokenPageRoutes } from './tokens/tokens.js';
import { usageApiRoutes, usagePageRoutes } from './usage/usage.js';

/**
 * The store owner's dashboard under /app: server-rendered pages and the JSON API under /app/api
 * that scripts (and the Playground) use. Both sit behind the same session and CSRF rules.
 */

/** Pages load only our own files: no inline script or style can run, whatever a value contains. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every dashboard and Playground response. */
export function addDashboardSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin');
    // Pages and JSON hold a workspace's data: never kept by a shared cache or the back button.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerFormParser(app);
  addDashboardSecurityHeaders(app);
  staticAssetRoutes(app);
  publicSessionRoutes(app, deps);
  // One counter for the JSON route and the form, which live in two scopes.
  const passwordLimit = passwordCheckLimit(app);

  await app.register(async (api) => {
    requireSession(api, deps, 'unauthenticated');
    sessionApiRoutes(api, deps);
    agentApiRoutes(api, deps);
    answerApiRoutes(api, deps);
    gapApiRoutes(api, deps);
    agentTestApiRoutes(api, deps);
    siteApiRoutes(api, deps);
    tokenApiRoutes(api, deps);
    inboxApiRoutes(api, deps);
    leadApiRoutes(api, deps);
    analyticsApiRoutes(api, deps);
    usageApiRoutes(api, deps);
    memberApiRoutes(api, deps);
    accountApiRoutes(api, deps, passwordLimit);
  });

  await app.register(async (pages) => {
    requireSession(pages, deps, 'redirect');
    pages.setErrorHandler(htmlErrors(deps));
    sessionPageRoutes(pages, deps);
    agentPageRoutes(pages, deps);
    answerPageRoutes(pages, deps);
    gapPageRoutes(pages, deps);
    sitePageRoutes(pages, deps);
    tokenPageRoutes(pages, deps);
    inboxPageRoutes(pages, deps);
    leadPageRoutes(pages, deps);
    analyticsPageRoutes(pages, deps);
    usagePageRoutes(pages, deps);
    memberPageRoutes(pages, deps);
    accountPageRoutes(pages, deps, passwordLimit);
  });
}

const ERROR_TITLES: Record<number, string> = {
  400: 'That did not work',
  401: 'Please sign in',
  403: 'Not allowed',
  404: 'Not found',
  429: 'Too many requests',
};

/** Pages answer errors as pages, with the same status the JSON API would give. */
function htmlErrors(deps: AppDeps) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    for (const [name, value] of Object.entries(appError.headers)) reply.header(name, value);
    const title = ERROR_TITLES[appError.status] ?? 'Something went wrong';
    const message = appError.status >= 500 ? `Something went wrong on our side (request ${request.id}).` : appError.message;
    const body = html`<div class="error-page">
      <h1>${title}</h1>
      <p>${message}</p>
      ${
        Object.entries(appError.errors).length > 0 &&
        html`<ul>${Object.entries(appError.errors).map(([field, messages]) => html`<li>${field}: ${messages.join('; ')}</li>`)}</ul>`
      }
      <p><a href="/app/agents">Back to the dashboard</a></p>
    </div>`;
    const page = request.userSession ? layout(await pageFrame(deps.db, request), { title, active: null, body }) : documentShell(title, body);
    return sendHtml(reply, page, appError.status);
  };
}
