-- Widget events stored per agent and UTC day: beyond the configured cap (EVENTS_PER_AGENT_PER_DAY)
-- further events are answered but not stored. Counts every event offered, stored or not.
CREATE TABLE widget_event_quotas (
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  day date NOT NULL,
  events bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day)
);

-- The retention job (TELEMETRY_RETENTION_DAYS) deletes by age across all workspaces.
CREATE INDEX widget_events_created_idx ON widget_events (created_at);
CREATE INDEX coupon_applies_created_idx ON coupon_applies (created_at);
