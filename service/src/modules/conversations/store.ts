import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { agents, conversations, messages, users, type ShopperBinding } from '../../db/schema.js';
import type { AgentRow } from '../agents/store.js';

/**
 * Conversations of one workspace: their row, the one way each is started, found, held for a turn
 * and deleted, and the filter every production-only read goes through. Every statement names the
 * workspace as well as the row, so a wrong id from a caller can never touch another tenant.
 *
 * Production and Playground conversations share the table (spec 4.4 rule 1), told apart by
 * `is_playground`: a widget never reaches a Playground conversation, nor the Playground a
 * production one.
 */

export type ConversationRow = typeof conversations.$inferSelect;

/** Which kind of conversation a surface works with. */
export type ConversationKind = 'production' | 'playground';

const isPlayground = (kind: ConversationKind) => kind === 'playground';

export async function startConversation(
  db: Db,
  agent: AgentRow,
  input: { kind: ConversationKind; visitorId: string; locale?: string | null; shopper?: ShopperBinding | null },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      visitorId: input.visitorId,
      locale: input.locale ?? null,
      shopper: input.shopper ?? null,
      isPlayground: isPlayground(input.kind),
    })
    .returning();
  return row!;
}

/**
 * A conversation of this agent and kind, and of this visitor when one is named; undefined for
 * another agent's, another kind's or another visitor's.
 */
export async function findConversation(
  db: Db,
  agent: AgentRow,
  query: { kind: ConversationKind; id: string; visitorId?: string },
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, query.id),
        eq(conversations.agentId, agent.id),
        eq(conversations.workspaceId, agent.workspaceId),
        eq(conversations.isPlayground, isPlayground(query.kind)),
        query.visitorId === undefined ? undefined : eq(conversations.visitorId, query.visitorId),
      ),
    );
  return row;
}

/** A production conversation with its agent, found by its id, agent and visitor together (a widget token's claims). */
export async function findWidgetConversation(db: Db, claims: { conversationId: string; agentId: string; visitorId: string }) {
  const [row] = await db
    .select({ conversation: conversations, agent: agents })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(
      and(
        eq(conversations.id, claims.conversationId),
        eq(conversations.agentId, claims.agentId),
        eq(conversations.visitorId, claims.visitorId),
        eq(conversations.isPlayground, false),
      ),
    );
  return row;
}

/**
 * Stores the production conversation a widget token was issued for, under the token's id, when
 * its agent is published; nothing when the agent is not, or the id is already taken.
 */
