-- Order lookups by number and email that found no order (or are being tried right now): counted
-- per conversation, per client address and per email, so that order numbers cannot be guessed
-- for a known email. In the database, so that every instance counts the same misses. Addresses
-- and emails are stored as SHA-256 hashes; rows older than a day are pruned.
CREATE TABLE order_lookup_misses (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL,
  address_hash text,
  email_hash text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX order_lookup_misses_conversation_idx ON order_lookup_misses (workspace_id, conversation_id, at);
CREATE INDEX order_lookup_misses_address_idx ON order_lookup_misses (workspace_id, address_hash, at) WHERE address_hash IS NOT NULL;
CREATE INDEX order_lookup_misses_email_idx ON order_lookup_misses (workspace_id, email_hash, at);
CREATE INDEX order_lookup_misses_at_idx ON order_lookup_misses (at);
