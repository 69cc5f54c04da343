import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.js';
import { agents, CONVERSATION_EVENT_KINDS, HANDOFF_STATES, leads, messageFeedback, messages, users, type HandoffState } from '../../../db/schema.js';
import { handoffHistory, type HandoffEventView } from '../../conversations/handoff.js';
import { notFound } from '../../../lib/errors.js';
import { productionConversations } from '../../conversations/store.js';
import { containsPattern, isoTime, isUuid } from '../sql.js';

/** The inbox: production conversations that have at least one message or asked for a person, newest activity first. */

const agentRef = z.object({ id: z.guid(), name: z.string() });
const memberRef = z.object({ id: z.guid(), name: z.string() });

/** One entry of a conversation's handoff history (conversations/handoff.ts), notes included. */
const handoffEvent = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_EVENT_KINDS),
  from_state: z.enum(HANDOFF_STATES).nullable(),
  to_state: z.enum(HANDOFF_STATES).nullable(),
  trigger: z.string().nullable(),
  actor: z.string().nullable(),
  assignee: z.string().nullable(),
  body: z.string().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<HandoffEventView>;

/** A conversation as the inbox lists it (GET /app/api/conversations). */
export const conversationSummary = z.object({
  id: z.guid(),
  agent: agentRef,
  /** Tells one visitor's conversations apart; not their visitor id, which would resume them. */
  visitor: z.string(),
  locale: z.string().nullable(),
  started_at: z.string(),
  last_activity_at: z.string(),
  message_count: z.number().int(),
  preview: z.string().nullable(),
  lead_email: z.string().nullable(),
  /** Who answers (conversations/handoff.ts) and the member holding it. */
  handoff_state: z.enum(HANDOFF_STATES),
  assignee: memberRef.nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ conversations: z.array(conversationSummary), limit: z.number().int(), offset: z.number().int() });

