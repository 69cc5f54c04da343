import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthenticatedToken } from '../auth/api-tokens.js';
import { conversationsOfAddress, eraseConversations, messagesOfConversations } from '../conversations/store.js';
import { eraseLeadsOfAddress, leadsOfAddress } from '../leads/store.js';
import type { personalDataErasureResponse, personalDataExportResponse } from './schemas.js';

/**
 * A person's assistant data in the token's workspace, for the site's privacy tools (WordPress's
 * "Export Personal Data" and "Erase Personal Data"): the leads left with their e-mail address,
 * and the conversations that are theirs with every message in them. A conversation is theirs
 * when a lead of the address was left in it, when it was bound to a shopper signed in with the
 * address, or when the visitor typed the address in it. Playground conversations are the owner's
 * tests and are not included.
 */

/** The answers' shapes, as the routes declare them. */
export type PersonalDataExport = z.infer<typeof personalDataExportResponse>;
export type PersonalDataErasure = z.infer<typeof personalDataErasureResponse>;

const iso = (value: Date | string) => new Date(value).toISOString();

export async function exportPersonalData(db: Db, token: AuthenticatedToken, email: string): Promise<PersonalDataExport> {
  const workspaceId = token.workspaceId;
  const leadRows = await leadsOfAddress(db, workspaceId, email);
  const conversationRows = await conversationsOfAddress(db, workspaceId, email);
  const messageRows = await messagesOfConversations(
    db,
    workspaceId,
    conversationRows.map((row) => row.id),
  );
  return {
    email,
    leads: leadRows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    conversations: conversationRows.map((row) => ({
      id: row.id,
      agent_id: row.agent_id,
      created_at: iso(row.created_at),
      messages: messageRows
        .filter((message) => message.conversationId === row.id)
        .map((message) => ({ role: message.role, content: message.content, created_at: iso(message.createdAt) })),
    })),
  };
}

/**
 * Deletes the address's leads (their later submissions and undelivered deliveries with them) and
 * its conversations with their messages and what was recorded about them (coupon applies, widget
 * events, order lookups that missed), in one transaction. Erasing again finds nothing.
 */
export async function erasePersonalData(db: Db, token: AuthenticatedToken, email: string): Promise<PersonalDataErasure> {
  const workspaceId = token.workspaceId;
  return db.transaction(async (tx) => {
    const conversations = (await conversationsOfAddress(tx, workspaceId, email)).map((row) => row.id);
    const { messagesRemoved } = await eraseConversations(tx, workspaceId, conversations);
    const leadsRemoved = await eraseLeadsOfAddress(tx, workspaceId, email);
    return { email, leads_removed: leadsRemoved, conversations_removed: conversations.length, messages_removed: messagesRemoved };
  });
}
