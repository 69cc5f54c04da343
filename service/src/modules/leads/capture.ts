import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { ShopperBinding } from '../../db/schema.js';
import type { AgentRow } from '../agents/store.js';
import { enqueue } from '../outbox/outbox.js';
import { siteForAgent } from '../sites/site-lookup.js';

/** What a visitor submits in the lead form (the widget's `POST /v1/widget/leads`, validated there). */
export interface LeadInput {
  email: string;
  name?: string | undefined;
  phone?: string | undefined;
  consent?: { marketing: boolean } | undefined;
  fields?: Record<string, string | number | boolean | null> | undefined;
}

/** The conversation a lead is submitted in: its id, and the shopper binding that names the visitor's site. */
export interface LeadConversation {
  id: string;
  shopper: ShopperBinding | null;
}

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
export async function saveLead(db: Db, agent: AgentRow, conversation: LeadConversation, input: LeadInput) {
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
