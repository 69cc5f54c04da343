import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conversations } from '../../db/schema.js';

/**
 * The conversations of one workspace that real visitors had: never a Playground one (spec 1:
 * Playground conversations are excluded from billing, analytics and the inbox). The inbox,
 * transcripts, analytics and usage all read conversations through this subquery and nothing else,
 * so no page can forget the filter or the workspace.
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
    })
    .from(conversations)
    .where(and(eq(conversations.workspaceId, workspaceId), eq(conversations.isPlayground, false)))
    .as('production_conversations');
}
