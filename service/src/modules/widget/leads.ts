import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Db } from '../../db/client.js';
import { leads, sites } from '../../db/schema.js';
import type { AddressPolicy } from '../sites/address-policy.js';
import { SiteClient } from '../sites/site-client.js';
import { siteForAgent } from '../sites/site-lookup.js';
import type { AgentRow } from '../assistant/tools.js';
import { enqueue, PermanentDeliveryError, type OutboxRow } from '../outbox/outbox.js';
import type { ConversationRow } from './conversations.js';
import type { leadBody } from './schemas.js';

/** A lead's history keeps this many later submissions, the latest. */
export const LEAD_HISTORY_KEPT = 100;

/**
 * Saves a lead, deduplicated on (agent, email) by the table's unique constraint: concurrent
 * submissions of one email meet in one row. The first submission makes the lead and queues its
 * delivery to the site in the same transaction, so a lead is never saved without it, nor
 * delivered without being saved.
 *
 * Anyone can type any email, so a later submission of the same email changes nothing: the lead
 * keeps the first submission's name, phone, consent, fields and conversation, and nothing is
 * delivered again. The later submission is recorded in the lead's history (lead_submissions),
 * which the dashboard shows on the lead's page. The answer is `created: false`, as for an update.
 */
export async function saveLead(db: Db, agent: AgentRow, conversation: ConversationRow, input: z.infer<typeof leadBody>) {
  const site = await siteForAgent(db, agent, conversation.shopper?.site_id);
  const email = input.email.trim().toLowerCase();
  const consent = JSON.stringify(input.consent ?? {});
  const fields = JSON.stringify(input.fields ?? {});
  return db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO leads (id, workspace_id, agent_id, conversation_id, email, name, phone, consent, fields, site_sync_status)
          VALUES (${randomUUID()}, ${agent.workspaceId}, ${agent.id}, ${conversation.id}, ${email}, ${input.name ?? null}, ${input.phone ?? null},
                  ${consent}::jsonb, ${fields}::jsonb, ${site ? 'pending' : 'no_site'})
          ON CONFLICT (agent_id, email) DO NOTHING
          RETURNING id`,
    );
    if (created) {
      if (site) {
        await enqueue(tx, { workspaceId: agent.workspaceId, siteId: site.id, kind: 'lead.upsert', payload: { lead_id: created.id } });
      }
      return { leadId: created.id, created: true };
    }
    const [existing] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM leads WHERE agent_id = ${agent.id} AND email = ${email}`);
    const leadId = existing!.id;
    await tx.execute(sql`
      INSERT INTO lead_submissions (lead_id, workspace_id, conversation_id, name, phone, consent, fields)
      VALUES (${leadId}, ${agent.workspaceId}, ${conversation.id}, ${input.name ?? null}, ${input.phone ?? null}, ${consent}::jsonb, ${fields}::jsonb)`);
    await tx.execute(sql`
      DELETE FROM lead_submissions WHERE lead_id = ${leadId}
         AND id < (SELECT min(id) FROM (SELECT id FROM lead_submissions WHERE lead_id = ${leadId} ORDER BY id DESC LIMIT ${LEAD_HISTORY_KEPT}) AS kept)`);
    return { leadId, created: false };
  });
}

/**
 * Outbox handler: hand the lead to the site, which creates or completes the site user, or, with
 * its double opt-in, e-mails the visitor a confirmation link and creates the user only once it is
 * followed. Keeps the user id it returns, if any.
 */
export function leadDelivery(db: Db, policy: AddressPolicy) {
  return async (row: OutboxRow): Promise<void> => {
    const leadId = String(row.payload.lead_id);
    const [lead] = await db.select().from(leads).where(and(eq(leads.id, leadId), eq(leads.workspaceId, row.workspace_id)));
    if (!lead) throw new PermanentDeliveryError('the lead no longer exists');
    const [site] = row.site_id ? await db.select().from(sites).where(and(eq(sites.id, row.site_id), eq(sites.workspaceId, row.workspace_id))) : [];
    if (!site) throw new PermanentDeliveryError('the site is no longer connected');
    // The lead as stored: its first submission's values (later ones never change it).
    const result = await new SiteClient({ siteUrl: site.siteUrl, shopperSigningSecret: site.shopperSigningSecret }, policy).upsertLead({
      email: lead.email,
      ...(lead.name ? { name: lead.name } : {}),
      ...(lead.phone ? { phone: lead.phone } : {}),
      conversation_id: lead.conversationId ?? '',
      lead_id: lead.id,
    });
    await db
      .update(leads)
      .set(
        result.pending_confirmation
          ? { siteUserId: null, siteSyncStatus: 'awaiting_confirmation' }
          : { siteUserId: result.user_id, siteSyncStatus: 'delivered' },
      )
      .where(eq(leads.id, lead.id));
  };
}

export async function markLeadFailed(db: Db, row: OutboxRow): Promise<void> {
  if (row.kind !== 'lead.upsert') return;
  await db
    .update(leads)
    .set({ siteSyncStatus: 'failed' })
    .where(and(eq(leads.id, String(row.payload.lead_id)), eq(leads.workspaceId, row.workspace_id)));
}
