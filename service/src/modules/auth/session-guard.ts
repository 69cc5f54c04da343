import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { requirePermission, type Permission } from './permissions.js';
import { csrfTokenMatches, findSession, sessionTokenOf, type UserSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in dashboard user; set by the session guard on session-authenticated routes. */
    userSession: UserSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const LOGIN_PATH = '/app/login';

/**
 * A redirect target after sign-in: only a path inside the dashboard, never another site. It
 * becomes a Location header, so only printable ASCII (a browser sends paths percent-encoded):
 * a control or non-Latin character there would make Node refuse the header and fail the sign-in.
 */
export function safeNextPath(value: unknown): string {
  return typeof value === 'string' && /^\/app(\/[\x21-\x5b\x5d-\x7e]*)?$/.test(value) && !value.startsWith(LOGIN_PATH) ? value : '/app/agents';
}

function loginRedirect(request: FastifyRequest): string {
  const next = request.method === 'GET' ? safeNextPath(request.url) : '/app/agents';
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}

/**
 * Puts every route of `scope` behind a session: without one, JSON routes answer 401 and pages
 * redirect to the sign-in form. A state-changing request must also carry the session's CSRF token
 * (X-CSRF-Token header, or the `_csrf` field of a form), else 403 csrf_failed.
 */
export function requireSession(scope: FastifyInstance, deps: AppDeps, onMissing: 'unauthenticated' | 'redirect'): void {
  if (!scope.hasRequestDecorator('userSession')) scope.decorateRequest('userSession', null);
  // Before validation: a request without a session (or its CSRF token) learns nothing about its body.
  scope.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionTokenOf(request);
    const session = token ? await findSession(deps.db, token, deps.now()) : undefined;
    if (!session) {
      if (onMissing === 'redirect') return reply.redirect(loginRedirect(request), 303);
      throw new AppError('unauthenticated', 'Sign in first (POST /app/login)');
    }
    request.userSession = session;
    if (!SAFE_METHODS.has(request.method)) {
      const body = request.body as Record<string, unknown> | null | undefined;
      const provided = request.headers['x-csrf-token'] ?? (body && typeof body === 'object' ? body._csrf : undefined);
      if (!csrfTokenMatches(session, provided)) {
        throw new AppError('csrf_failed', 'The CSRF token is missing or does not match this session; reload the page and try again');
      }
    }
    return undefined;
  });
}

/** The session set by the guard; routes behind requireSession always have one. */
export function sessionOf(request: FastifyRequest): UserSession {
  if (!request.userSession) throw new AppError('unauthenticated', 'Sign in first (POST /app/login)');
  return request.userSession;
}

/**
 * A route's permission as a preValidation step: judged after the session and before the body is
 * validated, so that a member without it learns nothing about what the route accepts.
 */
export function permissionFirst(permission: Permission) {
  return async (request: FastifyRequest) => requirePermission(sessionOf(request).role, permission);
}
