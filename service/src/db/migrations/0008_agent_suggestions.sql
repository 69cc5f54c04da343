-- The questions an agent's widget home screen suggests, in the owner's words (up to four are
-- shown). Empty: the site type's sample questions.
ALTER TABLE agents ADD COLUMN suggestions text[] NOT NULL DEFAULT '{}';
