import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.js';
import { listMigrations } from '../../src/db/migrate.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { accentFoldedWords } from '../../src/modules/knowledge/text-search.js';
import { freshDatabase } from '../helpers/database.js';
import { createShop, indexProducts, type Shop } from '../assistant/helpers/fixtures.js';

let database: Database;
let shop: Shop;

beforeAll(async () => {
  database = await freshDatabase();
  shop = await createShop(database.db);
  await indexProducts(database.db, shop, [
    { wpId: 1, name: 'Déodorant stick Sans Bicarbonate Lavande', description: 'Un déodorant doux pour les peaux sensibles.', price: '9.90', language: 'fr' },
    { wpId: 2, name: 'Crème riche Nuit Étoilée', description: 'Une crème de nuit pour les peaux sèches et matures.', price: '32.00', language: 'fr' },
    { wpId: 3, name: 'Savon d’Alep traditionnel', description: 'Savon à l’huile d’olive et de laurier.', price: '7.50', language: 'fr' },
    { wpId: 4, name: 'Cafetera de goteo Mañana', description: 'Cafetera programable de 12 tazas.', price: '69.00', language: 'es' },
  ]);
});

afterAll(async () => {
  await database.close();
});

const titlesFound = async (query: string, language: string) =>
  (await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query, language, alsoConfigs: ['french', 'spanish'] })).map((hit) => hit.title);

describe('search without accents', () => {
  it('keeps only the words written with accents, without them', () => {
    expect(accentFoldedWords('Crème riche Nuit Étoilée, 50 ml')).toBe('Creme Etoilee,');
    // "à" without its accent is "a", which a French stemmer keeps and an English question has.
    expect(accentFoldedWords("Savon à l’argile où l'été")).toBe("l'ete");
    expect(accentFoldedWords('plain words only')).toBe('');
    // Other scripts have no accents to take off: nothing is indexed twice.
    expect(accentFoldedWords('Шампунь 250 мл')).toBe('');
    // A vowel sign of Devanagari or a vowel mark of Arabic is part of the word, not an accent.
    expect(accentFoldedWords('साबुन और तेल')).toBe('');
    expect(accentFoldedWords('صَابُون')).toBe('');
  });

  it('finds words written with accents when the visitor types them without', async () => {
    // The stemmers keep these accents: "déodorant" is "déodor", "deodorant" "deodor".
    expect(await titlesFound('un deodorant ?', 'fr')).toEqual(['Déodorant stick Sans Bicarbonate Lavande']);
    expect(await titlesFound('la etoilee', 'fr')).toEqual(['Crème riche Nuit Étoilée']);
    expect(await titlesFound('la cafetera manana', 'es')).toEqual(['Cafetera de goteo Mañana']);
    // ...and still as written, by a visitor of any language.
    expect(await titlesFound('Déodorant', 'en')).toEqual(['Déodorant stick Sans Bicarbonate Lavande']);
  });

  it('counts a word as written once: an accent-free word is not indexed twice', async () => {
    // "riche" is in the name (the title, and the first line of the text): two places, stemmed.
    const [row] = await queryRows<{ positions: number }>(
      database.db,
      sql`SELECT sum(array_length(u.positions, 1))::int AS positions
            FROM chunks c, unnest(c.tsv) AS u(lexeme, positions, weights)
           WHERE c.workspace_id = ${shop.workspaceId} AND u.lexeme = 'rich' AND c.content LIKE 'Crème%'`,
    );
    expect(row?.positions).toBe(2);
  });

  it('gives the chunks indexed before the same words, by migration', async () => {
    const indexed = () =>
      queryRows<{ id: number; tsv: string }>(database.db, sql`SELECT id, tsv::text AS tsv FROM chunks WHERE workspace_id = ${shop.workspaceId} ORDER BY id`);
    const asIndexedNow = await indexed();
    // The index as it was written before: the words as written only.
    await database.exec(`UPDATE chunks c SET tsv = setweight(to_tsvector(c.text_search_config::regconfig, d.title || ' ' || coalesce(c.heading, '')), 'A')
        || to_tsvector(c.text_search_config::regconfig, c.content)
        || setweight(to_tsvector('simple', d.title || ' ' || coalesce(c.heading, '')), 'B') || setweight(to_tsvector('simple', c.content), 'D')
      FROM documents d WHERE d.id = c.document_id AND c.workspace_id = '${shop.workspaceId}'`);
    expect(await titlesFound('un deodorant ?', 'fr')).toEqual([]);
    const migration = listMigrations().find((m) => m.name === '0015_search_without_accents.sql');
    await database.exec(migration?.sql ?? 'SELECT missing_migration()');
    expect(await titlesFound('un deodorant ?', 'fr')).toEqual(['Déodorant stick Sans Bicarbonate Lavande']);
    // Word for word what the indexer writes today.
    expect(await indexed()).toEqual(asIndexedNow);
  });
});
