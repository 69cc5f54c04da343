/**
 * The plugin on a real WooCommerce store, end to end (issue: the plugin on a live WooCommerce store).
 *
 *   npx tsx bench/woocommerce-sync.ts [--products 5000] [--changes 10] [--pglite]
 *
 * A throw-away WordPress (Debian's) with the real WooCommerce 7.9.0 and the plugin, on MariaDB,
 * served by `php -S`; the real service in this process on PostgreSQL (PGlite with --pglite).
 * 1. Import: 5,000 simple products from a CSV with WooCommerce's own importer
 *    (WC_Product_CSV_Importer), before connecting (context, not the figure).
 * 2. Full sync: Connect on the settings page, then the plugin's jobs (Action Scheduler's runner,
 *    run as soon as one is due) until all 5,000 are in the service: items per second from Connect
 *    to the last one indexed. Baseline: the same 5,000 documents (as the plugin built them) posted
 *    straight to the sync route in batches of 50, one at a time, as the plugin sends them.
 * 3. Price changes: a product's price set through WooCommerce's REST API (an administrator's
 *    application password), then one run of the plugin's jobs (run at once here; on a live site
 *    Action Scheduler's runner starts within a minute, on WP-Cron's schedule), then a visitor
 *    asks the assistant until it answers the new price. Baseline: the same question answered
 *    with no change pending.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../service/src/app.js';
import { documents } from '../service/src/db/schema.js';
import { seedWorkspace, testConfig } from '../service/test/helpers/app.js';
import { freshDatabase } from '../service/test/helpers/database.js';
import { postgresMissing } from '../service/test/helpers/services.js';
import { missingWordPressPrerequisites, startWordPress } from '../service/test/wordpress/harness.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = option('products', 5000);
const CHANGES = option('changes', 10);
const ORIGIN = 'https://shop.example';

const missing = await missingWordPressPrerequisites();
if (missing) throw new Error(`the WordPress bench cannot run: ${missing}`);
const kind = process.argv.includes('--pglite') ? 'pglite' : (await postgresMissing()) ? 'pglite' : 'postgres';

const database = await freshDatabase(kind);
// The per-token limit (60 requests a minute) would be the figure otherwise: measure the sync.
const app = await buildApp({
  config: testConfig(),
  database,
  logger: false,
  limits: { integrationPerToken: 1e9, widgetInitPerIp: 1e9, messagesPerAddress: 1e9 },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const serviceUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const shop = await seedWorkspace(database, 'Bench shop');
const site = await startWordPress({ woocommerce: true });

const seconds = (from: number) => (performance.now() - from) / 1000;
const productCount = async () =>
  (
    await database.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.workspaceId, shop.workspaceId), eq(documents.kind, 'product')))
  )[0]!.n;

async function ask(question: string): Promise<string> {
  const init = await app.inject({
    method: 'POST',
    url: '/v1/widget/init',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    payload: JSON.stringify({ agent_id: shop.agentId }),
  });
  const reply = await app.inject({
    method: 'POST',
    url: '/v1/widget/messages',
    headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${init.json().token}` },
    payload: JSON.stringify({ message: question }),
  });
  return reply.json().message.content as string;
}

try {
  // 1. The catalogue, imported as a shop owner imports one.
  const csv = [
    'type,sku,name,published,regular_price,short_description,description,categories',
    ...Array.from({ length: PRODUCTS }, (_, i) => {
      const n = i + 1;
      return `simple,BENCH-${n},Bench lamp ${n},1,${(10 + (n % 90)).toFixed(2)},"A lamp, model ${n}.","<p>Lamp model ${n}: brass, ${n % 7} bulbs, for porches and boats.</p>",Lamps > Model ${n % 12}`;
    }),
  ].join('\n');
  let started = performance.now();
  const file = await site.wpEval<string>(`
    $file = get_temp_dir() . 'bench-' . wp_generate_password(8, false) . '.csv';
    file_put_contents($file, ${JSON.stringify(csv)});
    return $file;`);
  // In batches from where the last one stopped, as the import screen sends them (each PHP
  // request imports what it can within WooCommerce's 20-second limit).
  const imported = { imported: 0, failed: 0 };
  for (let position = 0, done = false; !done;) {
    const batch = await site.wpEval<{ imported: number; failed: number; position: number; done: boolean }>(`
      include_once WC_ABSPATH . 'includes/import/class-wc-product-csv-importer.php';
      $importer = new WC_Product_CSV_Importer(${JSON.stringify(file)}, ['parse' => true, 'start_pos' => ${position}, 'lines' => 500]);
      $result = $importer->import();
      return ['imported' => count($result['imported']), 'failed' => count($result['failed']), 'position' => $importer->get_file_position(), 'done' => $importer->get_percent_complete() >= 100];`);
    imported.imported += batch.imported;
    imported.failed += batch.failed;
    ({ position, done } = batch);
  }
  const importSeconds = seconds(started);
  if (imported.imported !== PRODUCTS) throw new Error(`imported ${JSON.stringify(imported)}`);
  console.log(`imported ${PRODUCTS} products with WC_Product_CSV_Importer in ${importSeconds.toFixed(1)} s`);

  // 2. Connect, then the jobs until every product is in the service.
  started = performance.now();
  const notice = await site.connect(serviceUrl, shop.token);
  if (!notice.includes('Connected')) throw new Error(`connect: ${notice}`);
  let runs = 0;
  while ((await productCount()) < PRODUCTS) {
    if ((await site.runJobsOnce()) === 0 && (await productCount()) < PRODUCTS) throw new Error(`nothing due with ${await productCount()} products synced`);
    runs += 1;
  }
  const syncSeconds = seconds(started);
  const perSecond = PRODUCTS / syncSeconds;
  console.log(`full sync: ${PRODUCTS} products in ${syncSeconds.toFixed(1)} s (${runs} job runs)`);

  // Baseline: the documents the plugin built, straight to the route, batch after batch.
  const built = await site.wpEval<unknown[]>(`
    $catalog = new StorefrontAssistant\\Sync\\ProductDocuments(new StorefrontAssistant\\Shop\\WooCommerce());
    $out = [];
    foreach (wc_get_products(['limit' => -1, 'status' => 'publish', 'return' => 'ids']) as $id) $out[] = $catalog->build(get_post($id));
    return $out;`);
  const other = await seedWorkspace(database, 'Baseline shop');
  const handshake = await fetch(`${serviceUrl}/api/v1/wp/handshake`, {
    method: 'POST',
    headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ site_url: 'https://baseline.example', plugin_version: '1.0.0', shop_plugin: { active: true } }),
  });
  if (handshake.status !== 200) throw new Error(`baseline handshake: ${handshake.status}`);
  const { signatureHeader } = await import('../service/src/lib/signature.js');
  started = performance.now();
  for (let at = 0; at < built.length; at += 50) {
    const body = JSON.stringify({ items: built.slice(at, at + 50) });
    const response = await fetch(`${serviceUrl}/api/v1/wp/products/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json', 'x-service-signature': signatureHeader(other.token, body) },
      body,
    });
    if (response.status !== 200) throw new Error(`baseline batch: ${response.status} ${await response.text()}`);
  }
  const routePerSecond = built.length / seconds(started);

  // 3. A price changed through the REST API, until the assistant answers it.
  const password = await site.applicationPassword();
  const question = (n: number) => `How much is the bench lamp ${n}?`;
  const answerTimes: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const t0 = performance.now();
    await ask(question(100 + i));
    answerTimes.push(performance.now() - t0);
  }
  const changeTimes: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const n = 100 + i;
    const id = await site.wpEval<number>(`return wc_get_product_id_by_sku('BENCH-${n}');`);
    const price = `${(200 + i).toFixed(2)}`;
    const t0 = performance.now();
    const put = await fetch(`${site.url}/wp-json/wc/v3/products/${id}`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from(password).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ regular_price: price }),
    });
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}`);
    for (;;) {
      await site.runJobsOnce();
      if ((await ask(question(n))).includes(`€${price}`)) break;
      if (performance.now() - t0 > 60_000) throw new Error(`the new price of product ${n} was not answered within a minute`);
    }
    changeTimes.push(performance.now() - t0);
  }
  const change = summarize(changeTimes);
  const answer = summarize(answerTimes);

  const rows: BenchRow[] = [
    {
      benchmark: `full sync of ${PRODUCTS} WooCommerce products (CSV-imported), Connect to last indexed (${kind})`,
      figure: `${round(perSecond)} items/s (${round(syncSeconds)} s, ${runs} job runs; import took ${round(importSeconds)} s)`,
      baseline: `${round(routePerSecond)} items/s (the same documents straight to the sync route)`,
      ratio: String(round(perSecond / routePerSecond, 3)),
      target: '-',
      value: round(perSecond),
      unit: 'items/s',
      baselineValue: round(routePerSecond),
      baselineUnit: 'items/s',
      values: { seconds: round(syncSeconds), runs, importSeconds: round(importSeconds) },
    },
    {
      benchmark: `REST price change to the new price answered, one job run between (${CHANGES} changes, ${kind})`,
      figure: `p50 ${round(change.p50)} ms, max ${round(Math.max(...changeTimes))} ms`,
      baseline: `p50 ${round(answer.p50)} ms (the question answered, nothing pending)`,
      ratio: `${round(change.p50 / answer.p50)}x`,
      target: '-',
      value: round(change.p50),
      unit: 'ms',
      baselineValue: round(answer.p50),
      baselineUnit: 'ms',
      values: { p50: round(change.p50), max: round(Math.max(...changeTimes)), n: change.n },
    },
  ];
  printTable(rows);
} finally {
  await site.stop();
  await app.close();
  await database.close();
}
