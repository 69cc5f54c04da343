import type { Db } from '../../db/client.js';

/**
 * Search prunes words that most chunks contain, reading word frequencies from the planner's
 * statistics (see commonLexemes). PostgreSQL's autovacuum keeps those fresh; the embedded
 * database has no autovacuum, so the index refreshes them itself after enough changes.
 */
const CHANGES_BEFORE_ANALYZE = 500;
const pending = new WeakMap<Db, { changes: number; running: boolean }>();

export function noteIndexChanges(db: Db, changes: number, onError: (error: unknown) => void): void {
  if (changes <= 0) return;
  const state = pending.get(db) ?? { changes: 0, running: false };
  pending.set(db, state);
  state.changes += changes;
  if (state.running || state.changes < CHANGES_BEFORE_ANALYZE) return;
  state.running = true;
  state.changes = 0;
  // After the batch's commit, outside any request's transaction; a failure only delays pruning.
  void db
    .execute('ANALYZE chunks')
    .catch(onError)
    .finally(() => {
      state.running = false;
    });
}
