import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { ROLES } from '../../db/schema.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { clientAddressKey, createLimiter } from '../../lib/rate-limit.js';
import { parseInput } from '../../lib/validate.js';
import { membershipIn, membershipsOf, verifyCredentials, type WorkspaceMembership } from '../auth/login.js';
import { PERMISSIONS, permissionsOf, type Permission } from '../auth/permissions.js';
import { LOGIN_PATH, safeNextPath, sessionOf } from '../auth/session-guard.js';
import {
  clearedSessionCookie,
  csrfTokenMatches,
  endSession,
  findSession,
  pruneSessions,
  sessionCookie,
  sessionTokenOf,
  startSession,
  type UserSession,
} from '../auth/sessions.js';
import { field, formOf, isFormPost } from './form-body.js';
import { html } from './html.js';
import { documentShell, sendHtml } from './layout.js';
import { isUuid } from './sql.js';

/**
 * Sign-in, sign-out and the session itself (contract section 8): POST /app/login with JSON or a
 * form, GET /app/api/session, POST /app/logout, and switching to another of the user's workspaces.
 */

/** Guessing passwords is slowed per account and per address, whichever runs out first. */
export const LOGIN_LIMITS = { perAccount: 10, perIp: 30, windowMs: 15 * 60 * 1000 } as const;

/**
 * Sign-in's credentials, sent as JSON or as the sign-in form. Other fields (the form's `next`) are
 * kept as sent: the form reads them itself.
 */
const loginBody = z.looseObject({
  email: z.string().trim().min(1, 'enter your email').max(320),
  password: z.string().min(1, 'enter your password').max(200),
});

/**
 * The credentials of a sign-in whose body was checked against loginBody (with attachValidation).
 * The form's `next` is only ever used through safeNextPath, which turns any value into a path
 * inside /app: a refusal of it alone (a NUL character) does not stand in the way of signing in.
 */
function credentialsOf(request: FastifyRequest): z.infer<typeof loginBody> {
  const refusal = request.validationError;
  if (!refusal) return request.body as z.infer<typeof loginBody>;
  if (!isAppError(refusal) || Object.keys(refusal.errors).length === 0 || Object.keys(refusal.errors).some((path) => path !== 'next')) throw refusal;
  const body = request.body as Record<string, unknown>;
  return parseInput(loginBody, { email: body.email, password: body.password });
}

const switchBody = z.object({ workspace_id: z.string() });

const role = z.enum(ROLES);

/** A signed-in session as the JSON API answers it: sign-in, GET /app/api/session, a workspace switch. */
const sessionResponse = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable(), role }),
  workspace: z.object({ id: z.uuid(), name: z.string() }),
  workspaces: z.array(z.object({ id: z.uuid(), name: z.string(), role })),
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])),
  csrf_token: z.string(),
  expires_at: z.string(),
});

