-- One GIN index over (workspace_id, tsv): a search reads only its own tenant's postings instead
-- of every tenant's and filtering afterwards, so its cost does not grow with other tenants.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX chunks_workspace_tsv_idx ON chunks USING gin (workspace_id, tsv);
DROP INDEX chunks_tsv_idx;
