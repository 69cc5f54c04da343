import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { documents, sites } from '../../src/db/schema.js';
import { AppError } from '../../src/lib/errors.js';
import { parseInput } from '../../src/lib/validate.js';
import { MAX_SYNC_ITEMS, postsSyncBody, productsSyncBody } from '../../src/modules/integration/schemas.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';

/**
 * The sync batch validator, fed valid batches with known faults planted in them. A batch is
 * accepted whole or refused whole; a refusal names every faulty item as `items.<i>.<field>` and
 * nothing else, and through the real route it is a 4xx that leaves the index as it was.
 */

type Kind = 'posts' | 'products';
type Json = unknown;

/** A fault planted in one item: what to do to it, and the field the refusal must name. */
interface Fault {
  name: string;
  /** Relative to `items.<i>`; '' when the whole item is replaced. */
  field: string;
  apply: (item: Record<string, Json>) => Json;
}

const set = (field: string, value: Json): Fault => ({
  name: `${field}=${JSON.stringify(value)?.slice(0, 40)}`,
  field,
  apply: (item) => ({ ...item, [field]: value }),
});
const drop = (field: string): Fault => ({
  name: `no ${field}`,
  field,
  apply: (item) => {
    const copy = { ...item };
    delete copy[field];
    return copy;
  },
});
const nested = (field: string, path: string, value: Json): Fault => ({
  name: `${field}.${path}=${JSON.stringify(value)}`,
  field: `${field}.${path}`,
  apply: (item) => ({ ...item, [field]: { ...(item[field] as Record<string, Json>), [path]: value } }),
});
const whole = (value: Json, field = ''): Fault => ({ name: `item=${JSON.stringify(value)}`, field, apply: () => value });

const HOSTILE_URLS = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/relative/path',
  '//cdn.example/x',
  'ftp://shop.example/x',
  'https://',
  'not a url',
  `https://shop.example/${'a'.repeat(2048)}`,
  'https://shop.example/\u0000',
];

const COMMON_FAULTS: Fault[] = [
  ...[0, -5, 1.5, '12', null, 2 ** 53, 1e300, true].map((v) => set('wp_id', v)),
  drop('wp_id'),
  drop('permalink'),
  ...HOSTILE_URLS.map((url) => set('permalink', url)),
  set('permalink', 42),
  set('content_hash', 'h'.repeat(129)),
  set('content_hash', 'h\u0000'),
  set('modified_at', 'yesterday'),
  set('modified_at', 12345),
  set('language', 'english!'),
  set('language', 'e'),
  set('language', `en-${'x'.repeat(40)}`),
  set('deleted', 'yes'),
  set('deleted', 1),
  whole(null),
  whole(7),
  whole('item'),
  whole([]),
  whole({}),
  whole({ deleted: true }, 'wp_id'),
  whole({ wp_id: 'x', deleted: true }, 'wp_id'),
  whole({ wp_id: -1, deleted: true }, 'wp_id'),
];

const POST_FAULTS: Fault[] = [
  ...COMMON_FAULTS,
  drop('content_hash'),
  set('content_hash', ''),
  set('post_type', ''),
  set('post_type', 'x'.repeat(65)),
  set('post_type', 7),
  set('post_type', 'page\u0000'),
  drop('post_type'),
  drop('title'),
  set('title', 42),
  set('title', null),
  set('title', 'x'.repeat(1001)),
  set('title', 'a\u0000b'),
  set('content_html', 12),
  set('content_html', ['<p>']),
  set('excerpt', 5),
  set('excerpt', 'x'.repeat(20_001)),
  set('excerpt', 'about\u0000'),
  set('taxonomy_terms', 'news'),
  set(
    'taxonomy_terms',
    Array.from({ length: 201 }, (_, i) => ({ taxonomy: 'tag', slug: `t${i}`, name: `T${i}` })),
  ),
  { ...set('taxonomy_terms', [{ taxonomy: 1, slug: 's', name: 'n' }]), field: 'taxonomy_terms.0.taxonomy' },
  { ...set('taxonomy_terms', [{ taxonomy: 'tag', slug: 's', name: 'n\u0000' }]), field: 'taxonomy_terms.0.name' },
];

