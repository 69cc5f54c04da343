import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/**
 * Suites that need a real service (PostgreSQL, Redis, WordPress, Chromium) skip with a visible
 * reason where it is missing. With REQUIRE_SERVICES=1 (set by .ci/run) a missing service fails
 * the run instead, because CI machines have them all.
 */
export const servicesRequired = process.env.REQUIRE_SERVICES === '1';

/** Where suites create (and drop) their own databases: any database on the server will do. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
/** Debian's chromium, driven by playwright-core (never `playwright install`). */
export const CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium';

export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url: string, defaultPort: number): [string, number] {
  const parsed = new URL(url);
  return [parsed.hostname, Number(parsed.port || defaultPort)];
}

/**
 * Returns undefined when the service is reachable, else the reason to skip. Under
 * REQUIRE_SERVICES=1 it throws, which fails the suite that asked.
 */
export async function missingService(name: string, available: () => Promise<boolean>, howToGetIt: string): Promise<string | undefined> {
  if (await available()) return undefined;
  const reason = `${name} is not reachable (${howToGetIt})`;
  if (servicesRequired) throw new Error(`REQUIRE_SERVICES=1 but ${reason}`);
  console.warn(`[skipped] ${reason}`);
  return reason;
}

export const postgresMissing = () =>
  missingService('PostgreSQL', () => canConnect(...hostPort(POSTGRES_ADMIN_URL, 5432)), `set TEST_POSTGRES_URL; tried ${POSTGRES_ADMIN_URL}`);

export const redisMissing = () => missingService('Redis', () => canConnect(...hostPort(REDIS_TEST_URL, 6379)), `set TEST_REDIS_URL; tried ${REDIS_TEST_URL}`);

export const chromiumMissing = () =>
  missingService(
    'Chromium',
    async () => existsSync(CHROMIUM_PATH),
    `apt-get install -y chromium fonts-liberation, or set TEST_CHROMIUM_PATH; tried ${CHROMIUM_PATH}`,
  );

export const phpMissing = () =>
  missingService('PHP', async () => spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0, 'apt-get install -y php-cli php-xml');
