import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agents, conversations, messages, users, type ShopperBinding } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { z } from 'zod';
import { PRODUCTION_BLOCK_KINDS, validateBlock, type Block } from '../assistant/blocks.js';
import type { AgentRow } from '../agents/store.js';
import type { messageSchema } from './schemas.js';
import type { WidgetClaims } from './widget-token.js';

export type ConversationRow = typeof conversations.$inferSelect;

/** Messages returned when a visitor resumes a conversation (spec 2.4). */
export const RESUME_MESSAGES = 30;

/**
 * The conversation a widget token is for, in its agent; never a Playground conversation.
 *
 * Init does not write: a page view that never leads to a message, lead or click costs no row.
 * The conversation is stored on first use of its token instead, from the token's signed claims
 * (so only the visitor it was issued to can create it, and only as issued). `admit` judges the
 * request against the agent (its origin) before anything is stored: a refused request stores
 * nothing.
 */
export async function widgetConversation(
  db: Db,
  claims: Pick<WidgetClaims, 'conversationId' | 'agentId' | 'visitorId' | 'locale'>,
  admit: (agent: AgentRow) => void = () => {},
) {
  const stored = await findWidgetConversation(db, claims);
  if (stored) {
    admit(stored.agent);
    return stored;
  }
  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, claims.agentId), eq(agents.published, true)));
  if (!agent) throw new AppError('unauthenticated', 'The widget token does not match a conversation');
  admit(agent);
  await db.execute(sql`
    INSERT INTO conversations (id, workspace_id, agent_id, visitor_id, locale)
    SELECT ${claims.conversationId}, a.workspace_id, a.id, ${claims.visitorId}, ${claims.locale ?? null}
      FROM agents a WHERE a.id = ${claims.agentId} AND a.published
    ON CONFLICT (id) DO NOTHING`);
  const created = await findWidgetConversation(db, claims);
  // Not created: the agent was unpublished meanwhile, or the id is taken by another conversation.
  if (!created) throw new AppError('unauthenticated', 'The widget token does not match a conversation');
  return created;
}

async function findWidgetConversation(db: Db, claims: { conversationId: string; agentId: string; visitorId: string }) {
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

/** A resumable conversation: same agent, same visitor, not a Playground one. */
export async function findResumable(db: Db, agent: AgentRow, conversationId: string, visitorId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.visitorId, visitorId),
        eq(conversations.agentId, agent.id),
        eq(conversations.workspaceId, agent.workspaceId),
        eq(conversations.isPlayground, false),
      ),
    );
  return row;
}

export async function startConversation(
  db: Db,
  agent: AgentRow,
  input: { visitorId: string; locale: string | null; shopper: ShopperBinding | null },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(conversations)
    .values({
      id: randomUUID(),
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      visitorId: input.visitorId,
      locale: input.locale,
      shopper: input.shopper,
    })
    .returning();
  return row!;
}

/** A stored message as the widget API answers it (the blocks were validated when stored). */
export type WireMessage = z.output<typeof messageSchema>;

/** The last messages of a conversation, oldest first, with production's block allowlist applied to its valid blocks. */
export async function lastMessages(db: Db, workspaceId: string, conversationId: string, limit = RESUME_MESSAGES): Promise<WireMessage[]> {
  const rows = await db
    .select({ message: messages, authorName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId)))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse().map(({ message: row, authorName }) => ({
    id: row.id,
    role: row.role,
    ...(row.role === 'team' ? { author: { name: authorName } } : {}),
    content: row.content,
    // A block stored under an older block schema is left out: the widget could not render it.
    blocks: row.blocks.map(validateBlock).filter((block): block is Block => block !== undefined && PRODUCTION_BLOCK_KINDS.includes(block.kind)),
    sources: row.sources as WireMessage['sources'],
    created_at: row.createdAt.toISOString(),
  }));
}