/** The inbox's views of the handoff queue. */
export const INBOX_FILTERS = ['waiting', 'mine', 'unassigned', 'resolved'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export interface InboxQuery {
  q?: string | undefined;
  agentId?: string | undefined;
  filter?: InboxFilter | undefined;
  /** The signed-in member, for `mine`. */
  memberId?: string | undefined;
  /** A language tag's start (`de` matches de-AT). */
  language?: string | undefined;
  limit: number;
  offset: number;
}

const PREVIEW_CHARS = 160;

/**
 * How the dashboard names a visitor: a short hash of their visitor id. A visitor id together with
 * a conversation id resumes that conversation in the widget (and any shopper binding it had), so
 * the dashboard never shows one; the label still tells one visitor's conversations apart.
 */
export function visitorLabel(visitorId: string): string {
  return `v-${createHash('sha256').update(`visitor-label:${visitorId}`).digest('hex').slice(0, 10)}`;
}

export async function listConversations(db: Db, workspaceId: string, query: InboxQuery): Promise<ConversationSummary[]> {
  const pc = productionConversations(db, workspaceId);
  const search = query.q
    ? sql`AND (EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${pc.id} AND ${messages.workspaceId} = ${workspaceId}
                        AND ${messages.content} ILIKE ${containsPattern(query.q)})
            OR EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.conversationId} = ${pc.id} AND ${leads.workspaceId} = ${workspaceId}
                        AND ${leads.email} ILIKE ${containsPattern(query.q)}))`
    : sql``;
  const byAgent = query.agentId && isUuid(query.agentId) ? sql`AND ${pc.agentId} = ${query.agentId}` : sql``;
  const byFilter = {
    waiting: sql`AND ${pc.handoffState} = 'waiting_for_human'`,
    mine: query.memberId && isUuid(query.memberId) ? sql`AND ${pc.assigneeId} = ${query.memberId} AND ${pc.handoffState} <> 'resolved'` : sql`AND false`,
    unassigned: sql`AND ${pc.assigneeId} IS NULL AND ${pc.handoffState} IN ('waiting_for_human', 'human')`,
    resolved: sql`AND ${pc.handoffState} = 'resolved'`,
    none: sql``,
  }[query.filter ?? 'none'];
  const byLanguage = query.language ? sql`AND (${pc.locale} = ${query.language} OR ${pc.locale} ILIKE ${`${query.language.replace(/[\\%_]/g, '')}-%`})` : sql``;
  const rows = await queryRows<{
    id: string;
    agent_id: string;
    agent_name: string;
    visitor_id: string;
    locale: string | null;
    started_at: string;
    last_activity_at: string;
    message_count: number;
    preview: string | null;
    lead_email: string | null;
    handoff_state: HandoffState;
    assignee_id: string | null;
    assignee_name: string | null;
  }>(
    db,
    sql`SELECT ${pc.id} AS id, ${agents.id} AS agent_id, ${agents.name} AS agent_name, ${pc.visitorId} AS visitor_id, ${pc.locale} AS locale,
               ${isoTime(pc.createdAt)} AS started_at, ${isoTime(sql`stats.last_at`)} AS last_activity_at, stats.message_count,
               left(first_question.content, ${PREVIEW_CHARS}) AS preview, lead.email AS lead_email,
               ${pc.handoffState} AS handoff_state, ${pc.assigneeId} AS assignee_id, coalesce(${users.name}, ${users.email}) AS assignee_name
          FROM ${pc}
          LEFT JOIN ${users} ON ${users.id} = ${pc.assigneeId}
          JOIN ${agents} ON ${agents.id} = ${pc.agentId} AND ${agents.workspaceId} = ${workspaceId}
          JOIN LATERAL (SELECT count(*)::int AS message_count, greatest(max(${messages.createdAt}), ${pc.handoffRequestedAt}) AS last_at FROM ${messages}
                         WHERE ${messages.conversationId} = ${pc.id} AND ${messages.workspaceId} = ${workspaceId}) stats
            -- A visitor who asked for a person before writing anything (offered up front) is listed too.
            ON stats.message_count > 0 OR ${pc.handoffRequestedAt} IS NOT NULL
          LEFT JOIN LATERAL (SELECT ${messages.content} AS content FROM ${messages}
                         WHERE ${messages.conversationId} = ${pc.id} AND ${messages.workspaceId} = ${workspaceId} AND ${messages.role} = 'user'
                         ORDER BY ${messages.seq} LIMIT 1) first_question ON true
          LEFT JOIN LATERAL (SELECT ${leads.email} AS email FROM ${leads}
                         WHERE ${leads.conversationId} = ${pc.id} AND ${leads.workspaceId} = ${workspaceId}
                         ORDER BY ${leads.updatedAt} DESC LIMIT 1) lead ON true
         WHERE true ${search} ${byAgent} ${byFilter} ${byLanguage}
         ORDER BY stats.last_at DESC, ${pc.id} DESC
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return rows.map((row) => ({
    id: row.id,
    agent: { id: row.agent_id, name: row.agent_name },
    visitor: visitorLabel(row.visitor_id),
    locale: row.locale,
    started_at: row.started_at,
    last_activity_at: row.last_activity_at,
    message_count: Number(row.message_count),
    preview: row.preview,
    lead_email: row.lead_email,
    handoff_state: row.handoff_state,
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
  }));
}

const transcriptMessage = z.object({
  id: z.guid(),
  role: z.enum(['user', 'assistant', 'team']),
  content: z.string(),
  blocks: z.array(z.unknown()),
  sources: z.array(z.unknown()),
  status: z.string(),
  created_at: z.string(),
  /** The visitor's verdict on an answer, if they gave one. */
  feedback: z.object({ rating: z.enum(['up', 'down']), reason: z.string().nullable() }).nullable(),
  /** A team reply's author. */
  author: z.string().nullable(),
});
export type TranscriptMessage = z.infer<typeof transcriptMessage>;

/** One conversation with every message (GET /app/api/conversations/:id, and a lead's page). */
export const transcriptWire = z.object({
  conversation: z.object({
    id: z.guid(),
    agent: agentRef,
    visitor: z.string(),
    locale: z.string().nullable(),
    started_at: z.string(),
    tokens_used: z.number().int(),
  }),
  messages: z.array(transcriptMessage),
  leads: z.array(z.object({ id: z.guid(), email: z.string(), name: z.string().nullable() })),
  handoff: z.object({ state: z.enum(HANDOFF_STATES), assignee: memberRef.nullable(), events: z.array(handoffEvent) }),
});
export type Transcript = z.infer<typeof transcriptWire>;

/** One production conversation with every message, oldest first; a Playground one is not found. */
export async function transcript(db: Db, workspaceId: string, conversationId: string): Promise<Transcript> {
  const pc = productionConversations(db, workspaceId);
  const [conversation] = isUuid(conversationId)
    ? await db
        .select({
          id: pc.id,
          agentId: agents.id,
          agentName: agents.name,
          visitorId: pc.visitorId,
          locale: pc.locale,
          createdAt: pc.createdAt,
          tokensUsed: pc.tokensUsed,
          handoffState: pc.handoffState,
          assigneeId: pc.assigneeId,
        })
        .from(pc)
        .innerJoin(agents, and(eq(agents.id, pc.agentId), eq(agents.workspaceId, workspaceId)))
        .where(eq(pc.id, conversationId))
    : [];
  if (!conversation) throw notFound('Conversation');
  const rows = await db
    .select({
      message: messages,
      rating: messageFeedback.rating,
      reason: messageFeedback.reason,
      author: sql<string | null>`coalesce(${users.name}, ${users.email})`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(messageFeedback, and(eq(messageFeedback.messageId, messages.id), eq(messageFeedback.workspaceId, workspaceId)))
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.workspaceId, workspaceId)))
    .orderBy(asc(messages.seq));
  const members = await db
    .select({ id: users.id, name: sql<string>`coalesce(${users.name}, ${users.email})` })
    .from(users)
    .where(eq(users.id, conversation.assigneeId ?? '00000000-0000-0000-0000-000000000000'));
  const leadRows = await db
    .select({ id: leads.id, email: leads.email, name: leads.name })
    .from(leads)
    .where(and(eq(leads.conversationId, conversation.id), eq(leads.workspaceId, workspaceId)));
  return {
    conversation: {
      id: conversation.id,
      agent: { id: conversation.agentId, name: conversation.agentName },
      visitor: visitorLabel(conversation.visitorId),
      locale: conversation.locale,
      started_at: conversation.createdAt.toISOString(),
      tokens_used: conversation.tokensUsed,
    },
    messages: rows.map(({ message, rating, reason, author }) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      blocks: message.blocks,
      sources: message.sources,
      status: message.status,
      created_at: message.createdAt.toISOString(),
      feedback: rating ? { rating, reason } : null,
      author: message.role === 'team' ? author : null,
    })),
    leads: leadRows,
    handoff: { state: conversation.handoffState, assignee: members[0] ?? null, events: await handoffHistory(db, workspaceId, conversation.id) },
  };
}