function sessionBody(session: UserSession, workspaces: WorkspaceMembership[]): z.infer<typeof sessionResponse> {
  return {
    user: { id: session.user.id, email: session.user.email, name: session.user.name, role: session.role },
    workspace: session.workspace,
    workspaces,
    permissions: permissionsOf(session.role),
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

/**
 * A sign-in form posted from another site would sign the victim into the attacker's account
 * (login CSRF). Browsers send Origin with every POST; scripts and tests that send none are fine.
 */
function assertSameOrigin(request: FastifyRequest, publicBaseUrl: string): void {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const allowed = origin === undefined || origin === new URL(publicBaseUrl).origin || origin === `${request.protocol}://${request.host}`;
  if (!allowed || fetchSite === 'cross-site') throw new AppError('csrf_failed', 'Sign in from the dashboard itself');
}

function loginPage(options: { next: string; email?: string; error?: string | undefined }): string {
  return documentShell(
    'Sign in',
    html`<main class="login">
  <form method="post" action="${LOGIN_PATH}" class="card stacked">
    <h1>Storefront Assistant</h1>
    ${options.error && html`<p class="error-box" role="alert">${options.error}</p>`}
    <input type="hidden" name="next" value="${options.next}">
    <label>Email <input type="email" name="email" value="${options.email ?? ''}" autocomplete="username" required autofocus></label>
    <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
    <div class="actions"><button type="submit">Sign in</button></div>
  </form>
</main>`,
  );
}

/** The routes that work without a session. */
export function publicSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Without its counters, sign-in would allow unlimited password guessing: it fails closed.
  const ipLimit = createLimiter(app, {
    name: 'login-ip',
    max: LOGIN_LIMITS.perIp,
    windowMs: LOGIN_LIMITS.windowMs,
    key: clientAddressKey,
    whenStoreUnreachable: 'refuse',
  });
  // Counted on the very email whose password is checked, as parsed: never read from the raw
  // body again, where a repeated form field (an array) would count on another key.
  const accountOf = new WeakMap<FastifyRequest, string>();
  const accountLimit = createLimiter(app, {
    name: 'login-account',
    whenStoreUnreachable: 'refuse',
    max: LOGIN_LIMITS.perAccount,
    windowMs: LOGIN_LIMITS.windowMs,
    key: (request) => accountOf.get(request) ?? '',
  });

  /**
   * Checks everything and starts the session; throws AppError on any refusal. The body was
   * checked against loginBody before, and its verdict is taken here, after the origin check and
   * the per-address limit: a cross-site post is refused as such, and a malformed guess counts.
   */
  const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
    assertSameOrigin(request, deps.config.publicBaseUrl);
    await ipLimit(request);
    const credentials = credentialsOf(request);
    accountOf.set(request, credentials.email.toLowerCase());
    await accountLimit(request);
    const user = await verifyCredentials(deps.db, credentials.email, credentials.password);
    if (!user) throw new AppError('unauthenticated', 'The email or password is incorrect');
    const workspaces = await membershipsOf(deps.db, user.id);
    const first = workspaces[0];
    if (!first) throw new AppError('unauthenticated', 'This account does not belong to any workspace');
    const now = deps.now();
    const issued = await startSession(deps.db, { userId: user.id, workspaceId: first.id, now, replacing: sessionTokenOf(request) });
    await pruneSessions(deps.db, now);
    reply.header('set-cookie', sessionCookie(deps.config, issued));
    return { session: (await findSession(deps.db, issued.token, now))!, workspaces };
  };

  app.get(LOGIN_PATH, async (request, reply) => {
    const { next } = request.query as { next?: string };
    const token = sessionTokenOf(request);
    if (token && (await findSession(deps.db, token, deps.now()))) return reply.redirect(safeNextPath(next), 303);
    return sendHtml(reply, loginPage({ next: safeNextPath(next) }));
  });

  // A form post is answered with a redirect or the form again (HTML, never 200); a JSON post with
  // the session. Both are checked against the declared body, whose verdict signIn takes
  // (attachValidation), so that a refused form is the form again, not a JSON error.
  app.post(LOGIN_PATH, { schema: { body: loginBody, response: { 200: sessionResponse } }, attachValidation: true }, async (request, reply) => {
    if (!isFormPost(request.headers['content-type'])) {
      const { session, workspaces } = await signIn(request, reply);
      return sessionBody(session, workspaces);
    }
    const form = formOf(request.body);
    const next = safeNextPath(field(form, 'next'));
    try {
      await signIn(request, reply);
    } catch (error) {
      if (!isAppError(error)) throw error;
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      const message = error.code === 'validation_failed' ? 'Enter your email and password.' : error.message;
      return sendHtml(reply, loginPage({ next, email: field(form, 'email'), error: message }), error.status);
    }
    return reply.redirect(next, 303);
  });

  app.post('/app/logout', { schema: { response: { 200: z.object({ signed_out: z.literal(true) }) } } }, async (request, reply) => {
    const token = sessionTokenOf(request);
    const session = token ? await findSession(deps.db, token, deps.now()) : undefined;
    if (token && session) {
      const provided = request.headers['x-csrf-token'] ?? formOf(request.body)._csrf;
      if (!csrfTokenMatches(session, provided)) throw new AppError('csrf_failed', 'The CSRF token is missing or does not match this session');
      await endSession(deps.db, token);
    }
    reply.header('set-cookie', clearedSessionCookie(deps.config));
    return isFormPost(request.headers['content-type']) ? reply.redirect(LOGIN_PATH, 303) : { signed_out: true };
  });
}

/** Moves the user into another of their workspaces, as a fresh session. */
async function switchWorkspace(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, workspaceId: string) {
  const current = sessionOf(request);
  const target = isUuid(workspaceId) ? await membershipIn(deps.db, current.user.id, workspaceId) : undefined;
  if (!target) throw new AppError('not_found', 'Workspace not found');
  const now = deps.now();
  const issued = await startSession(deps.db, { userId: current.user.id, workspaceId: target.id, now, replacing: sessionTokenOf(request) });
  reply.header('set-cookie', sessionCookie(deps.config, issued));
  return (await findSession(deps.db, issued.token, now))!;
}

export function sessionApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get('/app/api/session', { schema: { response: { 200: sessionResponse } } }, async (request) => {
    const session = sessionOf(request);
    return sessionBody(session, await membershipsOf(deps.db, session.user.id));
  });

  api.post('/app/api/session/workspace', { schema: { body: switchBody, response: { 200: sessionResponse } } }, async (request, reply) => {
    const session = await switchWorkspace(deps, request, reply, request.body.workspace_id);
    return sessionBody(session, await membershipsOf(deps.db, session.user.id));
  });
}

export function sessionPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  pages.post('/app/workspace', async (request, reply) => {
    await switchWorkspace(deps, request, reply, field(formOf(request.body), 'workspace_id'));
    return reply.redirect('/app/agents', 303);
  });
}
