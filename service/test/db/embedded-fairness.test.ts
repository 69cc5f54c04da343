import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';

/**
 * The embedded database executes each statement synchronously in this thread. Without a turn of
 * the event loop between statements, a request's run of statements (a turn, a sync batch) would
 * keep every other request from being read until it ends: /healthz stalled behind hostile turns.
 * Counted here: how often a waiting macrotask (as an incoming request is) gets to run while a
 * sequence of statements, alone and inside a transaction, is executed.
 */
describe('the embedded database lets the event loop turn between statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrate: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work();
    running = false;
    return turns;
  }

  const STATEMENTS = 30;

  it('between statements', async () => {
    const turns = await loopTurnsDuring(async () => {
      for (let i = 0; i < STATEMENTS; i++) await database.db.execute(sql`SELECT ${i}::int AS n`);
    });
    expect(turns).toBeGreaterThanOrEqual(STATEMENTS - 1);
  });

  it('between the statements of a transaction', async () => {
    const turns = await loopTurnsDuring(() =>
      database.db.transaction(async (tx) => {
        for (let i = 0; i < STATEMENTS; i++) await tx.execute(sql`SELECT ${i}::int AS n`);
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(STATEMENTS - 1);
  });

  it('results and errors are unchanged', async () => {
    const result = await database.db.execute(sql`SELECT 41 + 1 AS answer`);
    expect((result as unknown as { rows: { answer: number }[] }).rows[0]?.answer).toBe(42);
    await expect(database.db.execute(sql`SELECT * FROM no_such_table`)).rejects.toThrow(/no_such_table/);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE fairness_probe (n int)`);
        await tx.execute(sql`INSERT INTO fairness_probe VALUES (1)`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await expect(database.db.execute(sql`SELECT * FROM fairness_probe`)).rejects.toThrow(/fairness_probe/);
  });
});
