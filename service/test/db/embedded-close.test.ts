import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';

/**
 * Closing the embedded database while statements are in flight (one waiting for its loop turn,
 * an ANALYZE nobody awaits) left them to a closed PGlite, which fails them or, as
 * electric-sql/pglite#1058 reports, spins forever at full CPU. Closing waits for them.
 */
describe('closing the embedded database', () => {
  it('answers the statements in flight first, and refuses new ones', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrate: false });
    await database.db.execute(sql`SELECT 1`);
    // Started (a drizzle query runs when it is awaited or `then`-ed), not yet answered.
    const inFlight = [
      database.db.execute(sql`SELECT count(*) AS n FROM generate_series(1, 20000)`).then((result) => result),
      database.db.transaction(async (tx) => tx.execute(sql`SELECT 2 AS two`)).then((result) => result),
    ];
    const closed = database.close();
    const late = database.db.execute(sql`SELECT 3`).then(
      () => 'answered',
      (error: Error) => String(error.cause ?? error),
    );
    await closed;
    const settled = await Promise.allSettled(inFlight);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await late).toContain('closing');
  });
});
