import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations, messages, type ShopperBinding } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * The runtime's reads and writes of conversations and messages. Every statement names the
 * workspace as well as the row, so a wrong id from a caller can never touch another tenant.
 */

/** A turn holds its conversation at most this long; a crashed instance's hold expires by itself. */
const TURN_LEASE = sql`now() + interval '5 minutes'`;

export interface ClaimedConversation {
  turnsUsed: number;
  tokensUsed: number;
  shopper: ShopperBinding | null;
}

/**
 * Marks the conversation as generating, atomically: a second turn on the same conversation while
 * one is running (two tabs, a double submit) gets conversation_busy instead of interleaving.
 */
export async function claimConversation(db: Db, workspaceId: string, conversationId: string): Promise<ClaimedConversation> {
  const [claimed] = await db
    .update(conversations)
    .set({ busyUntil: TURN_LEASE })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.workspaceId, workspaceId),
        or(isNull(conversations.busyUntil), lt(conversations.busyUntil, sql`now()`)),
      ),
    )
    .returning({ turnsUsed: conversations.turnsUsed, tokensUsed: conversations.tokensUsed, shopper: conversations.shopper });
  if (claimed) return claimed;
  const [exists] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)));
  throw exists ? new AppError('conversation_busy', 'A reply is already being generated in this conversation') : new AppError('not_found', 'Conversation not found');
}

export async function releaseConversation(db: Db, workspaceId: string, conversationId: string): Promise<void> {
  await db
    .update(conversations)
    .set({ busyUntil: null })
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)));
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  status: 'complete' | 'partial' | 'error';
}

/** The conversation's last `limit` messages, oldest first. */
export async function recentMessages(db: Db, workspaceId: string, conversationId: string, limit: number): Promise<StoredMessage[]> {
  const rows = await db
    .select({ role: messages.role, content: messages.content, status: messages.status })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.workspaceId, workspaceId)))
    .orderBy(desc(messages.seq))
    .limit(limit);
  return rows.reverse();
}

export async function saveUserMessage(db: Db, workspaceId: string, conversationId: string, content: string): Promise<string> {
  const id = randomUUID();
  await db.insert(messages).values({ id, conversationId, workspaceId, role: 'user', content });
  return id;
}

export interface AssistantRecord {
  id: string;
  content: string;
  blocks: unknown[];
  sources: unknown[];
  toolCalls: unknown[];
  usage: Record<string, unknown>;
  diagnostics: Record<string, unknown>;
  status: 'complete' | 'partial' | 'error';
  /** What the turn costs against the conversation's budget. */
  turns: number;
  tokens: number;
}

/** Stores the reply and charges the conversation in one transaction, and ends the turn's hold. */
export async function saveAssistantMessage(db: Db, workspaceId: string, conversationId: string, record: AssistantRecord): Promise<Date> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        id: record.id,
        conversationId,
        workspaceId,
        role: 'assistant',
        content: record.content,
        blocks: record.blocks,
        sources: record.sources,
        toolCalls: record.toolCalls,
        usage: record.usage,
        diagnostics: record.diagnostics,
        status: record.status,
      })
      .returning({ createdAt: messages.createdAt });
    await tx
      .update(conversations)
      .set({
        turnsUsed: sql`${conversations.turnsUsed} + ${record.turns}`,
        tokensUsed: sql`${conversations.tokensUsed} + ${record.tokens}`,
        busyUntil: null,
        lastMessageAt: sql`now()`,
      })
      .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)));
    return row?.createdAt ?? new Date();
  });
}
