-- A visitor's verdict on one assistant answer: thumbs up or down with an optional reason. One row
-- per answer (the visitor may change their mind; the latest verdict counts), scoped to the
-- workspace and the agent so that the inbox, analytics and the gaps page read it without joins
-- through conversations. Playground answers never get a row: the widget routes refuse them.
CREATE TABLE message_feedback (
  message_id uuid PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  agent_id uuid NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  rating text NOT NULL CHECK (rating IN ('up', 'down')),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_feedback_agent_idx ON message_feedback (workspace_id, agent_id, created_at DESC);
CREATE INDEX message_feedback_conversation_idx ON message_feedback (conversation_id);