export async function startIssuedConversation(
  db: Db,
  claims: { conversationId: string; agentId: string; visitorId: string; locale?: string | null | undefined },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO conversations (id, workspace_id, agent_id, visitor_id, locale)
    SELECT ${claims.conversationId}, a.workspace_id, a.id, ${claims.visitorId}, ${claims.locale ?? null}
      FROM agents a WHERE a.id = ${claims.agentId} AND a.published
    ON CONFLICT (id) DO NOTHING`);
}

/** The id of this visitor's most recently active conversation of this agent and kind. */
export async function latestConversationId(db: Db, agent: AgentRow, kind: ConversationKind, visitorId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agent.id),
        eq(conversations.workspaceId, agent.workspaceId),
        eq(conversations.isPlayground, isPlayground(kind)),
        eq(conversations.visitorId, visitorId),
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.createdAt))
    .limit(1);
  return row?.id;
}

/** Binds the conversation to a verified shopper, or to nobody (null). */
export async function bindShopper(db: Db, conversation: Pick<ConversationRow, 'id' | 'workspaceId'>, shopper: ShopperBinding | null): Promise<void> {
  await db
    .update(conversations)
    .set({ shopper })
    .where(and(eq(conversations.id, conversation.id), eq(conversations.workspaceId, conversation.workspaceId)));
}

/** A turn holds its conversation at most this long; a crashed instance's hold expires by itself. */
const TURN_LEASE = sql`now() + interval '5 minutes'`;

/**
 * The statement that holds a conversation for one turn, as a part of a larger one (the runtime
 * stores the visitor's message in the same round trip): it returns the conversation's row only
 * when no other turn holds it and its budget is not used up, so a second turn from another tab
 * or a double submit finds nothing instead of interleaving.
 */
export function claimForTurn(turn: { workspaceId: string; conversationId: string; budget: { turns: number; tokens: number } }) {
  return sql`UPDATE conversations SET busy_until = ${TURN_LEASE}
              WHERE id = ${turn.conversationId} AND workspace_id = ${turn.workspaceId}
                AND (busy_until IS NULL OR busy_until < now())
                AND turns_used < ${turn.budget.turns} AND tokens_used < ${turn.budget.tokens}
             RETURNING id, turns_used, tokens_used, shopper`;
}

/** Ends a turn's hold and charges what the turn cost to the conversation's budget. */
export async function releaseAfterTurn(db: Db | Tx, turn: { workspaceId: string; conversationId: string; turns: number; tokens: number }): Promise<void> {
  await db
    .update(conversations)
    .set({
      turnsUsed: sql`${conversations.turnsUsed} + ${turn.turns}`,
      tokensUsed: sql`${conversations.tokensUsed} + ${turn.tokens}`,
      busyUntil: null,
      lastMessageAt: sql`now()`,
    })
    .where(and(eq(conversations.id, turn.conversationId), eq(conversations.workspaceId, turn.workspaceId)));
}

/** What a conversation has used of its budget; undefined when there is no such conversation in the workspace. */
export async function conversationUsage(db: Db, workspaceId: string, conversationId: string) {
  const [usage] = await db
    .select({ turnsUsed: conversations.turnsUsed, tokensUsed: conversations.tokensUsed })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)));
  return usage;
}

export type MessageRow = typeof messages.$inferSelect;

/**
 * The last messages of a conversation, oldest first, each with the name of the member who wrote
 * it (team replies: the visitor sees who answered; null for the visitor's and the assistant's).
 */
export async function lastMessages(
  db: Db,
  workspaceId: string,
  conversationId: string,
  limit: number,
): Promise<(MessageRow & { authorName: string | null })[]> {
  const rows = await db
    .select({ message: messages, authorName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId)))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse().map(({ message, authorName }) => ({ ...message, authorName }));
}

/** Every message of a conversation, oldest first. */
export async function allMessages(db: Db, workspaceId: string, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId)))
    .orderBy(asc(messages.seq));
}

/**
 * Deletes the conversation's messages and gives it back its per-conversation budget, so the next
 * turn starts as clean as a new conversation. Answers how many messages were deleted.
 */
export async function clearConversation(db: Db, conversation: Pick<ConversationRow, 'id' | 'workspaceId'>): Promise<number> {
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.workspaceId, conversation.workspaceId)))
    .returning({ id: messages.id });
  await db
    .update(conversations)
    .set({ turnsUsed: 0, tokensUsed: 0, lastMessageAt: null })
    .where(and(eq(conversations.id, conversation.id), eq(conversations.workspaceId, conversation.workspaceId)));
  return deleted.length;
}

/**
 * Deletes these conversations of the workspace in one statement; the schema takes their messages,
 * feedback and coupon applies with them and unlinks the leads and widget events that named them.
 */
export async function deleteConversations(db: Db | Tx, workspaceId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(conversations).where(and(eq(conversations.workspaceId, workspaceId), inArray(conversations.id, [...ids])));
}

/**
 * Deletes these conversations with everything recorded about them, also what the schema would
 * only unlink (widget events) or does not know (order lookups that missed); the leads left in
 * them stay, unlinked by the schema. Meant to run in the caller's transaction; answers how many messages went.
 */
export async function eraseConversations(db: Db | Tx, workspaceId: string, ids: readonly string[]): Promise<{ messagesRemoved: number }> {
  if (ids.length === 0) return { messagesRemoved: 0 };
  const list = [...ids];
  const removed = await db
    .delete(messages)
    .where(and(eq(messages.workspaceId, workspaceId), inArray(messages.conversationId, list)))
    .returning({ id: messages.id });
  for (const table of ['coupon_applies', 'widget_events', 'order_lookup_misses']) {
    await db.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} AND conversation_id IN (${sql.join(
        list.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  await deleteConversations(db, workspaceId, list);
  return { messagesRemoved: removed.length };
}

/**
 * The production conversations of a person, by their e-mail address, oldest first: those a lead
 * of the address was left in, those bound to a shopper signed in with it, and those whose visitor
 * typed it. Playground conversations are the owner's tests and are never a visitor's.
 */
export async function conversationsOfAddress(db: Db | Tx, workspaceId: string, email: string) {
  const address = email.toLowerCase();
  return queryRows<{ id: string; agent_id: string; created_at: Date }>(
    db,
    sql`SELECT c.id, c.agent_id, c.created_at FROM conversations c
         WHERE c.workspace_id = ${workspaceId} AND NOT c.is_playground
           AND (lower(c.shopper->>'email') = ${address}
                OR EXISTS (SELECT 1 FROM leads l WHERE l.workspace_id = ${workspaceId} AND l.conversation_id = c.id AND lower(l.email) = ${address})
                OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.workspace_id = ${workspaceId} AND m.role = 'user'
                             AND m.facts->'emails' @> ${JSON.stringify([address])}::jsonb))
         ORDER BY c.created_at, c.id`,
  );
}

/** Every message of these conversations, in the order they were stored. */
export async function messagesOfConversations(db: Db, workspaceId: string, ids: readonly string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.workspaceId, workspaceId), inArray(messages.conversationId, [...ids])))
    .orderBy(asc(messages.seq));
}

/**
 * The conversations of one workspace that real visitors had: never a Playground one (spec 1:
 * Playground conversations are excluded from billing, analytics and the inbox). The inbox,
 * transcripts, analytics, usage and gaps all read conversations through this subquery and nothing
 * else, so no page can forget the filter or the workspace.
 */
export function productionConversations(db: Db, workspaceId: string) {
  return db
    .select({
      id: conversations.id,
      workspaceId: conversations.workspaceId,
      agentId: conversations.agentId,
      visitorId: conversations.visitorId,
      locale: conversations.locale,
      turnsUsed: conversations.turnsUsed,
      tokensUsed: conversations.tokensUsed,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
      handoffState: conversations.handoffState,
      assigneeId: conversations.assigneeId,
      handoffRequestedAt: conversations.handoffRequestedAt,
      firstHumanReplyAt: conversations.firstHumanReplyAt,
      resolvedBy: conversations.resolvedBy,
    })
    .from(conversations)
    .where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.isPlayground, false)))
    .as('production_conversations');
}