const PRODUCT_FAULTS: Fault[] = [
  ...COMMON_FAULTS,
  set('content_hash', ''),
  drop('name'),
  set('name', ''),
  set('name', 'x'.repeat(1001)),
  set('name', 'Shoe\u0000'),
  ...HOSTILE_URLS.map((url) => set('image_url', url)),
  set('description_html', 5),
  set('short_description_html', 'x'.repeat(100_001)),
  drop('pricing'),
  set('pricing', '17.90'),
  ...['eur', 'EURO', '€', 7].map((v) => nested('pricing', 'currency', v)),
  ...['19,90', 19.9, '-1', '1e3', ' 19.90', '', '1.1234567', '0x10'].map((v) => nested('pricing', 'price', v)),
  nested('pricing', 'regular_price', 'abc'),
  nested('pricing', 'sale_price', 17.9),
  drop('stock_status'),
  set('stock_status', 'in stock'),
  set('stock_status', 'INSTOCK'),
  set('stock_quantity', 1.5),
  set('stock_quantity', '3'),
  set('on_sale', 'yes'),
  set('sale_ends_at', 'soon'),
  set('sku', 'x'.repeat(201)),
  set('sku', 12),
  set('sku', 'SKU\u0000'),
  set(
    'categories',
    Array.from({ length: 101 }, (_, i) => ({ id: i, slug: `c${i}`, name: `C${i}` })),
  ),
  { ...set('categories', [{ id: 'x', slug: 's', name: 'n' }]), field: 'categories.0.id' },
  { ...set('attributes', [{ name: 'Size', options: 'XL' }]), field: 'attributes.0.options' },
  { ...set('attributes', [{ name: 'Size', options: ['X\u0000L'] }]), field: 'attributes.0.options.0' },
];

const FAULTS: Record<Kind, Fault[]> = { posts: POST_FAULTS, products: PRODUCT_FAULTS };

/** Text as sites write it: any code point but NUL, markup, entities, scripts of the world. */
const text = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ unit: 'binary', maxLength }),
      fc.string({ unit: 'grapheme', maxLength }),
      fc.constantFrom('<script>alert(1)</script>', '"><svg onload=alert(1)>', '&lt;b&gt;', 'مرحبا', '日本語', '🙂👍🏽'),
    )
    .map((s) => s.replaceAll('\u0000', ''));
const webUrl = fc
  .webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true })
  .filter((url) => url.length <= 2048 && URL.canParse(url));
const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
const money = fc.stringMatching(/^\d{1,6}(\.\d{1,2})?$/);
const slugged = fc.stringMatching(/^[a-z0-9-]{1,20}$/);

/** Built once: constructing these arbitraries (URLs above all) costs far more than drawing from them. */
const validPost = fc
  .record(
    {
      post_type: fc.constantFrom('post', 'page', 'docs'),
      permalink: webUrl,
      title: text(80),
      content_html: text(400),
      excerpt: fc.option(text(100), { nil: null }),
      content_hash: fc.stringMatching(/^[a-f0-9]{1,64}$/),
      modified_at: fc.option(isoDate, { nil: null }),
      language: fc.option(fc.constantFrom('en', 'en-US', 'de', 'pt_BR', 'zh-Hant-TW', 'ar'), { nil: null }),
      taxonomy_terms: fc.array(fc.record({ taxonomy: slugged, slug: slugged, name: text(30) }), { maxLength: 3 }),
      unknown_field: fc.jsonValue({ maxDepth: 2 }).filter((v) => !JSON.stringify(v).includes('\\u0000')),
    },
    { requiredKeys: [] },
  )
  .map((overrides) => ({ ...post(1), ...overrides }) as Record<string, Json>);

