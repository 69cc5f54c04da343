import { test } from 'vitest';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp, type TestAppOptions } from './app.js';

export interface AppFixtures {
  /** The real app on a fresh database, one per test file; closing it fails on any undeclared answer. */
  service: TestApp;
  /** A workspace with a published ecommerce agent and an integration token, made once per file. */
  shop: SeededWorkspace;
}

export interface AppTestOptions extends TestAppOptions {
  /** What the file's tests share beyond a seeded shop (a handshake, synced content), done once. */
  prepare?: (service: TestApp, shop: SeededWorkspace) => Promise<void>;
}

/**
 * `it` with the app and a seeded shop as fixtures: a test names what it uses
 * (`async ({ service, shop }) => ...`) and the app is built once for the file, on first use.
 */
export function appTest({ prepare, ...options }: AppTestOptions = {}) {
  return test.extend<AppFixtures>({
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
        await prepare?.(service, shop);
        await use(shop);
      },
      { scope: 'file' },
    ],
  });
}
