import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';
import { canConnect, missingService } from '../helpers/services.js';
import { init, widgetPost } from '../helpers/widget.js';
import { createMember, PASSWORD, signIn } from '../dashboard/helpers.js';
import { waitFor } from '../helpers/wait.js';

/** A private server of our own, so that killing it touches no other suite's Redis. */
const REDIS_SERVER = process.env.TEST_REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

const skip = await missingService(
  'redis-server',
  async () => existsSync(REDIS_SERVER),
  `apt-get install -y redis-server, or set TEST_REDIS_SERVER_PATH; tried ${REDIS_SERVER}`,
);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(
    'redis-server to listen',
    async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (port ${port} taken?)`);
      return (await canConnect('127.0.0.1', port, 200)) ? true : undefined;
    },
    20_000,
  );
  return child;
}

/** SIGKILL: the server vanishes mid-run, without a goodbye to its clients. */
async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(skip)('Redis stopped under the rate limits, then back', () => {
  let port: number;
  let redis: ChildProcess;
  let t: TestApp;
  let shop: SeededWorkspace;
  let owner: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    if (skip) return;
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
    shop = await seedWorkspace(t.database);
    owner = await createMember(t.database, shop.workspaceId, 'owner');
    expect((await handshakeRequest(t.app, shop.token)).statusCode).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
    if (redis) await killRedis(redis);
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });

  const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
  const initFrom = (ip: string) => init(t.app, { agent_id: shop.agentId }, 'https://shop.example', {}, ip);
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

  /** The three spec limits, each counted from zero for a fresh IP and widget token. */
  async function expectLimitsEnforced(ip: string, leadIp: string) {
    const inits = [];
    for (let i = 0; i < 60; i += 1) inits.push(await initFrom(ip));
    expect(statuses(inits)).toEqual(Array(60).fill(200));
    const overInit = await initFrom(ip);
    expect(overInit.statusCode).toBe(429);
    expect(overInit.json().code).toBe('rate_limited');
    expect(Number(overInit.headers['retry-after'])).toBeGreaterThan(0);

    const session = (await initFrom(leadIp)).json();
    const leads = [];
    for (let i = 0; i < 5; i += 1) leads.push(await widgetPost(t.app, '/v1/widget/leads', session.token, { email: `lead${i}@${ip}.example` }));
    expect(statuses(leads)).toEqual(Array(5).fill(200));
    const overLead = await widgetPost(t.app, '/v1/widget/leads', session.token, { email: `lead6@${ip}.example` });
    expect(overLead.statusCode).toBe(429);
    expect(overLead.json().code).toBe('rate_limited');

    // Counted per token across the integration routes, from the first request of this window.
    let integration = 0;
    for (;;) {
      const response = await handshakeRequest(t.app, shop.token);
      if (response.statusCode !== 200) {
        expect(response.statusCode).toBe(429);
        expect(response.json().code).toBe('rate_limited');
        break;
      }
      integration += 1;
      expect(integration).toBeLessThanOrEqual(60);
    }
    return integration;
  }

  it('with Redis up, /readyz is ready and the limits are counted in Redis', async () => {
    expect((await readyz()).json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    // The handshake of beforeAll counted too.
    expect(await expectLimitsEnforced('198.51.100.10', '198.51.100.11')).toBe(59);
    const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      const keys = await probe.keys('sa-rl:*');
      expect(keys.some((key) => key.includes('widget-init:198.51.100.10'))).toBe(true);
      expect(keys.some((key) => key.includes('widget-leads:'))).toBe(true);
      expect(keys.some((key) => key.includes(`integration:${shop.tokenId}`))).toBe(true);
    } finally {
      probe.disconnect();
    }
  });

  it('Redis killed: every request is still answered, the limits fail open, /readyz says Redis is down', async () => {
    await killRedis(redis);

    const notReady = await readyz();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ code: 'service_unavailable', message: 'Not ready: redis unavailable', errors: { redis: ['unavailable'] } });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // The IP and the token limited a moment ago are served: no counter can be read, so none holds.
    expect((await initFrom('198.51.100.10')).statusCode).toBe(200);
    expect((await handshakeRequest(t.app, shop.token)).statusCode).toBe(200);

    // Past every limit at once, concurrently: answered, none 429, none 5xx.
    const inits = await Promise.all(Array.from({ length: 65 }, () => initFrom('198.51.100.20')));
    expect(statuses(inits)).toEqual(Array(65).fill(200));
    const session = inits[0]!.json();
    const leads = await Promise.all(
      Array.from({ length: 7 }, (_, i) => widgetPost(t.app, '/v1/widget/leads', session.token, { email: `outage${i}@example.com` })),
    );
    expect(statuses(leads)).toEqual(Array(7).fill(200));
    expect(new Set(leads.map((r) => r.json().lead_id)).size).toBe(7);
    const integration = await Promise.all(Array.from({ length: 62 }, () => handshakeRequest(t.app, shop.token)));
    expect(statuses(integration)).toEqual(Array(62).fill(200));

    // Sign-in fails closed instead: without its counters a password could be guessed without limit.
    const login = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email: owner, password: PASSWORD } });
    expect(login.statusCode).toBe(503);
    expect(login.json().code).toBe('service_unavailable');
    expect(login.headers['retry-after']).toBe('5');
    expect(login.headers['set-cookie']).toBeUndefined();

    // Still not ready while it stays down.
    expect((await readyz()).statusCode).toBe(503);
    expect(unhandled).toEqual([]);
  }, 60_000);

  it('Redis back on the same port: /readyz is ready again and the limits apply again', async () => {
    redis = await startRedis(port);
    const ready = await waitFor(
      '/readyz to see Redis again',
      async () => {
        const response = await readyz();
        return response.statusCode === 200 ? response : undefined;
      },
      20_000,
    );
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    // The new server starts empty (no persistence), so every limit counts from zero again.
    expect(await expectLimitsEnforced('198.51.100.30', '198.51.100.31')).toBe(60);
    expect((await signIn(t.app, owner)).body).toMatchObject({ csrf_token: expect.any(String) });
    expect(unhandled).toEqual([]);
  }, 60_000);
});