const validProduct = fc
  .record(
    {
      sku: fc.option(text(40), { nil: null }),
      name: text(80).filter((name) => name.length > 0),
      permalink: webUrl,
      image_url: fc.option(webUrl, { nil: null }),
      description_html: text(400),
      short_description_html: text(100),
      pricing: fc.record(
        {
          currency: fc.constantFrom('EUR', 'USD', 'JPY'),
          price: money,
          regular_price: fc.option(money, { nil: null }),
          sale_price: fc.option(money, { nil: null }),
        },
        { requiredKeys: ['currency', 'price'] },
      ),
      stock_status: fc.constantFrom('instock', 'outofstock', 'onbackorder'),
      stock_quantity: fc.option(fc.integer({ min: -1000, max: 1_000_000 }), { nil: null }),
      on_sale: fc.boolean(),
      sale_ends_at: fc.option(isoDate, { nil: null }),
      categories: fc.array(fc.record({ id: fc.integer(), slug: slugged, name: text(30) }), { maxLength: 3 }),
      attributes: fc.array(fc.record({ name: text(20), options: fc.array(text(10), { maxLength: 4 }) }), { maxLength: 3 }),
      content_hash: fc.option(fc.stringMatching(/^[a-f0-9]{1,64}$/), { nil: null }),
      language: fc.option(fc.constantFrom('en', 'de-DE', 'fr'), { nil: null }),
    },
    { requiredKeys: [] },
  )
  .map((overrides) => ({ ...product(1), ...overrides }) as Record<string, Json>);

interface Batch {
  items: Json[];
  /** Index → field each faulty item must be refused for. */
  faults: Map<number, Fault>;
  /** Indices whose wp_id repeats an earlier item's. */
  duplicates: Set<number>;
}

/** 1..8 valid items (full or removals, unique ids), then faults and repeated ids planted at random. */
function batches(kind: Kind): fc.Arbitrary<Batch> {
  const full = kind === 'posts' ? validPost : validProduct;
  const MAX = 8;
  return fc
    .record({
      ids: fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: MAX }),
      items: fc.array(fc.oneof({ weight: 5, arbitrary: full }, { weight: 1, arbitrary: fc.constant({ deleted: true }) }), { minLength: MAX, maxLength: MAX }),
      spares: fc.array(full, { minLength: MAX, maxLength: MAX }),
      planted: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FAULTS[kind])), { maxLength: 3 }),
      repeat: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
    })
    .map(({ ids, items, spares, planted, repeat }) => {
      const out: Json[] = ids.map((id, i) => ({ ...items[i], wp_id: id }));
      const faults = new Map<number, Fault>();
      for (const [at, fault] of planted) {
        const i = at % out.length;
        if (faults.has(i)) continue;
        // Faults are planted in full items, so that each one is a fault and not an ignored field of a removal.
        out[i] = fault.apply({ ...spares[i], wp_id: ids[i] });
        faults.set(i, fault);
      }
      const duplicates = new Set<number>();
      if (repeat && out.length > 1) {
        const [a, b] = [repeat[0] % out.length, repeat[1] % out.length].sort((x, y) => x - y) as [number, number];
        if (a !== b && !faults.has(a) && !faults.has(b)) {
          out[b] = { ...(out[b] as Record<string, Json>), wp_id: ids[a] };
          duplicates.add(b);
        }
      }
      return { items: out, faults, duplicates };
    });
}

const ITEM_KEY = /^items\.(\d+)(?:\.(.+))?$/;

/** Checks a refusal's `errors` against the planted faults; returns nothing, fails on any disagreement. */
function expectRefusalNamesTheFaults(errors: Record<string, string[]>, batch: Batch): void {
  const indices = new Set<number>();
  for (const [key, messages] of Object.entries(errors)) {
    const match = ITEM_KEY.exec(key);
    expect(match, `error key ${key}`).not.toBeNull();
    const index = Number(match![1]);
    expect(index).toBeLessThan(batch.items.length);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(typeof message).toBe('string');
    indices.add(index);
  }
  if (batch.faults.size > 0) {
    for (const [index, fault] of batch.faults) {
      expect(indices.has(index), `item ${index} (${fault.name}) is named`).toBe(true);
      const prefix = fault.field ? `items.${index}.${fault.field}` : `items.${index}`;
      const named = Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
      expect(named, `${prefix} (${fault.name}) in ${Object.keys(errors).join(', ')}`).toBe(true);
    }
    // Nothing valid is blamed: only faulty items and repeated ids.
    for (const index of indices) expect(batch.faults.has(index) || batch.duplicates.has(index), `item ${index} blamed`).toBe(true);
  } else {
    expect(Object.keys(errors).sort()).toEqual([...batch.duplicates].map((i) => `items.${i}.wp_id`).sort());
  }
}

