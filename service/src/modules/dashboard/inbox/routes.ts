import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.js';
import { sessions } from '../../../db/schema.js';
import { isAppError, notFound } from '../../../lib/errors.js';
import { errorResponses, eventStreamResponse } from '../../../lib/route-schema.js';
import type { ServerSentEvent } from '../../../lib/sse.js';
import { SubscriptionCounter, writeCountedStream } from '../../../lib/subscriptions.js';
import { requirePermission } from '../../auth/permissions.js';
import { permissionFirst, sessionOf } from '../../auth/session-guard.js';
import type { UserSession } from '../../auth/sessions.js';
import {
  addNote,
  assignConversation,
  MAX_TEAM_TEXT_CHARS,
  postTeamReply,
  transition,
  waitingForPerson,
  type HandoffDeps,
} from '../../conversations/handoff.js';
import type { ConversationActivity } from '../../conversations/handoff-events.js';
import { field, formOf } from '../form-body.js';
import { layout, pageFrame, sendHtml } from '../layout.js';
import { listQuery } from '../list-query.js';
import { isUuid } from '../sql.js';
import { conversationList, INBOX_FILTERS, listConversations, transcript, transcriptWire } from './store.js';
import { conversationPage, inboxView } from './views.js';

/**
 * The inbox: the list of production conversations with the handoff queue's filters, a
 * conversation with its transcript and history, and what the team does with it (reply, assign,
 * resolve, hand back to the assistant, internal notes). Every member reads; replying and the
 * rest need `conversation-reply` (viewers only read). A live stream tells open pages that a
 * conversation changed, and keeps the member counted as available while the inbox is open.
 */

export const inboxQuery = listQuery.extend({
  filter: z.enum(INBOX_FILTERS).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag')
    .max(35)
    .optional(),
});

/** Any text: an id that is not a conversation's (malformed ones too) is "not found", as for the page. */
const idParams = z.object({ id: z.string() });
const textBody = z.object({
  text: z.string().trim().min(1, 'must not be empty').max(MAX_TEAM_TEXT_CHARS, `must be at most ${MAX_TEAM_TEXT_CHARS} characters`),
});
const assignBody = z.object({ assignee_id: z.union([z.uuid('must be a member id'), z.literal('me'), z.null()]) });
const handoffWire = z.object({
  conversation_id: z.string(),
  state: z.enum(['bot', 'waiting_for_human', 'human', 'resolved']),
  assignee_id: z.string().nullable(),
});

/** Event streams open at once per session and per workspace. */
export const INBOX_STREAMS_PER_SESSION = 5;
export const INBOX_STREAMS_PER_WORKSPACE = 100;
/** While the inbox stream is open the member is seen as active this often (see teamAvailability). */
const PRESENCE_INTERVAL_MS = 60_000;

const conversationId = (id: string) => {
  if (!isUuid(id)) throw notFound('Conversation');
  return id;
};

