-- Cost governor: daily model-token and money caps per agent and per workspace (NULL: no cap),
-- model prices a workspace sets over the built-in table, and the model tokens spent per UTC day,
-- counted as each reply is stored (the caps are checked against them before a turn calls a model).
ALTER TABLE workspaces ADD COLUMN daily_token_cap bigint CHECK (daily_token_cap > 0);
ALTER TABLE workspaces ADD COLUMN daily_cost_cap_usd numeric(14, 4) CHECK (daily_cost_cap_usd > 0);
ALTER TABLE agents ADD COLUMN daily_token_cap bigint CHECK (daily_token_cap > 0);
ALTER TABLE agents ADD COLUMN daily_cost_cap_usd numeric(14, 4) CHECK (daily_cost_cap_usd > 0);

CREATE TABLE model_prices (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  provider text NOT NULL,
  model text NOT NULL,
  -- US dollars per million tokens.
  input_usd_per_mtok numeric(14, 6) NOT NULL CHECK (input_usd_per_mtok >= 0),
  output_usd_per_mtok numeric(14, 6) NOT NULL CHECK (output_usd_per_mtok >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, provider, model)
);

CREATE TABLE model_usage_daily (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  day date NOT NULL,
  provider text NOT NULL,
  model text NOT NULL,
  turns integer NOT NULL DEFAULT 0,
  input_tokens bigint NOT NULL DEFAULT 0,
  output_tokens bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (workspace_id, day, agent_id, provider, model)
);
