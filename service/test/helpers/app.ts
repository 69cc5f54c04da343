import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Limits } from '../../src/app-deps.js';
import type { Database } from '../../src/db/client.js';
import type { ProviderEnv } from '../../src/modules/assistant/providers.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { freshDatabase, type DatabaseKind } from './database.js';

export interface TestClock {
  now: () => Date;
  /** Moves the clock forward (or back) by `ms`. */
  advance: (ms: number) => void;
}

export function testClock(start = Date.now()): TestClock {
  let current = start;
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** Every route the app declared, with its schema. */
  routes: RouteOptions[];
  /** Answers that did not match their route's declared schema (each left as a 500); close() fails on any. */
  responseMismatches: string[];
  close: () => Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ APP_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/sa-test-unused' }),
    allowPrivateSiteUrls: true,
    ...overrides,
  };
}

/** The real app on a fresh real database; nothing of ours is replaced. */
export interface TestAppOptions {
  db?: DatabaseKind;
  /** Reuse a database (a "restarted" service on the same data). */
  database?: Database;
  config?: Partial<Config>;
  checkSiteUrl?: (url: string) => Promise<void>;
  limits?: Partial<Limits>;
  /** LLM settings; empty (the offline responder) unless a test points at a local model server. */
  providerEnv?: ProviderEnv;
  /** Serve the demo store's routes, as `npm start` does. */
  demo?: boolean;
  /** The app's own logger (pino options, e.g. `{ stream }`, at `config.logLevel`); none unless given. */
  logger?: Record<string, unknown>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await freshDatabase(options.db));
  const config = testConfig(options.config);
  const clock = testClock();
  const responseMismatches: string[] = [];
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logger: options.logger ?? false,
    providerEnv: options.providerEnv ?? {},
    onResponseMismatch: (mismatch) => responseMismatches.push(mismatch.message),
    onRoute: (route) => routes.push(route),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.demo ? { demo: true } : {}),
    ...(options.checkSiteUrl ? { checkSiteUrl: options.checkSiteUrl } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    routes,
    responseMismatches,
    async close() {
      await app.close();
      await database.close();
      // Every suite checks the contract: an answer its route does not declare fails the suite.
      if (responseMismatches.length > 0) throw new Error(`Answers that do not match their declared schemas:\n${responseMismatches.join('\n')}`);
    },
  };
}

export interface SeededWorkspace {
  workspaceId: string;
  token: string;
  tokenId: string;
  agentId: string;
}

/** A workspace with an ecommerce agent and an integration token, made through the operator commands. */
export async function seedWorkspace(
  database: Database,
  name = 'Test shop',
  abilities: string[] = ['wp:integration'],
  published = true,
): Promise<SeededWorkspace> {
  const workspace = await runCommand(database.db, 'workspace:create', { name });
  const workspaceId = String(workspace.id);
  const agent = await runCommand(database.db, 'agent:create', {
    workspace: workspaceId,
    name: `${name} assistant`,
    'site-type': 'ecommerce',
    origin: ['https://shop.example'],
    published,
  });
  const token = await runCommand(database.db, 'token:create', { workspace: workspaceId, name: 'plugin', ability: abilities });
  return { workspaceId, token: String(token.token), tokenId: String(token.id), agentId: String(agent.id) };
}
