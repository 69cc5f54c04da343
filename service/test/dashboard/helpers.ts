import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '../../src/db/client.js';
import { agents, conversations, type Role } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { runTurn } from '../../src/modules/assistant/runtime.js';
import { init, widgetPost } from '../helpers/widget.js';

export const PASSWORD = 'correct horse battery staple';

/** A member of a workspace, made through the operator command (as the first owner is). */
export async function createMember(database: Database, workspaceId: string, role: Role, email = `${role}-${randomUUID().slice(0, 8)}@shop.example`) {
  await runCommand(database.db, 'user:create', { workspace: workspaceId, email, password: PASSWORD, role });
  return email;
}

export interface SignedIn {
  cookie: string;
  csrf: string;
  body: Record<string, unknown>;
}

/** Signs in through POST /app/login (JSON) and keeps the session cookie and CSRF token. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/app/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response.headers['set-cookie']), csrf: response.json().csrf_token, body: response.json() };
}

export function sessionCookieOf(header: string | string[] | undefined): string {
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => c.startsWith('sa_session='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0]!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request as a signed-in browser or script sends it: the cookie, and the CSRF header unless told not to. */
export function asUser(
  app: FastifyInstance,
  user: SignedIn | null,
  method: Method,
  url: string,
  payload?: unknown,
  options: { csrf?: boolean; form?: boolean } = {},
) {
  const headers: Record<string, string> = {};
  if (user) headers.cookie = user.cookie;
  if (user && method !== 'GET' && options.csrf !== false && !options.form) headers['x-csrf-token'] = user.csrf;
  const request: InjectOptions = { method, url, headers };
  if (payload !== undefined) {
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams(payload as Record<string, string>);
      if (user && options.csrf !== false) form.set('_csrf', user.csrf);
      request.payload = form.toString();
    } else {
      request.payload = payload as InjectOptions['payload'];
    }
  }
  return app.inject(request);
}

/** A production conversation, made the way a visitor makes one: widget init, then a message. */
export async function seedProductionConversation(app: FastifyInstance, agentId: string, message: string) {
  const started = await init(app, { agent_id: agentId });
  if (started.statusCode !== 200) throw new Error(`init failed: ${started.body}`);
  const { conversation_id: conversationId, token } = started.json();
  const reply = await widgetPost(app, '/v1/widget/messages', token, { message });
  if (reply.statusCode !== 200) throw new Error(`message failed: ${reply.body}`);
  return { conversationId: conversationId as string, token: token as string };
}

/**
 * A Playground conversation: flagged is_playground and answered by the same runtime turn the
 * Playground route runs.
 */
export async function seedPlaygroundConversation(database: Database, agentId: string, message: string): Promise<string> {
  const db = database.db;
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent) throw new Error('no such agent');
  const [conversation] = await db
    .insert(conversations)
    .values({ id: randomUUID(), workspaceId: agent.workspaceId, agentId, visitorId: randomUUID(), isPlayground: true })
    .returning();
  for await (const event of runTurn(
    { db, providerEnv: {}, addressPolicy: { allowPrivate: true } },
    { agent, conversation: conversation!, message, mode: 'playground' },
  )) {
    if (event.type === 'error') throw new Error(`playground turn failed: ${event.message}`);
  }
  return conversation!.id;
}

/** A new member of the workspace with `role`, signed in. */
export async function signedInMember(service: { app: FastifyInstance; database: Database }, workspaceId: string, role: Role): Promise<SignedIn> {
  return signIn(service.app, await createMember(service.database, workspaceId, role));
}
