import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { memberships, sessions, users, workspaces, type Role } from '../../db/schema.js';
import { constantTimeEqual, randomSecret, sha256Hex } from '../../lib/crypto.js';

/**
 * Dashboard sessions, kept server-side so that they can be revoked. The cookie carries a random
 * token; the table keeps only its SHA-256 (a stolen database dump holds no usable session). Each
 * session has its own CSRF token, sent back by every state-changing request.
 */

export const SESSION_COOKIE = 'sa_session';
/** The cookie is sent only to the dashboard, never to the widget or integration APIs. */
export const SESSION_COOKIE_PATH = '/app';
/** A session ends this long after sign-in, however active it is. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** ...and after this long without a request. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface UserSession {
  /** The row id: the hash of the cookie token. */
  id: string;
  csrfToken: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string | null };
  workspace: { id: string; name: string };
  /** Read from the membership on every request, so a role change applies at once. */
  role: Role;
}

export interface IssuedSession {
  /** The cookie value; never stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * Starts a session. The session the request came with, if any, is ended in the same
 * transaction: a session id is never carried across a sign-in (no session fixation).
 */
export async function startSession(db: Db, input: { userId: string; workspaceId: string; now: Date; replacing?: string | undefined }): Promise<IssuedSession> {
  const token = randomSecret(32);
  const csrfToken = randomSecret(32);
  const expiresAt = new Date(input.now.getTime() + SESSION_LIFETIME_MS);
  await db.transaction(async (tx) => {
    if (input.replacing) await tx.delete(sessions).where(eq(sessions.id, sha256Hex(input.replacing)));
    await tx.insert(sessions).values({
      id: sha256Hex(token),
      userId: input.userId,
      workspaceId: input.workspaceId,
      csrfToken,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
    });
  });
  return { token, csrfToken, expiresAt };
}

/** The live session for a cookie token: not expired, not idle too long, membership still there. */
export async function findSession(db: Db, token: string, now: Date): Promise<UserSession | undefined> {
  const id = sha256Hex(token);
  const [row] = await db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(workspaces, eq(workspaces.id, sessions.workspaceId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.workspaceId, sessions.workspaceId)))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    id: row.id,
    csrfToken: row.csrfToken,
    expiresAt: row.expiresAt,
    user: { id: row.userId, email: row.email, name: row.name },
    workspace: { id: row.workspaceId, name: row.workspaceName },
    role: row.role,
  };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

/** Revokes every session a user has in a workspace (their membership was removed). */
export async function endUserSessions(db: Db, userId: string, workspaceId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId)));
}

/** Deletes sessions that can no longer be used; called on sign-in, so the table stays small. */
export async function pruneSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}

/** The session token from the Cookie header; tokens are base64url, so no decoding is involved. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) {
      const token = pair.slice(eq + 1).trim();
      return /^[\w-]{20,100}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** HttpOnly (scripts never see it), SameSite=Lax (not sent on cross-site POSTs), Secure behind https. */
function cookieHeader(config: Config, value: string, expiresAt: Date): string {
  const secure = config.publicBaseUrl.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=${SESSION_COOKIE_PATH}; Expires=${expiresAt.toUTCString()}; HttpOnly; SameSite=Lax${secure}`;
}

export function sessionCookie(config: Config, issued: IssuedSession): string {
  return cookieHeader(config, issued.token, issued.expiresAt);
}

export function clearedSessionCookie(config: Config): string {
  return cookieHeader(config, '', new Date(0));
}

export function csrfTokenMatches(session: UserSession, provided: unknown): boolean {
  return typeof provided === 'string' && provided.length > 0 && constantTimeEqual(provided, session.csrfToken);
}
