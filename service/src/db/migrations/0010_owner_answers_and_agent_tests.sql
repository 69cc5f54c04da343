-- Answers the owner writes: a workspace's own questions and answers, indexed in the same
-- documents and chunks as synced content (kind 'snippet', no site), so that search ranks both
-- together. The snippet row is what the owner edits; its document is rebuilt from it on every
-- write and deleted with it.
CREATE TABLE knowledge_snippets (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  questions text[] NOT NULL CHECK (cardinality(questions) BETWEEN 1 AND 20),
  answer text NOT NULL CHECK (length(answer) BETWEEN 1 AND 20000),
  languages text[] NOT NULL DEFAULT '{}',
  -- Empty: every agent of the workspace.
  agent_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX knowledge_snippets_workspace_idx ON knowledge_snippets (workspace_id, updated_at DESC);

ALTER TABLE documents ALTER COLUMN site_id DROP NOT NULL;
ALTER TABLE documents ADD COLUMN snippet_id uuid REFERENCES knowledge_snippets(id) ON DELETE CASCADE;
ALTER TABLE documents DROP CONSTRAINT documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('post', 'product', 'snippet'));
-- A synced document belongs to a site, an owner's answer to its snippet: never both, never neither.
ALTER TABLE documents ADD CONSTRAINT documents_source_check CHECK (
  (kind = 'snippet' AND snippet_id IS NOT NULL AND site_id IS NULL) OR (kind <> 'snippet' AND site_id IS NOT NULL AND snippet_id IS NULL));
CREATE UNIQUE INDEX documents_snippet_idx ON documents (snippet_id) WHERE snippet_id IS NOT NULL;

-- What an answer achieved, recorded with it by the runtime (assistant/outcome.ts): which kind of
-- source answered, and whether it was a gap (low confidence, abstained, escalated). The gaps
-- page and the answer-quality analytics read this instead of parsing texts. NULL for visitor
-- messages and for answers stored before this column.
ALTER TABLE messages ADD COLUMN outcome jsonb;
CREATE INDEX messages_gaps_idx ON messages (workspace_id, created_at DESC) WHERE role = 'assistant' AND (outcome->>'gap') = 'true';

-- A regression suite per agent: saved questions with what a good answer cites or says.
CREATE TABLE agent_tests (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  question text NOT NULL CHECK (length(question) BETWEEN 1 AND 4000),
  expected_sources text[] NOT NULL DEFAULT '{}',
  fact_pattern text CHECK (fact_pattern IS NULL OR length(fact_pattern) <= 500),
  page_context jsonb,
  site_type text,
  language text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_tests_agent_idx ON agent_tests (workspace_id, agent_id, created_at);

-- Each run of a suite, with every test's result and the difference from the run before.
CREATE TABLE agent_test_runs (
  id uuid PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'cli', 'sync', 'agent_edit', 'answers')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  total integer NOT NULL DEFAULT 0,
  passed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  results jsonb NOT NULL DEFAULT '[]',
  diff jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX agent_test_runs_agent_idx ON agent_test_runs (workspace_id, agent_id, started_at DESC);
