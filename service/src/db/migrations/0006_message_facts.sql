-- What a visitor's message gives as facts (email addresses, order numbers), computed once when
-- the message is stored and read back with the history, instead of scanning up to 30 earlier
-- messages again on every turn. NULL for replies, and for messages stored before this column:
-- the runtime computes those on read.
ALTER TABLE messages ADD COLUMN facts jsonb;
