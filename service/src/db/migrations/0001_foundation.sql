-- Tenancy, people and credentials ---------------------------------------------------------------

CREATE TABLE workspaces (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE memberships (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

-- Dashboard sessions: the cookie carries a random token, the table keeps only its hash.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- API tokens (svc_...): only the SHA-256 of the plaintext is kept.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  display_prefix text NOT NULL,
  abilities text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_workspace_idx ON api_tokens (workspace_id);

-- Connected sites (a WordPress install with the plugin) --------------------------------------

CREATE TABLE sites (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  site_url text NOT NULL,
  token_id uuid REFERENCES api_tokens(id) ON DELETE SET NULL,
  plugin_version text NOT NULL,
  platform_version text,
  shop_active boolean NOT NULL DEFAULT false,
  shop_version text,
  shopper_signing_secret text NOT NULL,
  previous_signing_secret text,
  previous_secret_valid_until timestamptz,
  last_handshake_at timestamptz NOT NULL DEFAULT now(),
  last_sync_at timestamptz,
  last_sync_errors jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, site_url)
);

-- Agents ------------------------------------------------------------------------------------

CREATE TABLE agents (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  site_type text NOT NULL CHECK (site_type IN ('ecommerce', 'saas', 'documentation', 'help_center', 'marketing', 'internal_kb', 'generic')),
  allowed_origins text[] NOT NULL DEFAULT '{}',
  default_locale text NOT NULL DEFAULT 'en',
  greeting text,
  theme jsonb NOT NULL DEFAULT '{}',
  lead_capture jsonb NOT NULL DEFAULT '{}',
  coupons jsonb NOT NULL DEFAULT '[]',
  handoff jsonb NOT NULL DEFAULT '{}',
  provider text NOT NULL DEFAULT 'offline',
  model text,
  budget_turns integer,
  budget_tokens integer,
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agents_workspace_idx ON agents (workspace_id);

-- Knowledge index -----------------------------------------------------------------------------

CREATE TABLE documents (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  site_id uuid NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('post', 'product')),
  wp_id bigint NOT NULL,
  post_type text NOT NULL,
  title text NOT NULL,
  permalink text NOT NULL,
  language text,
  content_hash text NOT NULL,
  modified_at timestamptz,
  -- Structured fields that must never be paraphrased from text (prices, stock, SKU...).
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, kind, wp_id)
);
CREATE INDEX documents_workspace_idx ON documents (workspace_id, kind);

CREATE TABLE chunks (
  id bigserial PRIMARY KEY,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  ordinal integer NOT NULL,
  heading text,
  content text NOT NULL,
  text_search_config text NOT NULL,
  -- The language's stemmed vector joined with a 'simple' one, so SKUs, names and words in
  -- other languages are found as written too.
  tsv tsvector NOT NULL
);
CREATE INDEX chunks_tsv_idx ON chunks USING gin (tsv);
CREATE INDEX chunks_workspace_idx ON chunks (workspace_id);
CREATE INDEX chunks_document_idx ON chunks (document_id);

-- Conversations -------------------------------------------------------------------------------

CREATE TABLE conversations (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  visitor_id uuid NOT NULL,
  is_playground boolean NOT NULL DEFAULT false,
  locale text,
  -- Set when a valid shopper token bound the conversation to a site user / shop session.
  shopper jsonb,
  turns_used integer NOT NULL DEFAULT 0,
  tokens_used integer NOT NULL DEFAULT 0,
  -- A turn in progress holds the conversation until this time (one turn at a time).
  busy_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz
);
CREATE INDEX conversations_agent_idx ON conversations (agent_id, created_at DESC);
CREATE INDEX conversations_workspace_idx ON conversations (workspace_id, is_playground, created_at DESC);

CREATE TABLE messages (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  blocks jsonb NOT NULL DEFAULT '[]',
  sources jsonb NOT NULL DEFAULT '[]',
  tool_calls jsonb NOT NULL DEFAULT '[]',
  usage jsonb,
  diagnostics jsonb,
  status text NOT NULL DEFAULT 'complete' CHECK (status IN ('complete', 'partial', 'error')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation_idx ON messages (conversation_id, seq);

CREATE TABLE leads (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES conversations(id) ON DELETE SET NULL,
  -- Stored lower-cased: the dedupe key is (agent_id, email).
  email text NOT NULL,
  name text,
  phone text,
  consent jsonb NOT NULL DEFAULT '{}',
  fields jsonb NOT NULL DEFAULT '{}',
  site_user_id bigint,
  site_sync_status text NOT NULL DEFAULT 'pending' CHECK (site_sync_status IN ('pending', 'delivered', 'failed', 'no_site')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agent_id, email)
);

-- Deliveries to sites that must not be lost (leads...). Workers claim rows with SKIP LOCKED.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  site_id uuid REFERENCES sites(id) ON DELETE CASCADE,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;

CREATE TABLE widget_events (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES conversations(id) ON DELETE SET NULL,
  name text NOT NULL,
  at timestamptz NOT NULL,
  props jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX widget_events_agent_idx ON widget_events (workspace_id, agent_id, at);

CREATE TABLE coupon_applies (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  code text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
