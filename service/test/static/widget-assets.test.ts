import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/lib/error-handler.js';
import { widgetAssetRoutes } from '../../src/modules/static/routes.js';
import { createTestApp } from '../helpers/app.js';

const LOADER = '(()=>{/* loader */})();\n';
const PANEL = '(()=>{/* panel */})();\n';
const GERMAN = '(()=>{/* de catalogue */})();\n';
const version = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

async function appServing(distDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(async (scope) => widgetAssetRoutes(scope, { distDir }));
  return app;
}

describe('GET /widget.js and /panel.js', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'sa-dist-'));
    writeFileSync(path.join(dist, 'widget.js'), LOADER);
    writeFileSync(path.join(dist, 'panel.js'), PANEL);
    mkdirSync(path.join(dist, 'i18n'));
    writeFileSync(path.join(dist, 'i18n', 'de.js'), GERMAN);
    app = await appServing(dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the loader as JavaScript any site may load, cached for five minutes', async () => {
    const response = await app.inject({ url: '/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LOADER);
    expect(response.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    });
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await app.inject({ method: 'HEAD', url: '/widget.js' })).statusCode).toBe(200);
  });

  it("serves a language's catalogue beside the panel, for good under its content hash, and nothing else from i18n/", async () => {
    const current = await app.inject({ url: `/i18n/de.js?v=${version(GERMAN)}` });
    expect(current.statusCode).toBe(200);
    expect(current.body).toBe(GERMAN);
    expect(current.headers).toMatchObject({ 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' });
    expect((await app.inject({ url: '/i18n/de.js?v=0123456789ab' })).headers['cache-control']).toBe('public, max-age=300');
    for (const url of ['/i18n/xx.js', '/i18n/..%2Fpanel.js', '/i18n/de.json', '/i18n/widget.js']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('caches the panel for good only under its own content hash', async () => {
    const current = await app.inject({ url: `/panel.js?v=${version(PANEL)}` });
    expect(current.body).toBe(PANEL);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/panel.js?v=0123456789ab', '/panel.js']) {
      expect((await app.inject({ url })).headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('compresses for clients that accept gzip, and answers 304 to a matching ETag', async () => {
    const gzipped = await app.inject({ url: '/widget.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(LOADER);
    const refused = await app.inject({ url: '/widget.js', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const notModified = await app.inject({ url: '/widget.js', headers: { 'if-none-match': `W/${gzipped.headers.etag}` } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('picks up a rebuild without a restart', async () => {
    const before = await app.inject({ url: '/widget.js' });
    const rebuilt = '(()=>{/* loader, rebuilt */})();\n';
    writeFileSync(path.join(dist, 'widget.js'), rebuilt);
    utimesSync(path.join(dist, 'widget.js'), new Date(), new Date(Date.now() + 5000));
    const after = await app.inject({ url: '/widget.js' });
    expect(after.body).toBe(rebuilt);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('says how to build the widget when it was not built', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'sa-dist-empty-'));
    const bare = await appServing(empty);
    try {
      for (const url of ['/widget.js', '/panel.js?v=abc']) {
        const response = await bare.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('npm run build -w widget') });
      }
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('is registered in the service', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/widget.js' });
      // 503 only on a checkout where the widget was never built; either way the route exists.
      expect([200, 503]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(response.statusCode === 200 ? /^text\/javascript/ : /^application\/json/);
    } finally {
      await t.close();
    }
  });
});
