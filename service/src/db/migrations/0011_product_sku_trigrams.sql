-- Visitors type SKUs loosely ("nw-jkt-rgd", "JKT-RDG", "nwjktrdg"): SKUs are compared without
-- case and separators, by trigram similarity and as substrings, through this index (one per
-- tenant prefix, as for product names).
CREATE INDEX documents_product_sku_trgm_idx ON documents
  USING gin (workspace_id, regexp_replace(lower(data->>'sku'), '[^[:alnum:]]', '', 'g') gin_trgm_ops)
  WHERE kind = 'product';
