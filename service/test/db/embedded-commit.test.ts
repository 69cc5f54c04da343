import { describe, expect, it } from 'vitest';
import { isEmbedded, openDatabase } from '../../src/db/client.js';
import { createTestApp } from '../helpers/app.js';
import { postgresMissing } from '../helpers/services.js';

/**
 * A turn's start commits without waiting for the disk in PostgreSQL only: in the embedded
 * database such a commit sometimes never returned (PGlite spinning at full CPU in errfinish,
 * about once in twenty evaluation runs), so there it commits as usual. Which one a handle is
 * decides it.
 */
describe('which database a handle is', () => {
  it('the embedded database is told apart', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, { migrate: false });
    try {
      expect(isEmbedded(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  });

  describe('on PostgreSQL', async () => {
    const skip = await postgresMissing();
    it.skipIf(skip)('PostgreSQL is not the embedded database', async () => {
      const t = await createTestApp({ db: 'postgres' });
      try {
        expect(isEmbedded(t.database.db)).toBe(false);
      } finally {
        await t.close();
      }
    });
  });
});
