import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { AgentRow } from '../agents/store.js';
import { allMessages, findConversation, latestConversationId, type ConversationRow } from '../conversations/store.js';
import type { PlaygroundHistory, PlaygroundMessage } from './page-state.js';

export type { PlaygroundHistory };

/**
 * Playground conversations live in the same tables as production ones (spec 4.4 rule 1), flagged
 * `is_playground`, which keeps them out of the inbox, analytics and usage. Each tester has their
 * own: the signed-in user's id stands in for the visitor id.
 */

/** A Playground conversation of this agent; a production one, or another agent's, is not found. */
export async function playgroundConversation(db: Db, agent: AgentRow, conversationId: string): Promise<ConversationRow> {
  const row = await findConversation(db, agent, { kind: 'playground', id: conversationId });
  if (!row) throw notFound('Playground conversation');
  return row;
}

/**
 * The conversation a page load resumes: the one named in the page's URL (the script keeps the
 * URL up to date), else the tester's most recently active one with this agent.
 */
export async function resumablePlaygroundConversation(db: Db, agent: AgentRow, userId: string, named: string | undefined): Promise<PlaygroundHistory | null> {
  const id = named ? (await findConversation(db, agent, { kind: 'playground', id: named }))?.id : await latestConversationId(db, agent, 'playground', userId);
  if (!id) return null;
  const history = await allMessages(db, agent.workspaceId, id);
  // Stored by the runtime from the contract's types (blocks, sources, diagnostics); the columns are untyped JSON.
  const messages = history.map(({ role, content, blocks, sources, diagnostics }) => ({ role, content, blocks, sources, diagnostics }) as PlaygroundMessage);
  return { id, messages };
}
