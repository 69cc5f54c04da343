import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { documents } from '../../src/db/schema.js';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { servicesRequired } from '../helpers/services.js';
import { init, widgetPost } from '../helpers/widget.js';
import { missingWordPressPrerequisites, type WordPressSite } from './harness.js';
import { siteTest } from './site-test.js';
import { createProduct, createVariableProduct } from './woocommerce.js';

/**
 * Product changes made on a real WooCommerce, every way a shop makes them, reach the assistant
 * within one run of the plugin's jobs: WooCommerce's PHP CRUD API (what other plugins and
 * importers call), its REST API (ERPs, bulk editors; an administrator's application password),
 * a variation's price, stock, a scheduled sale starting. A CSV import (WooCommerce's own
 * importer) racing the sync loses nothing, and the daily reconciliation repairs what change
 * capture cannot see. The product editor in the browser is in wordpress-browser.test.ts.
 */

const reason = await missingWordPressPrerequisites();
if (reason && !servicesRequired) console.warn(`Skipping the WooCommerce sync suite: ${reason}`);

const TIMEOUT = 180_000;

const it = siteTest({
  missing: reason,
  woocommerce: true,
  shop: { name: 'Harbour goods' },
  connect: true,
  timeout: TIMEOUT,
  prepare: async ({ site }) => {
    await site.runSync();
  },
});

