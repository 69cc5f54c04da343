import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, messages } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { ConversationRow } from '../assistant/runtime.js';
import type { AgentRow } from '../agents/store.js';
import type { PlaygroundHistory, PlaygroundMessage } from './page-state.js';

export type { PlaygroundHistory };

/**
 * Playground conversations live in the same tables as production ones (spec 4.4 rule 1), flagged
 * `is_playground`, which keeps them out of the inbox, analytics and usage. Each tester has their
 * own: the signed-in user's id stands in for the visitor id.
 */

export async function startPlaygroundConversation(db: Db, agent: AgentRow, userId: string): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({ id: randomUUID(), workspaceId: agent.workspaceId, agentId: agent.id, visitorId: userId, isPlayground: true })
    .returning();
  return row!;
}

/** A Playground conversation of this agent; a production one, or another agent's, is not found. */
export async function playgroundConversation(db: Db, agent: AgentRow, conversationId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.agentId, agent.id),
        eq(conversations.workspaceId, agent.workspaceId),
        eq(conversations.isPlayground, true),
      ),
    );
  if (!row) throw notFound('Playground conversation');
  return row;
}

/**
 * The conversation a page load resumes: the one named in the page's URL (the script keeps the
 * URL up to date), else the tester's most recently active one with this agent.
 */
export async function resumablePlaygroundConversation(db: Db, agent: AgentRow, userId: string, named: string | undefined): Promise<PlaygroundHistory | null> {
  const scope = and(eq(conversations.agentId, agent.id), eq(conversations.workspaceId, agent.workspaceId), eq(conversations.isPlayground, true));
  const [row] = named
    ? await db.select({ id: conversations.id }).from(conversations).where(and(scope, eq(conversations.id, named)))
    : await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(scope, eq(conversations.visitorId, userId)))
        .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.createdAt))
        .limit(1);
  if (!row) return null;
  const history = await db
    .select({ role: messages.role, content: messages.content, blocks: messages.blocks, sources: messages.sources, diagnostics: messages.diagnostics })
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), eq(messages.workspaceId, agent.workspaceId)))
    .orderBy(asc(messages.seq));
  // Stored by the runtime from the contract's types (blocks, sources, diagnostics); the columns are untyped JSON.
  return { id: row.id, messages: history as PlaygroundMessage[] };
}

/**
 * Deletes the conversation's messages and gives it back its per-conversation budget, so the next
 * turn starts as clean as a new conversation. Answers how many messages were deleted.
 */
export async function resetPlaygroundConversation(db: Db, conversation: ConversationRow): Promise<number> {
  const deleted = await db
    .delete(messages)
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.workspaceId, conversation.workspaceId)))
    .returning({ id: messages.id });
  await db.update(conversations).set({ turnsUsed: 0, tokensUsed: 0, lastMessageAt: null }).where(eq(conversations.id, conversation.id));
  return deleted.length;
}