export function inboxApiRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const handoff: HandoffDeps = { db: deps.db, notifier: deps.notifier, now: deps.now };
  const streamsPerSession = new SubscriptionCounter(INBOX_STREAMS_PER_SESSION);
  const streamsPerWorkspace = new SubscriptionCounter(INBOX_STREAMS_PER_WORKSPACE);

  api.get('/app/api/conversations', { schema: { querystring: inboxQuery, response: { 200: conversationList } } }, async (request) => {
    const query = request.query;
    const session = sessionOf(request);
    const list = await listConversations(deps.db, session.workspace.id, { ...query, agentId: query.agent_id, memberId: session.user.id });
    return { conversations: list, limit: query.limit, offset: query.offset };
  });

  const streamSchema = {
    summary: "The workspace's conversations as they change (Server-Sent Events)",
    description:
      'Events: `conversation` `{"conversation_id", "kind"}` (kind: message, state, assignment, note, unavailable); `waiting` `{"count", "started"}` ' +
      'at the start and after each change of state (`count`: conversations waiting for a person; `started`: `{"conversation_id", "agent"}` when the ' +
      'change made that conversation wait, else null). Comments `: ping` every 15 s.',
    response: { 200: eventStreamResponse('An event stream'), ...errorResponses(401, 429) },
  };
  api.get('/app/api/conversations/stream', { schema: streamSchema }, async (request, reply) => {
    const session = sessionOf(request);
    return writeCountedStream(
      reply,
      [
        { counter: streamsPerSession, key: session.id, full: 'Too many inbox streams are open for this session' },
        { counter: streamsPerWorkspace, key: session.workspace.id, full: 'Too many inbox streams are open for this workspace' },
      ],
      (signal) => inboxEvents(deps, session, signal),
      'The inbox stream failed; reload',
    );
  });

  api.get('/app/api/conversations/:id', { schema: { params: idParams, response: { 200: transcriptWire } } }, async (request) =>
    transcript(deps.db, sessionOf(request).workspace.id, conversationId(request.params.id)),
  );

  const write = { preValidation: permissionFirst('conversation-reply') };
  const answered = { 200: handoffWire, ...errorResponses(400, 401, 403, 404, 409) };
  const stateOf = (row: { id: string; handoffState: z.infer<typeof handoffWire>['state']; assigneeId: string | null }) => ({
    conversation_id: row.id,
    state: row.handoffState,
    assignee_id: row.assigneeId,
  });

  api.post(
    '/app/api/conversations/:id/replies',
    {
      ...write,
      schema: {
        params: idParams,
        body: textBody,
        response: { 201: z.object({ id: z.string(), created_at: z.string(), state: handoffWire.shape.state }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const posted = await postTeamReply(handoff, {
        workspaceId: session.workspace.id,
        conversationId: conversationId(request.params.id),
        memberId: session.user.id,
        text: request.body.text,
      });
      return reply.status(201).send({ id: posted.id, created_at: posted.createdAt.toISOString(), state: posted.state });
    },
  );

  api.post(
    '/app/api/conversations/:id/notes',
    { ...write, schema: { params: idParams, body: textBody, response: { 201: z.object({ id: z.number() }), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const note = await addNote(handoff, {
        workspaceId: session.workspace.id,
        conversationId: conversationId(request.params.id),
        memberId: session.user.id,
        text: request.body.text,
      });
      return reply.status(201).send(note);
    },
  );

  api.post(
    '/app/api/conversations/:id/assign',
    {
      ...write,
      schema: {
        params: idParams,
        body: assignBody,
        response: { 200: z.object({ assignee_id: z.string().nullable() }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const assigneeId = request.body.assignee_id === 'me' ? session.user.id : request.body.assignee_id;
      return {
        assignee_id: (
          await assignConversation(handoff, {
            workspaceId: session.workspace.id,
            conversationId: conversationId(request.params.id),
            assigneeId,
            actorId: session.user.id,
          })
        ).assigneeId,
      };
    },
  );

  api.post('/app/api/conversations/:id/resolve', { ...write, schema: { params: idParams, response: answered } }, async (request) => {
    const session = sessionOf(request);
    return stateOf(
      await transition(handoff, {
        workspaceId: session.workspace.id,
        conversationId: conversationId(request.params.id),
        to: 'resolved',
        trigger: 'team_resolve',
        actorId: session.user.id,
      }),
    );
  });

  api.post('/app/api/conversations/:id/hand-back', { ...write, schema: { params: idParams, response: answered } }, async (request) => {
    const session = sessionOf(request);
    return stateOf(
      await transition(handoff, {
        workspaceId: session.workspace.id,
        conversationId: conversationId(request.params.id),
        to: 'bot',
        trigger: 'team_hand_back',
        actorId: session.user.id,
      }),
    );
  });
}

/**
 * The workspace's conversation notices for one dashboard session, and the count of visitors
 * waiting for a person (every page's badge). While it is open the session counts as active (its last_seen_at is kept fresh), so visitors asking for a person find somebody.
 */
async function* inboxEvents(deps: AppDeps, session: UserSession, signal: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const pending: ConversationActivity[] = [];
  let wake: (() => void) | undefined;
  const stop = deps.notifier.watchWorkspace(session.workspace.id, (activity) => {
    // A burst of notices about one conversation is one event for the page.
    if (!pending.some((p) => p.conversationId === activity.conversationId && p.kind === activity.kind)) pending.push(activity);
    wake?.();
  });
  const seen = () =>
    deps.db
      .update(sessions)
      .set({ lastSeenAt: deps.now() })
      .where(and(eq(sessions.id, session.id), eq(sessions.workspaceId, session.workspace.id)));
  const presence = setInterval(() => void seen().catch(() => {}), PRESENCE_INTERVAL_MS);
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    await seen();
    yield { name: 'ready', data: {} };
    yield { name: 'waiting', data: await waitingForPerson(deps.db, session.workspace.id) };
    while (!signal.aborted) {
      const next = pending.shift();
      if (next) {
        // A reconnect notice (PostgreSQL listener restarted) names no conversation: the page reloads its list.
        yield { name: 'conversation', data: { conversation_id: next.conversationId || null, kind: next.kind } };
        // A change of state may change the badge's count; `started` names a conversation that has just begun to wait.
        if (next.kind === 'state' || !next.conversationId) {
          yield { name: 'waiting', data: await waitingForPerson(deps.db, session.workspace.id, next.conversationId || undefined) };
        }
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    clearInterval(presence);
    signal.removeEventListener('abort', onAbort);
    stop();
  }
}

const ACTIONS = ['reply', 'note', 'assign', 'unassign', 'resolve', 'hand-back'] as const;

const NOTICES: Record<string, string> = {
  reply: 'Reply sent.',
  note: 'Note added.',
  assign: 'Assigned to you.',
  unassign: 'Unassigned.',
  resolve: 'Resolved.',
  'hand-back': 'Handed back to the assistant.',
};

export function inboxPageRoutes(pages: FastifyInstance, deps: AppDeps): void {
  const handoff: HandoffDeps = { db: deps.db, notifier: deps.notifier, now: deps.now };
  const typed = pages.withTypeProvider<ZodTypeProvider>();
  typed.get('/app/inbox', { schema: { querystring: inboxQuery } }, async (request, reply) => {
    const frame = await pageFrame(deps.db, request);
    const query = request.query;
    const list = await listConversations(deps.db, frame.session.workspace.id, { ...query, agentId: query.agent_id, memberId: frame.session.user.id });
    return sendHtml(reply, layout(frame, { title: 'Inbox', active: 'inbox', body: inboxView(list, query), scripts: ['inbox.js'] }));
  });

  const show = async (request: FastifyRequest, reply: FastifyReply, notice?: string, status = 200) => {
    const frame = await pageFrame(deps.db, request);
    const { id } = request.params as { id: string };
    const t = await transcript(deps.db, frame.session.workspace.id, conversationId(id));
    return sendHtml(
      reply,
      layout(frame, { title: 'Conversation', active: 'inbox', notice, body: conversationPage(t, frame.session), scripts: ['inbox.js'] }),
      status,
    );
  };

  pages.get('/app/inbox/:id', async (request, reply) => {
    const { notice } = request.query as { notice?: string };
    return show(request, reply, NOTICES[notice ?? '']);
  });

  typed.post('/app/inbox/:id/:action', { schema: { params: z.object({ id: z.string(), action: z.enum(ACTIONS) }) } }, async (request, reply) => {
    const session = sessionOf(request);
    requirePermission(session.role, 'conversation-reply');
    const id = conversationId(request.params.id);
    const workspaceId = session.workspace.id;
    const text = field(formOf(request.body), 'text');
    const action = request.params.action;
    try {
      if (action === 'reply') await postTeamReply(handoff, { workspaceId, conversationId: id, memberId: session.user.id, text });
      if (action === 'note') await addNote(handoff, { workspaceId, conversationId: id, memberId: session.user.id, text });
      if (action === 'assign' || action === 'unassign') {
        await assignConversation(handoff, {
          workspaceId,
          conversationId: id,
          assigneeId: action === 'assign' ? session.user.id : null,
          actorId: session.user.id,
        });
      }
      if (action === 'resolve')
        await transition(handoff, { workspaceId, conversationId: id, to: 'resolved', trigger: 'team_resolve', actorId: session.user.id });
      if (action === 'hand-back')
        await transition(handoff, { workspaceId, conversationId: id, to: 'bot', trigger: 'team_hand_back', actorId: session.user.id });
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'validation_failed' && error.code !== 'handoff_state_conflict')) throw error;
      const problem =
        error.code === 'validation_failed'
          ? `The ${action === 'note' ? 'note' : 'reply'} ${Object.values(error.errors).flat()[0] ?? 'is not valid'}.`
          : error.message;
      return show(request, reply, problem, error.status);
    }
    return reply.redirect(`/app/inbox/${id}?notice=${action}`, 303);
  });
}
