-- Visitors name products loosely ("the ridgline jacket", "gipfelstürmer"): product names are
-- matched by trigram similarity, which tolerates typos and partial names. One index per tenant
-- prefix (btree_gin), so a lookup reads only its own workspace's names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX documents_product_name_trgm_idx ON documents USING gin (workspace_id, lower(title) gin_trgm_ops) WHERE kind = 'product';
-- The page a visitor is on is matched to its synced document by address.
CREATE INDEX documents_permalink_idx ON documents (workspace_id, permalink);
