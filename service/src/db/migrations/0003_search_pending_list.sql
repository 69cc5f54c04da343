-- New index entries wait in the GIN index's pending list until it is merged, and every search
-- reads that list in full: with the default limit of 4 MB, a search after a large sync read
-- about 400 pages more than it needed to. A small limit keeps the batching that makes syncs fast
-- and bounds what a search pays for entries not merged yet.
ALTER INDEX chunks_workspace_tsv_idx SET (gin_pending_list_limit = 128);
