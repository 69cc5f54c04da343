import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AgentRow } from '../agents/store.js';
import type { ConversationRow } from '../conversations/store.js';
import type { FEEDBACK_REASONS } from './schemas.js';

export type FeedbackInput = { message_id: string; rating: 'up' | 'down'; reason?: (typeof FEEDBACK_REASONS)[number] | undefined };

/**
 * A visitor's verdict on one answer of their own conversation: one row per answer, the latest
 * verdict replacing the earlier (a thumbs up clears a reason). One statement: the answer is
 * looked up in this conversation and workspace, and written or not. The conversation is the
 * stored row the widget token names, which is never a Playground one; one that is gets nothing.
 */
export async function saveFeedback(db: Db, agent: AgentRow, conversation: ConversationRow, input: FeedbackInput) {
  if (conversation.isPlayground || conversation.workspaceId !== agent.workspaceId) throw notAnAnswer();
  const reason = input.rating === 'down' ? (input.reason ?? null) : null;
  const [saved] = await queryRows<{ message_id: string; rating: 'up' | 'down'; reason: FeedbackInput['reason'] | null }>(
    db,
    sql`INSERT INTO message_feedback (message_id, conversation_id, workspace_id, agent_id, rating, reason)
        SELECT m.id, m.conversation_id, m.workspace_id, ${conversation.agentId}::uuid, ${input.rating}, ${reason}
          FROM messages m
         WHERE m.id = ${input.message_id} AND m.conversation_id = ${conversation.id}
           AND m.workspace_id = ${agent.workspaceId} AND m.role = 'assistant'
        ON CONFLICT (message_id) DO UPDATE SET rating = EXCLUDED.rating, reason = EXCLUDED.reason, updated_at = now()
        RETURNING message_id, rating, reason`,
  );
  if (!saved) throw notAnAnswer();
  return saved;
}

const notAnAnswer = () =>
  new AppError('not_found', 'No such answer in this conversation', { errors: { message_id: ['is not an answer in this conversation'] } });
