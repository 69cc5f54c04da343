import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { messages, type ShopperBinding } from '../../db/schema.js';
import { claimForTurn, conversationUsage, releaseAfterTurn } from '../conversations/store.js';
import { AppError } from '../../lib/errors.js';
import { assertWithinBudget, type Budget } from './budget.js';
import { recordSpend } from './cost-governor.js';
import { messageFacts, type MessageFacts } from './visitor-facts.js';

/**
 * A turn's persistence: the visitor's message and the reply, stored around the conversation's
 * hold (`conversations/store.ts` owns the hold and the budget columns). Every statement names the
 * workspace as well as the row, so a wrong id from a caller can never touch another tenant.
 */

export interface StoredMessage {
  /** 'team': a reply of a person who held the conversation (conversations/handoff.ts). */
  role: 'user' | 'assistant' | 'team';
  content: string;
  status: 'complete' | 'partial' | 'error';
  /** The sources an answer showed (assistant messages): what the conversation was about. */
  sources?: { title: string; url: string }[];
  /** A visitor message's facts as stored with it; null for replies and for rows stored before facts were. */
  facts?: MessageFacts | null;
}

export interface BegunTurn {
  turnsUsed: number;
  tokensUsed: number;
  shopper: ShopperBinding | null;
  /** The last messages before the visitor's new one, oldest first; only the latest with their text (see contentLimit). */
  history: StoredMessage[];
}

/**
 * Starts a turn in one statement: holds the conversation (a second turn while one is running,
 * from two tabs or a double submit, gets conversation_busy instead of interleaving), checks the
 * budget, stores the visitor's message and reads the recent history. One round trip, because
 * every millisecond here is in front of the first word of the reply. Nothing is written unless
 * the turn may start.
 *
 * Its commit does not wait for the disk (synchronous_commit off for this transaction only, which
 * saved 2 to 4 ms a turn here). Nothing durable is given up: the turn ends by saving the reply
 * with an ordinary commit, which flushes the log up to and including this one, and a database
 * crash before that loses the turn anyway; a crash of this process instead leaves it to
 * PostgreSQL, which writes it out within a fraction of a second.
 */
export async function beginTurn(
  db: Db,
  turn: {
    workspaceId: string;
    conversationId: string;
    message: string;
    facts: MessageFacts;
    budget: Budget;
    /** How many earlier messages are read (their facts, status and sources). */
    historyLimit: number;
    /**
     * Of those, how many of the latest come with their text; older ones have '' (their facts are
     * what is read of them), except visitor messages stored before facts were, whose facts are
     * computed from their text.
     */
    contentLimit: number;
  },
): Promise<BegunTurn> {
  const { workspaceId, conversationId } = turn;
  const [row] = await queryRows<{ turns_used: number; tokens_used: number; shopper: unknown; history: unknown }>(
    db,
    sql`
      WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting),
      claimed AS (${claimForTurn({ workspaceId, conversationId, budget: turn.budget })}), stored AS (
        INSERT INTO messages (id, conversation_id, workspace_id, role, content, facts)
        SELECT ${randomUUID()}, id, ${workspaceId}, 'user', ${turn.message}, ${JSON.stringify(turn.facts)}::jsonb FROM claimed
      )
      SELECT c.turns_used, c.tokens_used, c.shopper,
             (SELECT coalesce(json_agg(json_build_object('role', h.role, 'content', h.content, 'status', h.status, 'sources', h.sources, 'facts', h.facts) ORDER BY h.seq), '[]'::json)
                FROM (SELECT seq, role, CASE WHEN row_number() OVER (ORDER BY seq DESC) <= ${turn.contentLimit} OR (role = 'user' AND facts IS NULL) THEN content ELSE '' END AS content,
                             status, sources, facts FROM messages
                       WHERE conversation_id = c.id AND workspace_id = ${workspaceId}
                       ORDER BY seq DESC LIMIT ${turn.historyLimit}) h) AS history
        FROM claimed c, relaxed`,
  );
  if (!row) throw await whyNotBegun(db, workspaceId, conversationId, turn.budget);
  return {
    turnsUsed: Number(row.turns_used),
    tokensUsed: Number(row.tokens_used),
    shopper: parsed(row.shopper) as ShopperBinding | null,
    history: parsed(row.history) as StoredMessage[],
  };
}

/**
 * The facts of the visitor's messages in a history, oldest first: as stored with each message,
 * or computed for a message stored before facts were.
 */
export function visitorFactsOf(history: readonly StoredMessage[]): MessageFacts[] {
  return history.filter((m) => m.role === 'user').map((m) => m.facts ?? messageFacts(m.content));
}

/** Drivers return json columns parsed (PGlite) or as text (some pg setups). */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

async function whyNotBegun(db: Db, workspaceId: string, conversationId: string, budget: Budget): Promise<AppError> {
  const current = await conversationUsage(db, workspaceId, conversationId);
  if (!current) return new AppError('not_found', 'Conversation not found');
  try {
    assertWithinBudget(budget, current);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return new AppError('conversation_busy', 'A reply is already being generated in this conversation');
}

export interface AssistantRecord {
  id: string;
  content: string;
  blocks: unknown[];
  sources: unknown[];
  toolCalls: unknown[];
  usage: Record<string, unknown>;
  diagnostics: Record<string, unknown>;
  /** What a complete answer achieved (outcome.ts); null otherwise. */
  outcome: Record<string, unknown> | null;
  status: 'complete' | 'partial' | 'error';
  /** What the turn costs against the conversation's budget. */
  turns: number;
  tokens: number;
  /** A hosted model's tokens, added to the day's spending (cost-governor.ts); absent for the offline responder. */
  spend?: { agentId: string; provider: string; model: string; inputTokens: number; outputTokens: number };
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
        outcome: record.outcome,
        status: record.status,
      })
      .returning({ createdAt: messages.createdAt });
    await releaseAfterTurn(tx, { workspaceId, conversationId, turns: record.turns, tokens: record.tokens });
    if (record.spend && record.spend.inputTokens + record.spend.outputTokens > 0) await tx.execute(recordSpend(workspaceId, record.spend));
    return row?.createdAt ?? new Date();
  });
}
