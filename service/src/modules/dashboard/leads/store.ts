import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { agents, leadSubmissions, leads, outbox, type LeadSyncStatus } from '../../../db/schema.js';
import { isAppError, notFound } from '../../../lib/errors.js';
import { transcript, type Transcript } from '../inbox/store.js';
import { containsPattern, isUuid } from '../sql.js';

/** Leads captured by the widget, and how their delivery to the site (a WordPress user) went. */

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
    .object({ attempts: z.number().int(), last_error: z.string().nullable(), next_attempt_at: z.string().nullable(), delivered_at: z.string().nullable(), failed_at: z.string().nullable() })
    .nullable(),
  /** The production conversation the lead came from, if it still exists: the inbox's transcript, whose shape the inbox's own route declares. */
  conversation: z.custom<Transcript>((value) => typeof value === 'object' && value !== null).nullable(),
  /**
   * Later submissions of the lead's email, newest first: recorded, never applied to the lead
   * (anyone can type an email) and never delivered to the site.
   */
  history: z.array(leadSubmission),
});

export type LeadDetail = z.infer<typeof leadDetailWire>;

const leadColumns = {
  id: leads.id,
  email: leads.email,
  name: leads.name,
  phone: leads.phone,
  agentId: agents.id,
  agentName: agents.name,
  conversationId: leads.conversationId,
  consent: leads.consent,
  fields: leads.fields,
  siteSyncStatus: leads.siteSyncStatus,
  siteUserId: leads.siteUserId,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};

type LeadRow = Awaited<ReturnType<typeof selectLeads>>[number];

function toSummary(row: LeadRow): LeadSummary {
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

function selectLeads(db: Db, workspaceId: string) {
  return db
    .select(leadColumns)
    .from(leads)
    .innerJoin(agents, and(eq(agents.id, leads.agentId), eq(agents.workspaceId, workspaceId)))
    .$dynamic();
}

export async function listLeads(db: Db, workspaceId: string, query: { q?: string | undefined; limit: number; offset: number }): Promise<LeadSummary[]> {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const rows = await selectLeads(db, workspaceId)
    .where(and(eq(leads.workspaceId, workspaceId), pattern ? or(ilike(leads.email, pattern), ilike(leads.name, pattern)) : undefined))
    .orderBy(desc(leads.updatedAt), desc(leads.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toSummary);
}

/** Every lead of the workspace, oldest first, for the CSV export. */
export async function allLeads(db: Db, workspaceId: string): Promise<LeadSummary[]> {
  const rows = await selectLeads(db, workspaceId).where(eq(leads.workspaceId, workspaceId)).orderBy(asc(leads.createdAt), asc(leads.id));
  return rows.map(toSummary);
}

export async function leadDetail(db: Db, workspaceId: string, leadId: string): Promise<LeadDetail> {
  const [row] = isUuid(leadId) ? await selectLeads(db, workspaceId).where(and(eq(leads.id, leadId), eq(leads.workspaceId, workspaceId))) : [];
  if (!row) throw notFound('Lead');
  const [delivery] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.workspaceId, workspaceId), eq(outbox.kind, 'lead.upsert'), sql`${outbox.payload}->>'lead_id' = ${row.id}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  let conversation: Transcript | null = null;
  if (row.conversationId) {
    conversation = await transcript(db, workspaceId, row.conversationId).catch((error: unknown) => {
      if (isAppError(error) && error.code === 'not_found') return null;
      throw error;
    });
  }
  const history = await db
    .select()
    .from(leadSubmissions)
    .where(and(eq(leadSubmissions.leadId, row.id), eq(leadSubmissions.workspaceId, workspaceId)))
    .orderBy(desc(leadSubmissions.id));
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
