/**
 * Sync throughput and search latency of the knowledge index (issue: service foundation).
 *
 *   npx tsx bench/sync-and-search.ts [--postgres-only|--pglite-only] [--search-only|--sync-only]
 *
 * Sync: 10,000 products in signed batches of 50 over real HTTP, sent with autocannon from this
 * process to the app running in a second one (targets/sync-target.ts), against a baseline in the
 * same run: the same requests to a bare Fastify route in that process that only parses the JSON.
 * Search: p50/p95 of searchKnowledge over 10,000 and 100,000 chunks, against a baseline of a
 * primary-key lookup on the same database (one round trip).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../service/src/db/client.js';
import { SIGNATURE_HEADER, signatureHeader } from '../service/src/lib/signature.js';
import { searchKnowledge } from '../service/src/modules/knowledge/search.js';
import { seedWorkspace } from '../service/test/helpers/app.js';
import { freshDatabase, type DatabaseKind } from '../service/test/helpers/database.js';
import { postgresMissing } from '../service/test/helpers/services.js';
import { product } from '../service/test/helpers/integration.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

const PRODUCTS = 10_000;
const BATCH = 50;
const CONCURRENCY = 4;

interface SyncTarget {
  url: string;
  bareUrl: string;
  token: string;
}

function startTarget(kind: DatabaseKind): Promise<{ child: ChildProcess; ready: SyncTarget }> {
  const child = fork(fileURLToPath(new URL('./targets/sync-target.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sync target exited with ${code}`)));
    child.once('message', (message: SyncTarget & { type: string }) => resolve({ child, ready: message }));
  });
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type === type) {
        child.off('message', listener);
        resolve(message as T);
      }
    };
    child.on('message', listener);
    child.send({ type });
  });
}

/**
 * Sends every batch once (`rounds` times over for the baseline), CONCURRENCY at a time, each
 * signed when autocannon is about to send it, so that no signature is older than its request.
 * Returns items per second.
 */
