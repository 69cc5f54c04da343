import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { agents, leadSubmissions, leads, outbox } from '../../db/schema.js';

/**
 * Reading and erasing the leads of one workspace (capture.ts saves them, delivery.ts hands them to
 * the site). Every statement names the workspace, so a lead id from another one finds nothing.
 */

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

/** A lead with the name of the agent it was left with. */
export type LeadWithAgent = Awaited<ReturnType<typeof leadsWhere>>[number];

function leadsWhere(db: Db, workspaceId: string, condition?: SQL) {
  return db
    .select(leadColumns)
    .from(leads)
    .innerJoin(agents, and(eq(agents.id, leads.agentId), eq(agents.workspaceId, workspaceId)))
    .where(and(eq(leads.workspaceId, workspaceId), condition))
    .$dynamic();
}

/** A page of leads, most recently changed first; `pattern` (an ILIKE pattern) matches the email or the name. */
export async function pageOfLeads(
  db: Db,
  workspaceId: string,
  query: { pattern?: string | undefined; limit: number; offset: number },
): Promise<LeadWithAgent[]> {
  const { pattern } = query;
  return leadsWhere(db, workspaceId, pattern ? or(ilike(leads.email, pattern), ilike(leads.name, pattern)) : undefined)
    .orderBy(desc(leads.updatedAt), desc(leads.id))
    .limit(query.limit)
    .offset(query.offset);
}

/** Every lead of the workspace, oldest first. */
export async function everyLead(db: Db, workspaceId: string): Promise<LeadWithAgent[]> {
  return leadsWhere(db, workspaceId).orderBy(asc(leads.createdAt), asc(leads.id));
}

/** One lead of the workspace (the id must be a uuid); undefined when there is none. */
export async function findLead(db: Db, workspaceId: string, leadId: string): Promise<LeadWithAgent | undefined> {
  const [row] = await leadsWhere(db, workspaceId, eq(leads.id, leadId));
  return row;
}

/** The latest delivery of the lead to the site, when one was queued. */
export async function latestLeadDelivery(db: Db, workspaceId: string, leadId: string) {
  const [delivery] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.workspaceId, workspaceId), eq(outbox.kind, 'lead.upsert'), sql`${outbox.payload}->>'lead_id' = ${leadId}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return delivery;
}

/** Later submissions of the lead's email, newest first. */
export async function leadHistory(db: Db, workspaceId: string, leadId: string) {
  return db
    .select()
    .from(leadSubmissions)
    .where(and(eq(leadSubmissions.leadId, leadId), eq(leadSubmissions.workspaceId, workspaceId)))
    .orderBy(desc(leadSubmissions.id));
}

/** The leads left with an e-mail address (any case), oldest first. */
export async function leadsOfAddress(db: Db, workspaceId: string, email: string) {
  return db
    .select({
      id: leads.id,
      agent_id: leads.agentId,
      conversation_id: leads.conversationId,
      email: leads.email,
      name: leads.name,
      phone: leads.phone,
      consent: leads.consent,
      fields: leads.fields,
      created_at: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.workspaceId, workspaceId), sql`lower(${leads.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(leads.createdAt), asc(leads.id));
}

/**
 * Deletes the leads left with an e-mail address, their later submissions and their deliveries
 * not yet made. Meant to run in the caller's transaction; answers how many leads went.
 */
export async function eraseLeadsOfAddress(db: Db | Tx, workspaceId: string, email: string): Promise<number> {
  const ids = (
    await queryRows<{ id: string }>(db, sql`SELECT id FROM leads WHERE workspace_id = ${workspaceId} AND lower(email) = ${email.toLowerCase()}`)
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.delete(leadSubmissions).where(and(eq(leadSubmissions.workspaceId, workspaceId), inArray(leadSubmissions.leadId, ids)));
  await db.execute(
    sql`DELETE FROM outbox WHERE workspace_id = ${workspaceId} AND kind = 'lead.upsert' AND delivered_at IS NULL AND (payload->>'lead_id')::uuid IN (${list})`,
  );
  await db.delete(leads).where(and(eq(leads.workspaceId, workspaceId), inArray(leads.id, ids)));
  return ids.length;
}
