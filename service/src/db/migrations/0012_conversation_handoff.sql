-- A person from the store's team can take a conversation over from the assistant
-- (modules/conversations/handoff.ts owns these columns and every change of them).
--   bot -> waiting_for_human -> human -> resolved, and back to bot when the team hands back or
--   the conversation stays idle. The assistant never answers while the state is
--   waiting_for_human or human.
ALTER TABLE conversations
  ADD COLUMN handoff_state text NOT NULL DEFAULT 'bot'
    CHECK (handoff_state IN ('bot', 'waiting_for_human', 'human', 'resolved')),
  -- The member holding the conversation; a removed user leaves it unassigned.
  ADD COLUMN assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN state_changed_at timestamptz,
  -- The latest request for a person, the first reply of the team after it, and the resolution:
  -- what the handoff analytics measure.
  ADD COLUMN handoff_requested_at timestamptz,
  ADD COLUMN first_human_reply_at timestamptz,
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by text CHECK (resolved_by IN ('bot', 'human')),
  -- When the team was emailed about this request waiting (conversations/waiting-alerts.ts): once per request.
  ADD COLUMN waiting_alerted_at timestamptz;
-- Spec 1.3: a Playground conversation is a test; nobody is ever handed one.
ALTER TABLE conversations ADD CONSTRAINT conversations_playground_never_handed_off
  CHECK (NOT is_playground OR (handoff_state = 'bot' AND assignee_id IS NULL));
CREATE INDEX conversations_handoff_idx ON conversations (workspace_id, handoff_state, state_changed_at DESC) WHERE NOT is_playground;

-- A reply written by a member of the team: role 'team', with its author.
ALTER TABLE messages DROP CONSTRAINT messages_role_check;
ALTER TABLE messages ADD CONSTRAINT messages_role_check CHECK (role IN ('user', 'assistant', 'team'));
ALTER TABLE messages ADD COLUMN author_id uuid REFERENCES users(id) ON DELETE SET NULL;
-- The widget's live channel reads a conversation's messages after a cursor (its seq).
CREATE INDEX messages_team_idx ON messages (conversation_id, seq) WHERE role = 'team';

-- Everything that happened to a conversation's handoff, in order: each state change (with what
-- triggered it), assignments, requests nobody was available for, and the team's internal notes,
-- which visitors never see.
CREATE TABLE conversation_events (
  id bigserial PRIMARY KEY,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('transition', 'assigned', 'unassigned', 'unavailable', 'note')),
  from_state text,
  to_state text,
  trigger text,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  assignee_id uuid REFERENCES users(id) ON DELETE SET NULL,
  body text CHECK (body IS NULL OR length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'transition' OR (from_state IS NOT NULL AND to_state IS NOT NULL AND trigger IS NOT NULL)),
  CHECK (kind <> 'note' OR body IS NOT NULL)
);
CREATE INDEX conversation_events_conversation_idx ON conversation_events (conversation_id, id);
CREATE INDEX conversation_events_workspace_idx ON conversation_events (workspace_id, created_at DESC);
