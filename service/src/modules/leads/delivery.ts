import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, sites } from '../../db/schema.js';
import { PermanentDeliveryError, type OutboxRow } from '../outbox/outbox.js';
import type { AddressPolicy } from '../sites/address-policy.js';
import { SiteClient } from '../sites/site-client.js';

/**
 * Outbox handler: hand the lead to the site, which creates or completes the site user, or, with
 * its double opt-in, e-mails the visitor a confirmation link and creates the user only once it is
 * followed. Keeps the user id it returns, if any.
 */
export function leadDelivery(db: Db, policy: AddressPolicy) {
  return async (row: OutboxRow): Promise<void> => {
    const leadId = String(row.payload.lead_id);
    const [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.workspaceId, row.workspace_id)));
    if (!lead) throw new PermanentDeliveryError('the lead no longer exists');
    const [site] = row.site_id
      ? await db
          .select()
          .from(sites)
          .where(and(eq(sites.id, row.site_id), eq(sites.workspaceId, row.workspace_id)))
      : [];
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
