import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/client.js';
import { LATIN_ACCENTED, LATIN_PLAIN, TITLE_WITHOUT_ACCENTS, withoutAccents } from '../../src/modules/knowledge/accents.js';
import { freshDatabase } from '../helpers/database.js';

let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('names compared without accents', () => {
  it('takes the accents off Latin letters in any case, and leaves other scripts as written', () => {
    expect(withoutAccents('Kōbō MAÑANA Gipfelstürmer Łódź Crème')).toBe('kobo manana gipfelsturmer lodz creme');
    expect(withoutAccents('Чайник 電気ケトル مصباح')).toBe('чайник 電気ケトル مصباح');
    expect([...LATIN_ACCENTED].length).toBe(LATIN_PLAIN.length);
  });

  it('folds a name in the database exactly as here', async () => {
    const title = 'Cuchillo de chef KŌBŌ Ñandú Øresund Şiş Ţară';
    const [row] = await queryRows<{ plain: string }>(database.db, sql`SELECT ${TITLE_WITHOUT_ACCENTS} AS plain FROM (SELECT ${title}::text AS title) d`);
    expect(row?.plain).toBe(withoutAccents(title));
  });

  it('is the expression migration 0014 indexes, letter for letter', () => {
    const migration = readFileSync(new URL('../../src/db/migrations/0014_product_names_without_accents.sql', import.meta.url), 'utf8');
    expect(migration).toContain(`translate(lower(title), '${LATIN_ACCENTED}', '${LATIN_PLAIN}')`);
  });
});
