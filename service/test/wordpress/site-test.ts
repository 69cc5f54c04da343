import type { AddressInfo } from 'node:net';
import { beforeEach, vi } from 'vitest';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { appTest, type ShopOptions } from '../helpers/fixtures.js';
import { startWordPress, type WordPressSite } from './harness.js';

export interface SiteFixtures<Ready> {
  /** The app's address on 127.0.0.1, where the plugin reaches it (the app listens once the file starts). */
  serviceUrl: string;
  /** A real WordPress site with the plugin, started once for the file and stopped after it. */
  site: WordPressSite;
  /** What the file's `prepare` gave back, done once with the app, the shop and the site. */
  ready: Ready;
}

/** What a file's `prepare` is given. */
export interface SiteContext {
  service: TestApp;
  shop: SeededWorkspace;
  serviceUrl: string;
  site: WordPressSite;
}

export interface SiteTestOptions<Ready> {
  /** Why WordPress cannot run here (missingWordPressPrerequisites), if it cannot: the setup fails with it. */
  missing: string | null | undefined;
  woocommerce: boolean;
  /** The seeded workspace the site is for. */
  shop: ShopOptions;
  /** Connect the plugin to the app with the shop's token on the settings page, as an owner does. */
  connect?: boolean;
  /** How long the app, the site and `prepare` may take together, and each of the file's tests, in ms. */
  timeout: number;
  /** What the file's tests share beyond a started (and connected) site. */
  prepare?: (fixtures: SiteContext) => Promise<Ready>;
}

/**
 * `it` with the app listening on a port, a seeded shop and a WordPress site as file fixtures
 * (`async ({ service, shop, serviceUrl, site }) => ...`), all made before the file's first test.
 */
export function siteTest<Ready = void>(options: SiteTestOptions<Ready>) {
  const { missing, woocommerce, shop: shopOptions, connect, timeout, prepare } = options;
  // A test made by test.extend takes the configured test timeout, not its describe's (vitest 3.2):
  // the file's tests get theirs here.
  vi.setConfig({ testTimeout: timeout });
  // The whole setup is made under this timeout, before the first test (see appTest).
  beforeEach((async ({ ready: _ready }: { ready?: Ready }) => {}) as Parameters<typeof beforeEach>[0], timeout);
  return appTest({ shop: shopOptions, setupTimeout: timeout }).extend<SiteFixtures<Ready>>({
    serviceUrl: [
      async ({ service }, use) => {
        await service.app.listen({ host: '127.0.0.1', port: 0 });
        await use(`http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`);
      },
      { scope: 'file' },
    ],
    site: [
      async ({ shop, serviceUrl }, use) => {
        if (missing) throw new Error(`REQUIRE_SERVICES is set but the WordPress suite cannot run: ${missing}`);
        const site = await startWordPress({ woocommerce });
        try {
          if (connect) {
            const notice = await site.connect(serviceUrl, shop.token);
            if (!notice.includes('Connected')) throw new Error(`the plugin did not connect: ${notice}`);
          }
          await use(site);
        } finally {
          await site.stop();
        }
      },
      { scope: 'file' },
    ],
    ready: [
      async ({ service, shop, serviceUrl, site }: SiteContext, use: (value: Ready) => Promise<void>) => {
        await use((await prepare?.({ service, shop, serviceUrl, site })) as Ready);
      },
      { scope: 'file' },
    ],
  });
}
