import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, seedWorkspace, type TestApp } from '../helpers/app.js';
import { init } from '../helpers/widget.js';

/**
 * Behind a reverse proxy, per-address limits count the address the proxy saw. A client may send
 * an X-Forwarded-For of its own: a proxy that appends to it (nginx's
 * $proxy_add_x_forwarded_for) passes it on, and whatever trusts its left-most entry lets every
 * request pick a fresh address. Here the proxy is 10.0.0.2 and the client 203.0.113.50.
 */

const PROXY = '10.0.0.2';

/** TRUST_PROXY as the operator writes it, read through the configuration. */
function trustProxy(value: string) {
  return loadConfig({ APP_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/sa-test-unused', TRUST_PROXY: value }).trustProxy;
}

describe('TRUST_PROXY and the address the init limit counts', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appTrusting(value: string) {
    t = await createTestApp({ config: { trustProxy: trustProxy(value) } });
    const shop = await seedWorkspace(t.database);
    const initFrom = (remoteAddress: string, forwardedFor?: string) =>
      init(t!.app, { agent_id: shop.agentId }, 'https://shop.example', forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, remoteAddress);
    return initFrom;
  }

  it('TRUST_PROXY=1: a forged X-Forwarded-For prefix does not change the address; the 61st init gets 429', async () => {
    const initFrom = await appTrusting('1');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      // What reaches the service when the client sent "X-Forwarded-For: 198.18.<i>..." itself.
      statuses.push((await initFrom(PROXY, `198.18.${i}.1, 192.0.2.${i}, 203.0.113.50`)).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // The same client without a forged prefix is the same client...
    expect((await initFrom(PROXY, '203.0.113.50')).statusCode).toBe(429);
    // ...and another client behind the same proxy is another.
    expect((await initFrom(PROXY, '198.18.0.1, 203.0.113.51')).statusCode).toBe(200);
  });

  it('TRUST_PROXY=2 counts the address the outer of two proxies saw', async () => {
    const initFrom = await appTrusting('2');
    for (let i = 0; i < 60; i += 1) expect((await initFrom(PROXY, `198.18.${i}.1, 203.0.113.60, 10.0.0.9`)).statusCode).toBe(200);
    expect((await initFrom(PROXY, '203.0.113.60, 10.0.0.8')).statusCode).toBe(429);
  });

  it('TRUST_PROXY=<addresses>: the listed proxy is believed; a client connecting directly is counted by its own address', async () => {
    const initFrom = await appTrusting(`${PROXY},192.168.7.0/24`);
    for (let i = 0; i < 60; i += 1) expect((await initFrom('198.51.100.77', `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await initFrom('198.51.100.77', '203.0.113.200')).statusCode).toBe(429);
    // Through the proxy, the client's own address counts, not the proxy's.
    expect((await initFrom(PROXY, '198.51.100.77')).statusCode).toBe(429);
    expect((await initFrom(PROXY, '198.51.100.78')).statusCode).toBe(200);
    expect((await initFrom('192.168.7.40', '198.51.100.79')).statusCode).toBe(200);
  });

  it('TRUST_PROXY unset: X-Forwarded-For is ignored', async () => {
    const initFrom = await appTrusting('');
    for (let i = 0; i < 60; i += 1) expect((await initFrom(PROXY, `203.0.113.${i}`)).statusCode).toBe(200);
    expect((await initFrom(PROXY, '203.0.113.250')).statusCode).toBe(429);
  });
});
