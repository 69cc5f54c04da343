import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { PRODUCTION_BLOCK_KINDS, validateBlock, type Block } from '../assistant/blocks.js';
import { publishedAgent, type AgentRow } from '../agents/store.js';
import { findWidgetConversation, lastMessages, startIssuedConversation } from '../conversations/store.js';
import type { messageSchema } from './schemas.js';
import type { WidgetClaims } from './widget-token.js';

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
  const agent = await publishedAgent(db, claims.agentId).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'not_found') throw noSuchConversation();
    throw error;
  });
  admit(agent);
  await startIssuedConversation(db, claims);
  const created = await findWidgetConversation(db, claims);
  // Not created: the agent was unpublished meanwhile, or the id is taken by another conversation.
  if (!created) throw noSuchConversation();
  return created;
}

const noSuchConversation = () => new AppError('unauthenticated', 'The widget token does not match a conversation');

/** A stored message as the widget API answers it (the blocks were validated when stored). */
export type WireMessage = z.output<typeof messageSchema>;

/** The last messages of a conversation, oldest first, with production's block allowlist applied to its valid blocks. */
export async function resumedMessages(db: Db, workspaceId: string, conversationId: string, limit = RESUME_MESSAGES): Promise<WireMessage[]> {
  const rows = await lastMessages(db, workspaceId, conversationId, limit);
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    ...(row.role === 'team' ? { author: { name: row.authorName } } : {}),
    content: row.content,
    // A block stored under an older block schema is left out: the widget could not render it.
    blocks: row.blocks.map(validateBlock).filter((block): block is Block => block !== undefined && PRODUCTION_BLOCK_KINDS.includes(block.kind)),
    sources: row.sources as WireMessage['sources'],
    created_at: row.createdAt.toISOString(),
    ...(row.role === 'assistant' ? replyLanguageOf(row.diagnostics) : {}),
  }));
}

/**
 * An answer's reply language and direction as its turn recorded them in its diagnostics, so that a
 * resumed answer reads in the direction it was first shown in. An answer stored before they were
 * recorded has neither, and the widget reads its direction from its text.
 */
function replyLanguageOf(diagnostics: Record<string, unknown> | null): Pick<WireMessage, 'language' | 'direction'> {
  const language = diagnostics?.language;
  const direction = diagnostics?.direction;
  return {
    ...(typeof language === 'string' && language ? { language } : {}),
    ...(direction === 'ltr' || direction === 'rtl' ? { direction } : {}),
  };
}
