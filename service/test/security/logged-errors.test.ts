import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { safeErrorMessage } from '../../src/lib/safe-errors.js';
import { toolErrorForModel } from '../../src/modules/assistant/model-turn.js';
import { InvalidToolInputError } from 'ai';
import { appTest } from '../helpers/fixtures.js';
import { init, widgetPost } from '../helpers/widget.js';

/**
 * A failed database query must not write the values it carried into the log: a lead's email,
 * name and phone, a visitor's message. Drizzle puts them in its error's message and `params`,
 * PGlite in `params`, PostgreSQL in `detail` and in the message of a data exception. The real
 * app logs into a captured stream; the queries really fail, on the suite's database.
 */

const EMAIL = 'ana.private@leak.example';
const NAME = 'Ana Privatename';
const PHONE = '+49 30 555 0199';

/** What the app logs (at info), line by line. */
const lines: string[] = [];
const logged = () => lines.join('');
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

const it = appTest({ config: { logLevel: 'info' }, logger: { stream } });

const expectNoValues = (text: string) => {
  for (const value of [EMAIL, 'ana.private', 'leak.example', 'Privatename', '555 0199']) expect(text, `the log holds ${value}`).not.toContain(value);
};

describe('logged database errors carry no query values', () => {
  it('a lead whose insert fails: 500, logged with the query and the constraint, not the lead', async ({ service, shop }) => {
    // A constraint the lead breaks, so that its INSERT fails with the lead's values as parameters.
    await service.database.db.execute(sql.raw(`ALTER TABLE leads ADD CONSTRAINT leads_refuse_probe CHECK (email NOT LIKE '%@leak.example')`));
    try {
      const session = (await init(service.app, { agent_id: shop.agentId }, undefined, {}, '198.51.100.40')).json();
      lines.length = 0;
      const response = await widgetPost(service.app, '/v1/widget/leads', session.token, { email: EMAIL, name: NAME, phone: PHONE });
      expect(response.statusCode).toBe(500);
      const line = lines.find((l) => l.includes('"request failed"'));
      expect(line, 'the failure was logged').toBeDefined();
      expect(line).toContain(response.headers['x-request-id']);
      // What an operator needs is there...
      expect(line).toContain('Failed query: INSERT INTO leads');
      expect(line).toContain('leads_refuse_probe');
      // ...and none of what the visitor typed.
      expectNoValues(logged());
    } finally {
      await service.database.db.execute(sql.raw('ALTER TABLE leads DROP CONSTRAINT leads_refuse_probe'));
    }
  });

  it('a value the database cannot take (a data exception quotes it): logged without it', async ({ service }) => {
    lines.length = 0;
    const error = await service.database.db.execute(sql`SELECT ${EMAIL}::uuid AS id`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // Unscrubbed, the error holds the value twice: in drizzle's message and in PostgreSQL's.
    expect(String((error as Error).message)).toContain(EMAIL);
    service.app.log.error({ err: error }, 'lookup failed');
    expect(logged()).toContain('invalid input syntax for type uuid');
    expectNoValues(logged());
    expect(safeErrorMessage(error)).toBe('Failed query: SELECT $1::uuid AS id');
  });

  it('the driver\'s own errors: parameters and PostgreSQL\'s detail ("Key (email)=(...)") are left out', async ({ service }) => {
    lines.length = 0;
    const error = await service.database
      .withMigrationLock(async (exec, query) => {
        await exec('CREATE TEMP TABLE leak_probe (email text PRIMARY KEY, name text)');
        await query('INSERT INTO leak_probe VALUES ($1, $2)', [EMAIL, NAME]);
        await query('INSERT INTO leak_probe VALUES ($1, $2)', [EMAIL, NAME]);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify({ ...(error as object) })).toContain(EMAIL);
    service.app.log.warn({ err: error }, 'probe failed');
    service.app.log.error(error as Error);
    expect(logged()).toContain('duplicate key value violates unique constraint');
    expect(logged()).toContain('23505');
    expectNoValues(logged());
  });

  it('other errors are logged as before', async ({ service }) => {
    lines.length = 0;
    const cause = new Error(`connect ECONNREFUSED 127.0.0.1:9`);
    service.app.log.error({ err: new Error('the site could not be reached', { cause }) }, 'delivery failed');
    const entry = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    expect(entry.err.type).toBe('Error');
    expect(entry.err.message).toBe('the site could not be reached: connect ECONNREFUSED 127.0.0.1:9');
    expect(entry.err.stack).toContain('caused by: Error: connect ECONNREFUSED');
  });

  it("a tool's database failure reaches the model (and the Playground's tool call) as a plain failure, without the query or its values", async ({
    service,
  }) => {
    const error = await service.database.db.execute(sql`SELECT ${EMAIL}::uuid AS id`).catch((e: unknown) => e);
    const told = toolErrorForModel(error);
    expectNoValues(told);
    expect(told).not.toContain('Failed query');
    expect(told).toContain('failed');
    // Our own errors and the model's own argument mistakes still say what happened.
    expect(toolErrorForModel(new AppError('site_unreachable', 'The store could not be reached'))).toBe('The store could not be reached');
    const invalid = new InvalidToolInputError({ toolName: 'lookup_order', toolInput: '{"order_number":7}', cause: new Error('expected string') });
    expect(toolErrorForModel(invalid)).toContain('Invalid input for tool lookup_order');
  });
});
