-- A lead keeps the values of its first submission. Anyone can type an email, so a later
-- submission of the same (agent, email) changes nothing on the lead and is not delivered to the
-- site: it is recorded here and shown in the lead's history. The latest 100 per lead are kept.
CREATE TABLE lead_submissions (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES conversations(id) ON DELETE SET NULL,
  name text,
  phone text,
  consent jsonb NOT NULL DEFAULT '{}',
  fields jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_submissions_lead_idx ON lead_submissions (lead_id, id);

-- With the plugin's double opt-in, a delivered lead becomes a site user only once the visitor
-- follows the confirmation link the site e-mailed: until then the lead awaits confirmation.
ALTER TABLE leads DROP CONSTRAINT leads_site_sync_status_check;
ALTER TABLE leads ADD CONSTRAINT leads_site_sync_status_check
  CHECK (site_sync_status IN ('pending', 'delivered', 'awaiting_confirmation', 'failed', 'no_site'));
