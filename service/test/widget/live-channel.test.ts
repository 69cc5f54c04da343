import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TeamMessage } from '@storefront-assistant/client';
import { users } from '../../src/db/schema.js';
import { postTeamReply, type HandoffDeps } from '../../src/modules/conversations/handoff.js';
import { LiveChannel, type HandoffView } from '../../../widget/src/panel/live-channel.js';
import { appTest } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { canConnect } from '../helpers/services.js';
import { freePort } from '../helpers/server-process.js';
import { waitFor as poll } from '../helpers/wait.js';
const waitFor = (what: string, test: () => boolean, timeoutMs: number) => poll(what, async () => (test() ? true : undefined), timeoutMs);
import { createMember, signIn } from '../dashboard/helpers.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';
import { NGINX_PATH, nginxMissing } from '../browser/helpers/proxies.js';

/**
 * The widget's live channel client (widget/src/panel/live-channel.ts) against the real service:
 * behind an nginx that buffers whatever the service asks, it falls back to polling; after its
 * connection is cut it resumes after the last reply, so no reply is lost or shown twice.
 */

const skipNginx = await nginxMissing();

const it = appTest({
  prepare: async (service, shop) => {
    const email = await createMember(service.database, shop.workspaceId, 'owner');
    const [owner] = await service.database.db.select().from(users).where(eq(users.email, email));
    await service.database.db.update(users).set({ name: 'Mara' }).where(eq(users.id, owner!.id));
    return { email, ownerId: owner!.id };
  },
});

/**
 * An nginx that holds back event streams: it ignores the service's X-Accel-Buffering and
 * compresses event streams, so a small event waits in its buffers for more to come (as a site
 * owner's "turn on compression, turn on caching" setups do).
 */
async function startBufferingNginx(upstream: string) {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'sa-nginx-buffering-'));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  gzip on;
  gzip_proxied any;
  gzip_min_length 1;
  gzip_types text/event-stream application/json;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_buffering on;
      proxy_buffer_size 64k;
      proxy_buffers 8 64k;
      proxy_ignore_headers X-Accel-Buffering;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await canConnect('127.0.0.1', port, 200)); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    base: `http://127.0.0.1:${port}`,
    accessLog: () => {
      try {
        return readFileSync(`${prefix}/access.log`, 'utf8');
      } catch {
        return '';
      }
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** A streaming pass-through proxy whose open connections can be cut, recording each request's path. */
async function startCuttableProxy(upstream: string) {
  const target = new URL(upstream);
  const requests: string[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
      },
    );
    open.add(response);
    response.on('close', () => {
      open.delete(response);
      forwarded.destroy();
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    /** Drops every open connection, as a network change or a restarting proxy does. */
    cut() {
      for (const response of open) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

async function visitor(service: TestApp, agentId: string) {
  const response = await init(service.app, { agent_id: agentId });
  return response.json() as { conversation_id: string; token: string };
}

/** The widget's channel with a fixed token, recording what it hands on. */
function channel(base: string, token: string, timings: { firstEventMs: number; pollMs: number; retryMs: number }) {
  const states: HandoffView[] = [];
  const received: TeamMessage[] = [];
  const transports: string[] = [];
  const failures: unknown[] = [];
  const live = new LiveChannel(
    { withToken: (call) => call({ baseUrl: base, token, headers: { origin: SHOP_ORIGIN } }) },
    {
      state: (view) => states.push(view),
      message: (message) => received.push(message),
      transport: (kind) => transports.push(kind),
      failed: (error) => failures.push(error),
    },
    timings,
  );
  return { live, states, received, transports, failures };
}

/** The app on a loopback port (a test app listens once; another test of the file may have started it). */
const listening = (service: TestApp) =>
  service.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(service.app.server.address() as { port: number }).port}`);

const handoffDeps = (service: TestApp): HandoffDeps => ({ db: service.database.db, notifier: service.app.deps.notifier, now: service.clock.now });

describe('the widget’s live channel', () => {
  it.skipIf(skipNginx)(
    'falls back to polling behind a proxy that buffers the stream, and still gets each team reply once',
    async ({ service, shop, prepared }) => {
      await signIn(service.app, prepared.email);
      const { conversation_id: conversationId, token } = await visitor(service, shop.agentId);
      expect((await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'talk_to_person' })).json()).toMatchObject({ available: true });
      const upstream = await listening(service);
      const nginx = await startBufferingNginx(upstream);
      const { live, states, received, transports } = channel(nginx.base, token, { firstEventMs: 1500, pollMs: 300, retryMs: 300 });
      try {
        live.start();
        // Behind this proxy the stream says nothing: the channel polls instead.
        await waitFor('polling', () => transports.includes('poll'), 10_000);
        expect(transports.slice(0, 2)).toEqual(['stream', 'poll']);
        await waitFor('states.length > 0', () => states.length > 0, 5_000);
        expect(states.at(-1)).toEqual({ state: 'waiting_for_human', member: null });
        const reply = await postTeamReply(handoffDeps(service), {
          workspaceId: shop.workspaceId,
          conversationId,
          memberId: prepared.ownerId,
          text: 'Hello from the team',
        });
        await waitFor('received.length > 0', () => received.length > 0, 5_000);
        // More polls pass: the reply is not handed on again.
        await new Promise((resolve) => setTimeout(resolve, 1200));
        expect(received.map((m) => m.id)).toEqual([reply.id]);
        expect(received[0]).toMatchObject({ content: 'Hello from the team', author: { name: 'Mara' } });
        expect(states.at(-1)).toEqual({ state: 'human', member: { name: 'Mara' } });
        // It went through nginx, and polled from the reply on.
        expect(nginx.accessLog()).toContain(`/v1/widget/updates?after=${reply.seq}`);
      } finally {
        live.stop();
        await nginx.close();
      }
    },
    60_000,
  );

  it('resumes after a cut connection from the last reply: nothing lost, nothing twice', async ({ service, shop, prepared }) => {
    await signIn(service.app, prepared.email);
    const { conversation_id: conversationId, token } = await visitor(service, shop.agentId);
    await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'talk_to_person' });
    const upstream = await listening(service);
    const proxy = await startCuttableProxy(upstream);
    const { live, received, transports } = channel(proxy.base, token, { firstEventMs: 3000, pollMs: 300, retryMs: 200 });
    const deps = handoffDeps(service);
    const post = (text: string) => postTeamReply(deps, { workspaceId: shop.workspaceId, conversationId, memberId: prepared.ownerId, text });
    try {
      live.start();
      const first = await post('one');
      await waitFor('received.length === 1', () => received.length === 1, 5_000);
      proxy.cut();
      // Posted while the visitor is disconnected.
      const second = await post('two');
      const third = await post('three');
      await waitFor('received.length >= 3', () => received.length >= 3, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received.map((m) => m.id)).toEqual([first.id, second.id, third.id]);
      // The reconnect asked from the first reply on, over the stream again (it was not buffered).
      expect(proxy.requests.filter((url) => url.startsWith('/v1/widget/updates/stream'))).toEqual([
        '/v1/widget/updates/stream?after=0',
        `/v1/widget/updates/stream?after=${first.seq}`,
      ]);
      expect(transports).not.toContain('poll');
    } finally {
      live.stop();
      await proxy.close();
    }
  }, 60_000);
});
