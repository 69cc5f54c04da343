import { test } from 'vitest';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp, type TestAppOptions } from './app.js';

export interface AppFixtures {
  /** The real app on a fresh database, one per test file; closing it fails on any undeclared answer. */
  service: TestApp;
  /** A workspace with a published ecommerce agent and an integration token, made once per file. */
  shop: SeededWorkspace;
}

interface PreparedFixture<Prepared> {
  /** What `prepare` gave back (a site id, a widget token), for the file's tests. */
  prepared: Prepared;
}

export interface AppTestOptions<Prepared = void> extends TestAppOptions {
  /** What the file's tests share beyond a seeded shop (a handshake, synced content), done once. */
  prepare?: (service: TestApp, shop: SeededWorkspace) => Promise<Prepared>;
}

/**
 * `it` with the app and a seeded shop as fixtures: a test names what it uses
 * (`async ({ service, shop }) => ...`) and the app is built once for the file, on first use.
 */
export function appTest<Prepared = void>({ prepare, ...options }: AppTestOptions<Prepared> = {}) {
  let prepared: Prepared;
  return test.extend<AppFixtures & PreparedFixture<Prepared>>({
    service: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
      async ({}, use) => {
        const service = await createTestApp(options);
        await use(service);
        await service.close();
      },
      { scope: 'file' },
    ],
    shop: [
      async ({ service }, use) => {
        const shop = await seedWorkspace(service.database);
        // Run with the shop, so that a test naming only `shop` finds the file's preparations done.
        prepared = (await prepare?.(service, shop)) as Prepared;
        await use(shop);
      },
      { scope: 'file' },
    ],
    prepared: [
      // `shop` is named so that it, and with it `prepare`, has run first.
      async ({ shop }: AppFixtures, use: (value: Prepared) => Promise<void>) => {
        if (shop) await use(prepared);
      },
      { scope: 'file' },
    ],
  });
}
