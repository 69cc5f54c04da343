import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.js';
import type { AuthenticatedToken } from '../auth/api-tokens.js';
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
type ExportedLead = PersonalDataExport['leads'][number];

const iso = (value: Date | string) => new Date(value).toISOString();

/** The ids of the address's conversations in the workspace. */
function conversationIds(workspaceId: string, email: string) {
  const address = email.toLowerCase();
  return sql`SELECT c.id FROM conversations c
              WHERE c.workspace_id = ${workspaceId} AND NOT c.is_playground
                AND (lower(c.shopper->>'email') = ${address}
                     OR EXISTS (SELECT 1 FROM leads l WHERE l.workspace_id = ${workspaceId} AND l.conversation_id = c.id AND lower(l.email) = ${address})
                     OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.workspace_id = ${workspaceId} AND m.role = 'user'
                                  AND m.facts->'emails' @> ${JSON.stringify([address])}::jsonb))`;
}

export async function exportPersonalData(db: Db, token: AuthenticatedToken, email: string): Promise<PersonalDataExport> {
  const workspaceId = token.workspaceId;
  const leadRows = await queryRows<Omit<ExportedLead, 'created_at'> & { created_at: Date }>(
    db,
    sql`SELECT id, agent_id, conversation_id, email, name, phone, consent, fields, created_at FROM leads
         WHERE workspace_id = ${workspaceId} AND lower(email) = ${email.toLowerCase()} ORDER BY created_at, id`,
  );
  const conversationRows = await queryRows<{ id: string; agent_id: string; created_at: Date }>(
    db,
    sql`SELECT id, agent_id, created_at FROM conversations WHERE id IN (${conversationIds(workspaceId, email)}) ORDER BY created_at, id`,
  );
  const messageRows =
    conversationRows.length === 0
      ? []
      : await queryRows<{ conversation_id: string; role: 'user' | 'assistant'; content: string; created_at: Date }>(
          db,
          sql`SELECT conversation_id, role, content, created_at FROM messages
               WHERE workspace_id = ${workspaceId} AND conversation_id IN (${sql.join(conversationRows.map((row) => sql`${row.id}`), sql`, `)}) ORDER BY seq`,
        );
  return {
    email,
    leads: leadRows.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    conversations: conversationRows.map((row) => ({
      id: row.id,
      agent_id: row.agent_id,
      created_at: iso(row.created_at),
      messages: messageRows
        .filter((message) => message.conversation_id === row.id)
        .map((message) => ({ role: message.role, content: message.content, created_at: iso(message.created_at) })),
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
  const address = email.toLowerCase();
  return db.transaction(async (tx) => {
    const conversations = (await queryRows<{ id: string }>(tx, conversationIds(workspaceId, email))).map((row) => row.id);
    const leads = (await queryRows<{ id: string }>(tx, sql`SELECT id FROM leads WHERE workspace_id = ${workspaceId} AND lower(email) = ${address}`)).map(
      (row) => row.id,
    );
    let messagesRemoved = 0;
    if (conversations.length > 0) {
      const list = sql.join(
        conversations.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const removed = await queryRows<{ n: number }>(
        tx,
        sql`WITH gone AS (DELETE FROM messages WHERE workspace_id = ${workspaceId} AND conversation_id IN (${list}) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      );
      messagesRemoved = Number(removed[0]?.n ?? 0);
      for (const table of ['coupon_applies', 'widget_events', 'order_lookup_misses']) {
        await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} AND conversation_id IN (${list})`);
      }
      await tx.execute(sql`UPDATE leads SET conversation_id = NULL WHERE workspace_id = ${workspaceId} AND conversation_id IN (${list})`);
      await tx.execute(sql`DELETE FROM conversations WHERE workspace_id = ${workspaceId} AND id IN (${list})`);
    }
    if (leads.length > 0) {
      const list = sql.join(
        leads.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`DELETE FROM lead_submissions WHERE workspace_id = ${workspaceId} AND lead_id IN (${list})`);
      await tx.execute(
        sql`DELETE FROM outbox WHERE workspace_id = ${workspaceId} AND kind = 'lead.upsert' AND delivered_at IS NULL AND (payload->>'lead_id')::uuid IN (${list})`,
      );
      await tx.execute(sql`DELETE FROM leads WHERE workspace_id = ${workspaceId} AND id IN (${list})`);
    }
    return { email, leads_removed: leads.length, conversations_removed: conversations.length, messages_removed: messagesRemoved };
  });
}