async function postBatches(url: string, token: string, batches: string[], rounds = 1): Promise<number> {
  const target = new URL(url);
  let next = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const result = await autocannon({
    url: target.origin,
    connections: CONCURRENCY,
    amount: batches.length * rounds,
    timeout: 120,
    requests: [
      {
        method: 'POST',
        path: target.pathname,
        setupRequest: (request) => {
          const body = batches[next++ % batches.length]!;
          return {
            ...request,
            body,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(token, body) },
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) firstFailure ??= `${status}: ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.non2xx > 0 || result.errors > 0 || firstFailure) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors; first: ${firstFailure ?? '-'}`);
  }
  if (next !== batches.length * rounds) throw new Error(`${url}: sent ${next} batches, meant ${batches.length * rounds}`);
  return (next * BATCH) / seconds;
}

/** Load from this process, the app in another (targets/sync-target.ts), as a plugin would see it. */
async function syncBench(kind: DatabaseKind): Promise<BenchRow> {
  const { child, ready } = await startTarget(kind);
  try {
    const batches: string[] = [];
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      batches.push(JSON.stringify({ items: Array.from({ length: BATCH }, (_, i) => product(start + i + 1)) }));
    }
    // The bare route takes a fraction of a second per pass: a warm-up pass, then several measured.
    await postBatches(`${ready.bareUrl}/sync`, ready.token, batches);
    const baseline = await postBatches(`${ready.bareUrl}/sync`, ready.token, batches, 5);
    const itemsPerSecond = await postBatches(`${ready.url}/api/v1/wp/products/sync`, ready.token, batches);
    console.log(`${kind}: sync ${round(itemsPerSecond, 0)} items/s, bare route ${round(baseline, 0)} items/s`);
    const { count } = await ask<{ count: number }>(child, 'count');
    if (count !== PRODUCTS) throw new Error(`expected ${PRODUCTS} documents, found ${count}`);
    return {
      benchmark: `sync ${PRODUCTS} products, batches of ${BATCH}, ${CONCURRENCY} connections (${kind})`,
      figure: `${round(itemsPerSecond, 0)} items/s`,
      baseline: `${round(baseline, 0)} items/s (bare JSON route)`,
      ratio: round(itemsPerSecond / baseline, 3).toString(),
      target: kind === 'postgres' ? '>= 500 items/s' : '-',
      value: round(itemsPerSecond, 0),
      unit: 'items/s',
      baselineValue: round(baseline, 0),
      ratioValue: round(itemsPerSecond / baseline, 4),
      ...(kind === 'postgres' ? { goal: { op: '>=', limit: 500, of: 'value' } as const } : {}),
    };
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
  }
}

/**
 * A corpus shaped like real text: word frequencies follow Zipf's law over a vocabulary of shop
 * words and 20,000 other terms, so a few words are everywhere and most are rare. (A small uniform
 * vocabulary would put every word in most chunks, which no real catalog does.)
 */
const SHOP_WORDS = (
  'shoe boot jacket trail running waterproof leather wool cotton size colour blue red green black white ' +
  'shipping delivery return refund warranty exchange order invoice payment card voucher coupon discount ' +
  'battery charger cable adapter laptop phone tablet screen keyboard mouse speaker headphone camera lens ' +
  'kitchen knife pan pot oven coffee tea mug glass plate bowl spoon fork garden hose shovel seed plant ' +
  'account password login subscription plan pricing team seat export import api webhook token'
).split(' ');
const SYLLABLES = 'ka lo mi ne ru sa ti vo ze bra cle dri fro glu pla ste tri vu xo'.split(' ');

function makeVocabulary(size: number, random: () => number): string[] {
  const words = new Set(SHOP_WORDS);
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  // Shuffle so that shop words land anywhere on the frequency curve.
  const list = [...words];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

function zipfSampler(size: number, random: () => number): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= size; rank += 1) cumulative.push((total += 1 / rank));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Deterministic pseudo-random numbers, so every run searches the same corpus. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seededRandom(42);
const VOCABULARY = makeVocabulary(20_000, random);
const pickWord = zipfSampler(VOCABULARY.length, random);
const randomText = (words: number) => Array.from({ length: words }, () => VOCABULARY[pickWord()]).join(' ');

async function fillChunks(database: Database, workspaceId: string, siteId: string, total: number): Promise<void> {
  // Documents and chunks written in SQL: what is measured is search, not the indexer.
  const documentsCount = total / 10;
  await database.exec(`
    INSERT INTO documents (id, workspace_id, site_id, kind, wp_id, post_type, title, permalink, content_hash)
    SELECT gen_random_uuid(), '${workspaceId}', '${siteId}', 'post', g, 'post', 'Doc ' || g, 'https://shop.example/?p=' || g, 'h' || g
      FROM generate_series(1, ${documentsCount}) AS g;`);
  const documentIds = (await queryRows<{ id: string }>(database.db, sql`SELECT id FROM documents WHERE workspace_id = ${workspaceId} ORDER BY wp_id`)).map(
    (r) => r.id,
  );
  const perStatement = 2_000;
  for (let start = 0; start < total; start += perStatement) {
    const rows = Array.from({ length: Math.min(perStatement, total - start) }, (_, i) => ({
      d: documentIds[Math.floor((start + i) / 10)],
      o: (start + i) % 10,
      c: randomText(150),
    }));
    await queryRows(
      database.db,
      sql`
      INSERT INTO chunks (document_id, workspace_id, ordinal, heading, content, text_search_config, tsv)
      SELECT (r->>'d')::uuid, ${workspaceId}, (r->>'o')::int, NULL, r->>'c', 'english',
             to_tsvector('english', r->>'c') || setweight(to_tsvector('simple', r->>'c'), 'D')
        FROM json_array_elements(${JSON.stringify(rows)}::json) AS r`,
    );
  }
  await database.exec('ANALYZE chunks; ANALYZE documents;');
}

async function searchBench(kind: DatabaseKind, total: number): Promise<BenchRow> {
  const database = await freshDatabase(kind);
  const shop = await seedWorkspace(database, 'Search bench');
  const other = await seedWorkspace(database, 'Other tenant');
  const siteFor = async (workspaceId: string) => {
    const id = crypto.randomUUID();
    await database.exec(
      `INSERT INTO sites (id, workspace_id, site_url, plugin_version, shopper_signing_secret) VALUES ('${id}', '${workspaceId}', 'https://${id}.example', '1.0.0', 'x')`,
    );
    return id;
  };
  const fillStarted = performance.now();
  await fillChunks(database, shop.workspaceId, await siteFor(shop.workspaceId), total);
  // Another tenant of the same size shares the index, as in a real multi-tenant install.
  await fillChunks(database, other.workspaceId, await siteFor(other.workspaceId), total);
  console.log(`${kind}: ${2 * total} chunks written in ${round((performance.now() - fillStarted) / 1000)} s, searching`);
  // Questions as visitors ask them: filler words around two to four terms of the corpus.
  const queries = Array.from({ length: 300 }, (_, i) => `do you have a ${randomText(2 + (i % 3))} for me?`);
  for (const q of queries.slice(0, 20)) await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: q });
  const samples: number[] = [];
  let hits = 0;
  for (const q of queries) {
    const t0 = performance.now();
    hits += (await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: q })).length;
    samples.push(performance.now() - t0);
  }
  if (hits === 0) throw new Error('search found nothing');
  const baselineSamples: number[] = [];
  for (let i = 0; i < queries.length; i += 1) {
    const t0 = performance.now();
    await queryRows(database.db, sql`SELECT id, content FROM chunks WHERE id = ${1 + i}`);
    baselineSamples.push(performance.now() - t0);
  }
  await database.close();
  const s = summarize(samples);
  const b = summarize(baselineSamples);
  return {
    benchmark: `search, ${total.toLocaleString('en')} chunks per tenant, 2 tenants (${kind})`,
    figure: `p50 ${round(s.p50, 2)} ms, p95 ${round(s.p95, 2)} ms`,
    baseline: `p50 ${round(b.p50, 2)} ms (primary-key lookup)`,
    ratio: round(s.p50 / b.p50, 1).toString(),
    target: total === 100_000 ? 'p95 <= 30 ms' : '-',
    value: round(s.p50, 3),
    unit: 'ms',
    baselineValue: round(b.p50, 3),
    ratioValue: round(s.p50 / b.p50, 2),
    ...(total === 100_000 ? { goal: { op: '<=', limit: 30, of: 'p95' } as const } : {}),
    values: { p95: round(s.p95, 3), p99: round(s.p99, 3), n: s.n, baselineP95: round(b.p95, 3) },
  };
}

const args = new Set(process.argv.slice(2));
const kinds: DatabaseKind[] = [];
if (!args.has('--postgres-only')) kinds.push('pglite');
if (!args.has('--pglite-only')) {
  if (await postgresMissing()) console.warn('PostgreSQL not reachable: its rows are left out');
  else kinds.push('postgres');
}
const rows: BenchRow[] = [];
for (const kind of kinds) {
  if (!args.has('--search-only')) rows.push(await syncBench(kind));
  if (!args.has('--sync-only')) for (const total of [10_000, 100_000]) rows.push(await searchBench(kind, total));
}
printTable(rows);
process.exit(0);
