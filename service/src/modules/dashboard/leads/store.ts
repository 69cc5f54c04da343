import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { LeadSyncStatus } from '../../../db/schema.js';
import { isAppError, notFound } from '../../../lib/errors.js';
import { everyLead, findLead, latestLeadDelivery, leadHistory, pageOfLeads, type LeadWithAgent } from '../../leads/store.js';
import { transcript, transcriptWire, type Transcript } from '../inbox/store.js';
import { containsPattern, isUuid } from '../sql.js';

/** Leads captured by the widget, and how their delivery to the site (a WordPress user) went, as the dashboard answers them (the queries are `leads/store.ts`). */

const jsonObject = z.record(z.string(), z.unknown());
const SYNC_STATUSES = ['pending', 'delivered', 'awaiting_confirmation', 'failed', 'no_site'] as const satisfies readonly LeadSyncStatus[];

export const leadSummary = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  agent: z.object({ id: z.uuid(), name: z.string() }),
  conversation_id: z.uuid().nullable(),
  consent: jsonObject,
  fields: jsonObject,
  site_sync_status: z.enum(SYNC_STATUSES),
  site_user_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadSummary = z.infer<typeof leadSummary>;

const leadSubmission = z.object({
  submitted_at: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  consent: jsonObject,
  fields: jsonObject,
  conversation_id: z.uuid().nullable(),
});
export type LeadSubmission = z.infer<typeof leadSubmission>;

export const leadDetailWire = z.object({
  lead: leadSummary,
  /** The latest delivery to the site, when one was queued. */
  site_sync: z
    .object({
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      delivered_at: z.string().nullable(),
      failed_at: z.string().nullable(),
    })
    .nullable(),
  /** The production conversation the lead came from, if it still exists: the inbox's transcript. */
  conversation: transcriptWire.nullable(),
  /**
   * Later submissions of the lead's email, newest first: recorded, never applied to the lead
   * (anyone can type an email) and never delivered to the site.
   */
  history: z.array(leadSubmission),
});

export type LeadDetail = z.infer<typeof leadDetailWire>;

function toSummary(row: LeadWithAgent): LeadSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    agent: { id: row.agentId, name: row.agentName },
    conversation_id: row.conversationId,
    consent: row.consent,
    fields: row.fields,
    site_sync_status: row.siteSyncStatus,
    site_user_id: row.siteUserId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listLeads(db: Db, workspaceId: string, query: { q?: string | undefined; limit: number; offset: number }): Promise<LeadSummary[]> {
  const rows = await pageOfLeads(db, workspaceId, { pattern: query.q ? containsPattern(query.q) : undefined, limit: query.limit, offset: query.offset });
  return rows.map(toSummary);
}

/** Every lead of the workspace, oldest first, for the CSV export. */
export async function allLeads(db: Db, workspaceId: string): Promise<LeadSummary[]> {
  return (await everyLead(db, workspaceId)).map(toSummary);
}

export async function leadDetail(db: Db, workspaceId: string, leadId: string): Promise<LeadDetail> {
  const row = isUuid(leadId) ? await findLead(db, workspaceId, leadId) : undefined;
  if (!row) throw notFound('Lead');
  const delivery = await latestLeadDelivery(db, workspaceId, row.id);
  let conversation: Transcript | null = null;
  if (row.conversationId) {
    conversation = await transcript(db, workspaceId, row.conversationId).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'not_found') return null;
      throw error;
    });
  }
  const history = await leadHistory(db, workspaceId, row.id);
  return {
    lead: toSummary(row),
    site_sync: delivery
      ? {
          attempts: delivery.attempts,
          last_error: delivery.lastError,
          next_attempt_at: delivery.deliveredAt || delivery.failedAt ? null : delivery.nextAttemptAt.toISOString(),
          delivered_at: delivery.deliveredAt?.toISOString() ?? null,
          failed_at: delivery.failedAt?.toISOString() ?? null,
        }
      : null,
    conversation,
    history: history.map((entry) => ({
      submitted_at: entry.createdAt.toISOString(),
      name: entry.name,
      phone: entry.phone,
      consent: entry.consent,
      fields: entry.fields,
      conversation_id: entry.conversationId,
    })),
  };
}