describe.skipIf(reason && !servicesRequired)('WooCommerce product changes reach the assistant', { timeout: TIMEOUT }, () => {
  /** What the service holds for a product: its stored fields, or undefined when it has none. */
  const stored = async (service: TestApp, shop: SeededWorkspace, wpId: number) => {
    const [row] = await service.database.db
      .select({ data: documents.data, title: documents.title, hash: documents.contentHash })
      .from(documents)
      .where(and(eq(documents.workspaceId, shop.workspaceId), eq(documents.kind, 'product'), eq(documents.wpId, wpId)));
    return row as
      | { data: { pricing: Record<string, string | null>; on_sale: boolean; stock_status: string; variations?: unknown[] }; title: string; hash: string }
      | undefined;
  };

  /** A visitor on the shop asks the assistant (the offline responder answers from the synced fields). */
  const ask = async (service: TestApp, shop: SeededWorkspace, question: string) => {
    const session = (await init(service.app, { agent_id: shop.agentId })).json();
    const reply = await widgetPost(service.app, '/v1/widget/messages', session.token, { message: question });
    expect(reply.statusCode).toBe(200);
    return reply.json().message.content as string;
  };

  const restPut = async (site: WordPressSite, path: string, body: unknown) => {
    const response = await fetch(`${site.url}/wp-json/wc/v3/${path}`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from(await site.applicationPassword()).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };

  it('a price set through the PHP CRUD API is answered after one run of the jobs', async ({ service, shop, site }) => {
    const id = await createProduct(site, { name: 'Brass harbour lantern', regularPrice: '40', description: '<p>A brass lantern for boats and porches.</p>' });
    await site.runSync();
    expect(await ask(service, shop, 'How much is the brass harbour lantern?')).toContain('€40.00');

    // As other plugins do: no post save at all, only WooCommerce's product save.
    await site.wpEval(`$product = wc_get_product(${id}); $product->set_regular_price('45.50'); $product->save(); return null;`);
    expect(await site.runJobsOnce()).toBeGreaterThan(0);
    expect((await stored(service, shop, id))?.data.pricing.price).toBe('45.50');
    expect(await ask(service, shop, 'How much is the brass harbour lantern?')).toContain('€45.50');
  });

  it('a price set through the REST API (PUT /wc/v3/products/<id>, application password) is answered after one run', async ({ service, shop, site }) => {
    const id = await createProduct(site, { name: 'Oilskin fisherman hat', regularPrice: '30' });
    await site.runSync();
    const updated = await restPut(site, `products/${id}`, { regular_price: '27.00', sale_price: '21.00' });
    expect(updated.price).toBe('21.00');
    expect(await site.runJobsOnce()).toBeGreaterThan(0);
    expect((await stored(service, shop, id))?.data).toMatchObject({ pricing: { price: '21.00', regular_price: '27.00', sale_price: '21.00' }, on_sale: true });
    expect(await ask(service, shop, 'What does the oilskin fisherman hat cost?')).toMatch(/€21\.00[\s\S]*€27\.00/);
  });

  it("a variation's price changed through the REST API is answered as the product's new range", async ({ service, shop, site }) => {
    const { id, variations } = await createVariableProduct(site, {
      name: 'Storm hoodie',
      description: '<p>A heavy hoodie for storm watching.</p>',
      attribute: 'Size',
      variations: [
        { option: 'S', regularPrice: '99' },
        { option: 'M', regularPrice: '110' },
        { option: 'L', regularPrice: '120' },
      ],
    });
    await site.runSync();
    expect((await stored(service, shop, id))?.data.pricing).toMatchObject({ price: '99.00', min_price: '99.00', max_price: '120.00' });
    expect(await ask(service, shop, 'How much is the storm hoodie?')).toContain('€99.00 – €120.00');

    // The L goes up and on sale: a new top of the range, and one variation on sale.
    await restPut(site, `products/${id}/variations/${variations[2]}`, { regular_price: '140', sale_price: '130' });
    expect(await site.runJobsOnce()).toBeGreaterThan(0);
    const product = await stored(service, shop, id);
    expect(product?.data.pricing).toMatchObject({ price: '99.00', min_price: '99.00', max_price: '130.00' });
    expect(product?.data.on_sale).toBe(true);
    expect(product?.data.variations).toContainEqual(
      expect.objectContaining({
        wp_id: variations[2],
        attributes: [{ name: 'Size', option: 'L' }],
        pricing: { price: '130.00', regular_price: '140.00', sale_price: '130.00' },
        on_sale: true,
      }),
    );
    const answer = await ask(service, shop, 'How much is the storm hoodie?');
    expect(answer).toContain('€99.00 – €130.00');
    expect(answer).toMatch(/Size: L[\s\S]*€130\.00[\s\S]*€140\.00/);
  });

  /** Runs the plugin's jobs (at most three times) until the stored document satisfies `done`. */
  async function untilStored<T>(site: WordPressSite, read: () => Promise<T>, done: (document: T) => boolean): Promise<boolean> {
    for (let run = 0; run < 3; run++) {
      await site.runJobsOnce();
      if (done(await read())) return true;
    }
    return false;
  }

  it('stock written by an order and a scheduled sale that starts reach the service', async ({ service, shop, site }) => {
    const id = await createProduct(site, { name: 'Tide clock', regularPrice: '60', salePrice: '45', stock: 3 });
    await site.runSync();
    // An order takes the last three (wc_update_product_stock writes the stock with SQL, then tells).
    await site.wpEval(`wc_update_product_stock(${id}, 3, 'decrease'); return null;`);
    // The order's write may land after a job already in the queue has run: within a few runs.
    expect(
      await untilStored(
        site,
        () => stored(service, shop, id),
        (document) => document?.data.stock_status === 'outofstock',
      ),
    ).toBe(true);

    // A sale scheduled to start yesterday begins when WooCommerce's daily job runs.
    const sale = await createProduct(site, { name: 'Ship in a bottle', regularPrice: '80' });
    await site.runSync();
    await site.wpEval(`
      global $wpdb;
      update_post_meta(${sale}, '_sale_price', '64');
      update_post_meta(${sale}, '_sale_price_dates_from', strtotime('yesterday'));
      wc_delete_product_transients(${sale});
      wc_scheduled_sales();
      return null;`);
    expect(
      await untilStored(
        site,
        () => stored(service, shop, sale),
        (document) => document?.data.on_sale === true,
      ),
    ).toBe(true);
    expect((await stored(service, shop, sale))?.data).toMatchObject({ pricing: { price: '64.00', sale_price: '64.00' }, on_sale: true });
  });

  it('a CSV import (WC_Product_CSV_Importer) racing the sync loses nothing', async ({ service, shop, site }) => {
    const names = Array.from({ length: 17 }, (_, index) => `Import lamp ${index + 1}`);
    // With the IDs of the shop the file comes from, as WooCommerce's exports write them: the
    // importer first makes an "importing" placeholder for each, then saves each row into its
    // placeholder (published, then its price), as with WooCommerce's sample data.
    const csv = [
      'id,type,sku,name,published,regular_price,description',
      ...names.map((name, index) => `${9001 + index},simple,IMP-${index + 1},${name},1,${10 + index}.5,"A lamp, number ${index + 1}."`),
    ].join('\n');
    // A full sync walking the posts table while the import saves: the worst moment for it to look
    // at a product is right after the post is inserted and before WooCommerce writes its price,
    // and here it looks at every product exactly then (and the jobs run besides, in parallel).
    expect(await site.submitSettingsForm('storefront_assistant_full_sync')).toContain('Sync started');
    const importing = site.wpEval<{ imported: number; failed: number }>(`
      $file = get_temp_dir() . 'import-' . wp_generate_password(8, false) . '.csv';
      file_put_contents($file, ${JSON.stringify(csv)});
      add_action('save_post', static function ($id, $post) {
        if ('product' !== $post->post_type) return;
        do_action('storefront_assistant_full_sync');
        do_action('storefront_assistant_sync');
      }, 99, 2);
      include_once WC_ABSPATH . 'includes/import/class-wc-product-csv-importer.php';
      // In batches from where the last one stopped, as the import screen sends them.
      $position = 0;
      $counts = ['imported' => 0, 'failed' => 0];
      do {
        $importer = new WC_Product_CSV_Importer($file, ['parse' => true, 'start_pos' => $position, 'lines' => 5]);
        $result = $importer->import();
        $counts['imported'] += count($result['imported']);
        $counts['failed'] += count($result['failed']);
        $position = $importer->get_file_position();
      } while ($importer->get_percent_complete() < 100);
      return $counts;`);
    let imported = false;
    const racing = (async () => {
      while (!imported) await site.runJobsOnce();
    })();
    expect(await importing).toEqual({ imported: 17, failed: 0 });
    imported = true;
    await racing;
    await site.runSync();

    const skus = await site.wpEval<Record<string, number>>(`
      $out = [];
      foreach (wc_get_products(['limit' => -1, 'status' => 'publish']) as $product) if (str_starts_with($product->get_sku(), 'IMP-')) $out[$product->get_sku()] = $product->get_id();
      return $out;`);
    expect(Object.keys(skus)).toHaveLength(17);
    for (const [sku, id] of Object.entries(skus)) {
      const index = Number(sku.slice('IMP-'.length)) - 1;
      expect((await stored(service, shop, id))?.data.pricing.price, sku).toBe(`${10 + index}.50`);
    }
  });

  it('the check against the service repairs what change capture could not see, and the settings page says so', async ({ service, shop, site }) => {
    const changed = await createProduct(site, { name: 'Rope doormat', regularPrice: '25' });
    const vanished = await createProduct(site, { name: 'Cork float', regularPrice: '8' });
    const lost = await createProduct(site, { name: 'Anchor bookend', regularPrice: '35' });
    await site.runSync();
    expect([await stored(service, shop, changed), await stored(service, shop, vanished), await stored(service, shop, lost)].every(Boolean)).toBe(true);

    // Behind the plugin's back: a price written straight into the database, a product row deleted
    // with SQL, and a document the service lost (a backup restored on its side).
    await site.wpEval(`
      global $wpdb;
      $wpdb->update($wpdb->postmeta, ['meta_value' => '19'], ['post_id' => ${changed}, 'meta_key' => '_regular_price']);
      $wpdb->update($wpdb->postmeta, ['meta_value' => '19'], ['post_id' => ${changed}, 'meta_key' => '_price']);
      $wpdb->delete($wpdb->posts, ['ID' => ${vanished}]);
      wc_delete_product_transients(${changed});
      return null;`);
    await service.database.db.delete(documents).where(and(eq(documents.workspaceId, shop.workspaceId), eq(documents.wpId, lost)));
    expect(await site.runJobsOnce()).toBe(0);
    expect((await stored(service, shop, changed))?.data.pricing.price).toBe('25.00');

    expect(await site.submitSettingsForm('storefront_assistant_reconcile')).toContain('check against the service started');
    await site.runSync();
    expect((await stored(service, shop, changed))?.data.pricing.price).toBe('19.00');
    expect(await stored(service, shop, vanished)).toBeUndefined();
    expect((await stored(service, shop, lost))?.title).toBe('Anchor bookend');

    const page = await site.adminPage();
    expect(page).toMatch(/Last check against the service on [^<]+: \d+ items compared, 3 differed and were sent again\./);
    expect(page).toContain('Everything is up to date.');

    // A second check finds nothing to repair.
    await site.submitSettingsForm('storefront_assistant_reconcile');
    await site.runSync();
    expect(await site.adminPage()).toMatch(/\d+ items compared, 0 differed/);
  });

  it('left no PHP warning or error from the plugin in the log', ({ site }) => {
    expect(site.pluginProblems()).toEqual([]);
  });
});
