import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect } from 'vitest';
import { loadConfig, type HttpLimits } from '../../src/config.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { SHOP_ORIGIN } from '../helpers/widget.js';

/**
 * Clients that open connections and stall: a real listening server, raw sockets. Every stalled
 * connection is closed at its deadline, so 20,000 of them cannot hold 20,000 file descriptors.
 * The limits are small here so that the test is quick; the defaults are in config.ts.
 */

const LIMITS: HttpLimits = { requestTimeoutMs: 1_500, headersTimeoutMs: 600, keepAliveTimeoutMs: 400, connectionTimeoutMs: 5_000, maxConnections: 6 };
/** Deadlines are checked periodically; a connection still open this long after its own is not going to close. */
const SLACK_MS = 1_500;

interface RawConnection {
  socket: net.Socket;
  openedAt: number;
  received(): string;
  /** Resolves with how long after opening the server closed it, or undefined if it is still open at `withinMs`. */
  closedWithin(withinMs: number): Promise<number | undefined>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const openedAt = Date.now();
    let received = '';
    let closedAfter: number | undefined;
    const closed = new Promise<number>((done) => socket.once('close', () => done((closedAfter = Date.now() - openedAt))));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.once('connect', () =>
      resolve({
        socket,
        openedAt,
        received: () => received,
        closedWithin: (withinMs) =>
          closedAfter !== undefined
            ? Promise.resolve(closedAfter)
            : Promise.race([closed, new Promise<undefined>((done) => setTimeout(() => done(undefined), Math.max(0, openedAt + withinMs - Date.now())))]),
      }),
    );
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app with these limits, listening; `prepared` is its port. */
const it = appTest({
  config: { http: LIMITS },
  prepare: async (service: TestApp) => {
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    return (service.app.server.address() as AddressInfo).port;
  },
});

describe('connection limits on a listening server', () => {
  const open: net.Socket[] = [];
  const raw = async (port: number) => {
    const connection = await connect(port);
    open.push(connection.socket);
    return connection;
  };

  afterAll(() => {
    for (const socket of open) socket.destroy();
  });

  const initHead = (port: number, length: number) =>
    `POST /v1/widget/init HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${SHOP_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers a whole request as usual', async ({ shop, prepared: port }) => {
    const body = JSON.stringify({ agent_id: shop.agentId });
    const connection = await raw(port);
    connection.socket.write(initHead(port, Buffer.byteLength(body)) + body);
    await expect.poll(() => connection.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 [\s\S]*"token"/);
  });

  it('closes a request whose body stalls after its headers, at the request deadline (408)', async ({ prepared: port }) => {
    const connection = await raw(port);
    connection.socket.write(`${initHead(port, 1_000)}{"agent_id":`);
    const closedAfter = await connection.closedWithin(LIMITS.requestTimeoutMs + SLACK_MS);
    expect(closedAfter, 'the connection is still open').toBeDefined();
    expect(closedAfter!).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a body that keeps trickling in, one byte at a time, at the request deadline', async ({ prepared: port }) => {
    const connection = await raw(port);
    connection.socket.write(initHead(port, 1_000));
    const trickle = setInterval(() => connection.socket.writable && connection.socket.write(' '), 100);
    try {
      const closedAfter = await connection.closedWithin(LIMITS.requestTimeoutMs + SLACK_MS);
      expect(closedAfter, 'the connection is still open').toBeDefined();
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection whose headers stall, at the header deadline', async ({ prepared: port }) => {
    const connection = await raw(port);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    const closedAfter = await connection.closedWithin(LIMITS.headersTimeoutMs + SLACK_MS);
    expect(closedAfter, 'the connection is still open').toBeDefined();
    expect(closedAfter!).toBeLessThan(LIMITS.requestTimeoutMs);
  });

  it('closes a connection that never sends anything, at the header deadline', async ({ prepared: port }) => {
    const connection = await raw(port);
    expect(await connection.closedWithin(LIMITS.headersTimeoutMs + SLACK_MS), 'the connection is still open').toBeDefined();
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async ({ prepared: port }) => {
    const connection = await raw(port);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    await expect.poll(() => connection.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 /);
    // Node adds a second to the keep-alive timeout before it closes the socket.
    expect(await connection.closedWithin(LIMITS.keepAliveTimeoutMs + 1_000 + SLACK_MS), 'the connection is still open').toBeDefined();
  });

  it(`closes connections beyond ${LIMITS.maxConnections} as they arrive, and takes new ones once there is room`, async ({ prepared: port }) => {
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => raw(port)));
    const extra = await raw(port);
    const extraClosed = await extra.closedWithin(300);
    expect(extraClosed, 'the connection beyond the cap is still open').toBeDefined();
    expect(extra.received()).toBe('');
    // Those within the cap were not touched by it.
    expect(held.every((connection) => !connection.socket.destroyed)).toBe(true);
    for (const connection of held) connection.socket.destroy();
    await sleep(100);
    const later = await raw(port);
    later.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await expect.poll(() => later.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('connection limits: configuration', () => {
  const base = { APP_SECRET: 'a'.repeat(40), DATA_DIR: '/tmp/sa-test-unused' };

  it('has safe defaults', () => {
    expect(loadConfig(base).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 10_000,
      connectionTimeoutMs: 120_000,
      maxConnections: 10_000,
    });
  });

  it('reads the variables, and refuses a header deadline beyond the request deadline or a timeout of 0', () => {
    const env = {
      ...base,
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      CONNECTION_TIMEOUT_MS: '60000',
      MAX_CONNECTIONS: '2000',
    };
    expect(loadConfig(env).http).toEqual({
      requestTimeoutMs: 20_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 65_000,
      connectionTimeoutMs: 60_000,
      maxConnections: 2_000,
    });
    expect(() => loadConfig({ ...env, HEADERS_TIMEOUT_MS: '25000' })).toThrow(/HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...env, REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...env, MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});
