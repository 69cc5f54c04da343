import { beforeEach, test } from 'vitest';
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

/** How the file's shop is seeded (the arguments of `seedWorkspace`). */
export interface ShopOptions {
  name?: string;
  abilities?: string[];
  published?: boolean;
}

interface SeededFile<Prepared> {
  /** The file's shop; `false` for a file that makes its own workspaces. */
  shop?: ShopOptions;
  /** What the file's tests share beyond a seeded shop (a handshake, synced content), done once. */
  prepare?: (service: TestApp, shop: SeededWorkspace) => Promise<Prepared>;
}

interface UnseededFile<Prepared> {
  /** No shop is seeded: the file makes its own workspaces (in `prepare` or in its tests). */
  shop: false;
  /** What the file's tests share (their own workspaces, members), done once before the first test naming `prepared`. */
  prepare?: (service: TestApp) => Promise<Prepared>;
}

interface SetupTime {
  /** How long the app and the file's preparations may take, in ms (the hook timeout unless given). */
  setupTimeout?: number;
}

export type AppTestOptions<Prepared = void> = TestAppOptions & SetupTime & (SeededFile<Prepared> | UnseededFile<Prepared>);

/**
 * `it` with the app and a seeded shop as fixtures: a test names what it uses
 * (`async ({ service, shop }) => ...`) and the app is built once for the file, on first use.
 */
export function appTest<Prepared = void>(options: AppTestOptions<Prepared> = {}) {
  const { prepare, shop: shopOptions, setupTimeout, ...appOptions } = options;
  let prepared: Prepared;
  // The app (and what the file's tests share, when there is a `prepare`) is made before the file's
  // first test, under the hook timeout, as the beforeAll it replaces was; made inside a test, it
  // would count against that one test's timeout (a busy machine takes longer to boot the app).
  if (prepare) beforeEach((async ({ prepared: _ready }: { prepared?: Prepared }) => {}) as Parameters<typeof beforeEach>[0], setupTimeout);
  else beforeEach((async ({ service: _ready }: { service?: TestApp }) => {}) as Parameters<typeof beforeEach>[0], setupTimeout);
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  const serviceFixture = async ({}, use: (value: TestApp) => Promise<void>) => {
    const service = await createTestApp(appOptions);
    await use(service);
    await service.close();
  };
  if (shopOptions === false) {
    const prepareApp = prepare as UnseededFile<Prepared>['prepare'];
    return test.extend<AppFixtures & PreparedFixture<Prepared>>({
      service: [serviceFixture, { scope: 'file' }],
      shop: [
        async () => {
          throw new Error('this file seeds no shop (appTest({ shop: false })): its tests name `prepared` or make their own');
        },
        { scope: 'file' },
      ],
      prepared: [
        async ({ service }: AppFixtures, use: (value: Prepared) => Promise<void>) => {
          await use((await prepareApp?.(service)) as Prepared);
        },
        { scope: 'file' },
      ],
    });
  }
  const prepareShop = prepare as SeededFile<Prepared>['prepare'];
  return test.extend<AppFixtures & PreparedFixture<Prepared>>({
    service: [serviceFixture, { scope: 'file' }],
    shop: [
      async ({ service }, use) => {
        const shop = await seedWorkspace(service.database, shopOptions?.name, shopOptions?.abilities, shopOptions?.published);
        // Run with the shop, so that a test naming only `shop` finds the file's preparations done.
        prepared = (await prepareShop?.(service, shop)) as Prepared;
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
