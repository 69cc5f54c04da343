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

/**
 * Saves a lead, deduplicated on (agent, email) by the table's unique constraint: concurrent
 * submissions of one email meet in one row. The delivery to the site is queued in the same
 * transaction, so a lead is never saved without it, nor delivered without being saved.
 */
export async function saveLead(db: Db, agent: AgentRow, conversation: ConversationRow, input: z.infer<typeof leadBody>) {
  const site = await siteForAgent(db, agent, conversation.shopper?.site_id);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; created: boolean }>(
      tx,
      sql`INSERT INTO leads (id, workspace_id, agent_id, conversation_id, email, name, phone, consent, fields, site_sync_status)
          VALUES (${randomUUID()}, ${agent.workspaceId}, ${agent.id}, ${conversation.id}, ${email}, ${input.name ?? null}, ${input.phone ?? null},
                  ${JSON.stringify(input.consent ?? {})}::jsonb, ${JSON.stringify(input.fields ?? {})}::jsonb, ${site ? 'pending' : 'no_site'})
          ON CONFLICT (agent_id, email) DO UPDATE SET
            name = COALESCE(EXCLUDED.name, leads.name),
            phone = COALESCE(EXCLUDED.phone, leads.phone),
            consent = leads.consent || EXCLUDED.consent,
            fields = leads.fields || EXCLUDED.fields,
            conversation_id = EXCLUDED.conversation_id,
            site_sync_status = CASE WHEN ${site !== undefined} THEN 'pending' ELSE leads.site_sync_status END,
            updated_at = now()
          RETURNING id, (xmax = 0) AS created`,
    );
    const lead = row!;
    if (site) {
      await enqueue(tx, {
        workspaceId: agent.workspaceId,
        siteId: site.id,
        kind: 'lead.upsert',
        payload: { lead_id: lead.id },
      });
    }
    return { leadId: lead.id, created: Boolean(lead.created) };
  });
}

/** Outbox handler: create or update the site user for a lead, and keep the user id it returns. */
export function leadDelivery(db: Db, policy: AddressPolicy) {
  return async (row: OutboxRow): Promise<void> => {
    const leadId = String(row.payload.lead_id);
    const [lead] = await db.select().from(leads).where(and(eq(leads.id, leadId), eq(leads.workspaceId, row.workspace_id)));
    if (!lead) throw new PermanentDeliveryError('the lead no longer exists');
    const [site] = row.site_id ? await db.select().from(sites).where(and(eq(sites.id, row.site_id), eq(sites.workspaceId, row.workspace_id))) : [];
    if (!site) throw new PermanentDeliveryError('the site is no longer connected');
    // The lead as it is now: a later update of the same lead is delivered by this row too.
    const result = await new SiteClient({ siteUrl: site.siteUrl, shopperSigningSecret: site.shopperSigningSecret }, policy).upsertLead({
      email: lead.email,
      ...(lead.name ? { name: lead.name } : {}),
      ...(lead.phone ? { phone: lead.phone } : {}),
      conversation_id: lead.conversationId ?? '',
      lead_id: lead.id,
    });
    await db.update(leads).set({ siteUserId: result.user_id, siteSyncStatus: 'delivered' }).where(eq(leads.id, lead.id));
  };
}

export async function markLeadFailed(db: Db, row: OutboxRow): Promise<void> {
  if (row.kind !== 'lead.upsert') return;
  await db
    .update(leads)
    .set({ siteSyncStatus: 'failed' })
    .where(and(eq(leads.id, String(row.payload.lead_id)), eq(leads.workspaceId, row.workspace_id)));
}