const schemaOf = { posts: postsSyncBody, products: productsSyncBody } as const;

function validate(kind: Kind, body: unknown): { ok: true; count: number } | { ok: false; errors: Record<string, string[]> } {
  try {
    return { ok: true, count: parseInput(schemaOf[kind], body).items.length };
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') return { ok: false, errors: error.errors };
    throw error;
  }
}

describe('sync batch validator', () => {
  for (const kind of ['posts', 'products'] as const) {
    it(`${kind}: accepts a batch whole exactly when nothing is wrong, else names every faulty item and only those`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(batches(kind), (batch) => {
          const result = validate(kind, { items: batch.items });
          const clean = batch.faults.size === 0 && batch.duplicates.size === 0;
          expect(result.ok).toBe(clean);
          if (result.ok) {
            accepted += 1;
            expect(result.count).toBe(batch.items.length);
          } else {
            expectRefusalNamesTheFaults(result.errors, batch);
          }
        }),
        { numRuns: 300 },
      );
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it('refuses bodies that are not a batch at the batch level, never blaming an item', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v) || !('items' in v)),
          fc.record({
            items: fc.oneof(
              fc.constant([]),
              fc.jsonValue({ maxDepth: 2 }).filter((v) => !Array.isArray(v)),
            ),
          }),
          fc.constant({ items: Array.from({ length: MAX_SYNC_ITEMS + 1 }, (_, i) => post(i + 1)) }),
        ),
        fc.constantFrom<Kind>('posts', 'products'),
        (body, kind) => {
          const result = validate(kind, body);
          expect(result.ok).toBe(false);
          if (!result.ok) for (const key of Object.keys(result.errors)) expect(key === '_' || key === 'items').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const faultsTest = appTest({
  limits: { integrationPerToken: 1e6 },
  prepare: async (service, shop) => {
    const handshake = await handshakeRequest(service.app, shop.token);
    expect(handshake.statusCode).toBe(200);
    const [site] = await service.database.db.select({ id: sites.id }).from(sites).where(eq(sites.workspaceId, shop.workspaceId));
    return { siteId: site!.id };
  },
});

describe('sync routes with planted faults', () => {
  /** Everything a sync can write, as one comparable value. */
  async function indexState(t: TestApp, siteId: string) {
    const [row] = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM documents) AS documents, (SELECT count(*) FROM chunks) AS chunks,
                 (SELECT md5(coalesce(string_agg(id::text || kind || wp_id || title || permalink || content_hash || data::text, '|' ORDER BY id), '')) FROM documents) AS digest,
                 (SELECT md5(coalesce(string_agg(content, '|' ORDER BY id), '')) FROM chunks) AS chunk_digest,
                 (SELECT last_sync_at::text FROM sites WHERE id = ${siteId}) AS last_sync_at`,
    );
    return row!;
  }

  async function lastSyncErrors(t: TestApp, siteId: string): Promise<{ kind: string; errors: Record<string, string[]> }[]> {
    const [site] = await t.database.db.select({ errors: sites.lastSyncErrors }).from(sites).where(eq(sites.id, siteId));
    return site!.errors;
  }

  for (const kind of ['posts', 'products'] as const) {
    faultsTest(
      `${kind}: never 5xx; a refused batch writes nothing, an accepted one lands whole`,
      async ({ service, shop, prepared: { siteId } }) => {
        const seen = { accepted: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(batches(kind), async (batch) => {
            const before = await indexState(service, siteId);
            const response = await signedSync(service.app, shop.token, kind, { items: batch.items });
            expect(response.statusCode).toBeLessThan(500);
            const clean = batch.faults.size === 0 && batch.duplicates.size === 0;
            if (clean) {
              seen.accepted += 1;
              expect(response.statusCode, response.body).toBe(200);
              const body = response.json();
              expect(body.received).toBe(batch.items.length);
              expect(body.results.map((r: { wp_id: number }) => r.wp_id)).toEqual(batch.items.map((item) => (item as { wp_id: number }).wp_id));
              expect(body.created + body.updated + body.unchanged + body.deleted).toBe(batch.items.length);
              // Every item of it is in the index as it said: full items stored, removals gone.
              const stored = await service.database.db
                .select({ wpId: documents.wpId })
                .from(documents)
                .where(and(eq(documents.siteId, siteId), eq(documents.kind, kind === 'posts' ? 'post' : 'product')));
              const present = new Set(stored.map((row) => row.wpId));
              for (const item of batch.items as { wp_id: number; deleted?: boolean }[])
                expect(present.has(item.wp_id), `wp_id ${item.wp_id}`).toBe(item.deleted !== true);
            } else {
              seen.refused += 1;
              expect(response.statusCode, response.body).toBe(400);
              const envelope = response.json();
              expect(envelope).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
              expectRefusalNamesTheFaults(envelope.errors, batch);
              expect(await indexState(service, siteId)).toEqual(before);
              // The refusal is kept for the Sites page, with the same addresses.
              const [latest] = await lastSyncErrors(service, siteId);
              expect(latest).toMatchObject({ kind: kind === 'posts' ? 'post' : 'product', errors: envelope.errors });
            }
          }),
          { numRuns: 60 },
        );
        expect(seen.accepted).toBeGreaterThan(0);
        expect(seen.refused).toBeGreaterThan(0);
      },
      60_000,
    );
  }

  faultsTest(
    'refuses malformed bodies, odd JSON and prototype keys with a 4xx envelope and no write',
    async ({ service, shop, prepared: { siteId } }) => {
      const deep = `{"items":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
      const cases: [string, string][] = [
        ['empty', ''],
        ['whitespace', '  \n'],
        ['truncated', '{"items":[{"wp_id":1'],
        ['not an object', '[1,2,3]'],
        ['a string', '"items"'],
        ['no items', '{}'],
        ['empty batch', '{"items":[]}'],
        ['too many', JSON.stringify({ items: Array.from({ length: MAX_SYNC_ITEMS + 1 }, (_, i) => post(i + 1)) })],
        ['nested deep', deep],
        ['huge number', '{"items":[{"wp_id":1e400,"deleted":true}]}'],
        ['beyond safe integers', '{"items":[{"wp_id":9007199254740993,"deleted":true}]}'],
        ['prototype key', `{"items":[{"__proto__":{"deleted":true},"wp_id":5}]}`],
        ['constructor key', `{"items":[{"constructor":{"prototype":{"polluted":true}},"wp_id":5}]}`],
        ['NUL key', `{"items":[${JSON.stringify({ ...post(6), 'x\u0000': 1 })}]}`],
        ['lone surrogate key', `{"items":[{"wp_id":7,"deleted":"\\ud800"}]}`],
        ['duplicate keys, last one bad', `{"items":[${JSON.stringify(post(9)).replace(/}$/, ',"permalink":"javascript:alert(1)"}')}]}`],
      ];
      for (const [name, raw] of cases) {
        const before = await indexState(service, siteId);
        const response = await signedSync(service.app, shop.token, 'posts', undefined, { raw });
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, name).toBeLessThan(500);
        expect(response.json(), name).toMatchObject({ code: expect.any(String), message: expect.any(String), errors: expect.any(Object) });
        expect(await indexState(service, siteId), name).toEqual(before);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).deleted).toBeUndefined();
    },
    30_000,
  );

  faultsTest(
    'takes a full batch of 50 and refuses the 51st item before writing anything',
    async ({ service, shop, prepared: { siteId } }) => {
      const fifty = Array.from({ length: MAX_SYNC_ITEMS }, (_, i) => product(800_000 + i));
      const before = await indexState(service, siteId);
      const refused = await signedSync(service.app, shop.token, 'products', { items: [...fifty, product(800_050)] });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['items']);
      expect(await indexState(service, siteId)).toEqual(before);
      const accepted = await signedSync(service.app, shop.token, 'products', { items: fifty });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ received: 50, created: 50 });
      // One bad item among 49 good ones: the 49 do not land either.
      const mixed = fifty.map((item, i) =>
        i === 31 ? { ...item, permalink: 'javascript:alert(1)', content_hash: 'changed' } : { ...item, content_hash: `changed-${i}` },
      );
      const settled = await indexState(service, siteId);
      const response = await signedSync(service.app, shop.token, 'products', { items: mixed });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['items.31.permalink']);
      expect(await indexState(service, siteId)).toEqual(settled);
    },
    30_000,
  );
});
