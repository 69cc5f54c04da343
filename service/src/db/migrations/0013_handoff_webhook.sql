-- A workspace's optional webhook for its team (modules/conversations/handoff-webhook.ts): the
-- service POSTs a signed notice to this URL when a conversation starts waiting for a person and
-- when one is resolved. Registered by a member who may manage tokens; one per workspace.
-- The secret signs each delivery (HMAC-SHA256), so it is kept as written: it is a signing key,
-- not a verifier. The dashboard shows it once, when it is made.
CREATE TABLE handoff_webhooks (
  workspace_id uuid PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
