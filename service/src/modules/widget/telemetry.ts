import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import { widgetEvents } from '../../db/schema.js';
import type { AgentRow } from '../agents/store.js';
import type { ConversationRow } from '../conversations/store.js';

export interface IncomingEvent {
  name: string;
  at: string;
  props: Record<string, unknown>;
}

/**
 * Stores a batch of widget events within the agent's daily cap. Every offered event is counted
 * against the agent's UTC day (one upsert of a counter row, outside any transaction so the row
 * is held only for that statement); what fits under the cap is stored, the rest is dropped.
 * Returns how many were stored. Dropping rather than refusing: the cap is shared by every visitor
 * of the shop, the widget never retries telemetry, and a 429 would tell a flood nothing it could
 * use.
 */
export async function storeEvents(
  db: Db,
  input: { agent: AgentRow; conversation: ConversationRow; events: IncomingEvent[]; now: Date; perAgentPerDay: number; log: FastifyBaseLogger },
): Promise<number> {
  const { agent, conversation, events } = input;
  const day = input.now.toISOString().slice(0, 10);
  const [counter] = await queryRows<{ events: string | number }>(
    db,
    sql`INSERT INTO widget_event_quotas (agent_id, day, events) VALUES (${agent.id}, ${day}, ${events.length})
        ON CONFLICT (agent_id, day) DO UPDATE SET events = widget_event_quotas.events + EXCLUDED.events
        RETURNING events`,
  );
  const before = Number(counter!.events) - events.length;
  const room = Math.max(0, Math.min(events.length, input.perAgentPerDay - before));
  if (room < events.length && before < input.perAgentPerDay) {
    // Once per agent and day: the request that reaches the cap.
    input.log.warn({ agent_id: agent.id, day, cap: input.perAgentPerDay }, 'widget events over the daily cap of this agent are dropped until the next UTC day');
  }
  if (room === 0) return 0;
  await db.insert(widgetEvents).values(
    events.slice(0, room).map((event) => ({
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      conversationId: conversation.id,
      name: event.name,
      at: new Date(event.at),
      props: event.props,
    })),
  );
  return room;
}
