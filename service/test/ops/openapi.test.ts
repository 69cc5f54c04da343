import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';
import { init, widgetPost } from '../helpers/widget.js';

type Json = Record<string, unknown>;

/** Every `$ref` string anywhere in a value, with where it was found. */
function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refsIn(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [{ ref: child, at }] : refsIn(child, `${at}/${key}`),
  );
}

function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Json)[part] : undefined), document);
}

/** Every route of the widget and integration APIs, with its method: the document must cover them all. */
const PUBLIC_ROUTES: [string, string][] = [
  ['post', '/v1/widget/init'],
  ['post', '/v1/widget/messages'],
  ['post', '/v1/widget/messages/stream'],
  ['post', '/v1/widget/leads'],
  ['post', '/v1/widget/events'],
  ['post', '/api/v1/widget/coupon/apply'],
  ['post', '/api/v1/wp/handshake'],
  ['post', '/api/v1/wp/posts/sync'],
  ['post', '/api/v1/wp/products/sync'],
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/metrics'],
];

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1 with the parts the specification requires', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([{ url: t.config.publicBaseUrl }]);
    // JSON Schema dialect markers belong to whole documents, not to embedded schemas.
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });

  it('documents every public route that the app serves, and no route it does not serve', () => {
    const paths = document.paths as Record<string, Record<string, Json>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(PUBLIC_ROUTES.map(([method, path]) => `${method} ${path}`).sort());
    for (const [method, path] of PUBLIC_ROUTES) {
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET' | 'POST', url: path }), `${method} ${path}`).toBe(true);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(20);
    for (const { ref, at } of refs) expect(resolvePointer(document, ref), `${ref} at ${at}`).toBeDefined();
  });

  it('gives every operation a unique operationId, a success response and the error envelope', () => {
    const ids = new Set<string>();
    for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>)) {
      for (const op of Object.values(methods)) {
        expect(ids.has(op.operationId as string)).toBe(false);
        ids.add(op.operationId as string);
        const responses = op.responses as Record<string, Json>;
        expect(responses['200']).toBeDefined();
        for (const [status, response] of Object.entries(responses)) {
          if (status !== '200') expect(response.$ref).toBe(`#/components/responses/Error${status}`);
        }
      }
    }
    const envelope = (document.components as { schemas: Record<string, Json> }).schemas.ErrorEnvelope!;
    expect(envelope.required).toEqual(['message', 'code', 'errors']);
    expect((envelope.properties as Record<string, Json>).code!.enum).toContain('validation_failed');
  });

  it('names the authentication of each API: svc_ bearer plus signature, widget JWT, none for init', () => {
    const components = document.components as { securitySchemes: Record<string, Json> };
    expect(components.securitySchemes.serviceToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(components.securitySchemes.serviceSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Signature' });
    expect(components.securitySchemes.widgetToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const security = (method: string, path: string) => ((document.paths as Record<string, Record<string, Json>>)[path]![method]!.security);
    expect(security('post', '/api/v1/wp/handshake')).toEqual([{ serviceToken: [] }]);
    expect(security('post', '/api/v1/wp/posts/sync')).toEqual([{ serviceToken: [], serviceSignature: [] }]);
    expect(security('post', '/v1/widget/leads')).toEqual([{ widgetToken: [] }]);
    expect(security('post', '/v1/widget/init')).toEqual([]);
  });

  it('takes its request schemas from the routes\' zod schemas', () => {
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    expect(schemas.MessageRequest).toMatchObject({ type: 'object', required: ['message'], properties: { message: { type: 'string', minLength: 1, maxLength: 4000 } } });
    const items = (schemas.PostsSyncRequest!.properties as Record<string, Json>).items!;
    expect(items).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(JSON.stringify(items)).toContain('"content_hash"');
    expect((schemas.EventsRequest!.properties as Record<string, Json>).events).toMatchObject({ maxItems: 50 });
  });

  it('describes the responses the routes actually give (checked on live answers)', async () => {
    const shop = await seedWorkspace(t.database);
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    const keysOf = (name: string) => Object.keys(schemas[name]!.properties as Json).sort();

    const session = await init(t.app, { agent_id: shop.agentId });
    expect(Object.keys(session.json()).sort()).toEqual(keysOf('InitResponse'));
    expect(Object.keys(session.json().agent).sort()).toEqual(Object.keys(((schemas.InitResponse!.properties as Record<string, Json>).agent!.properties as Json)).sort());
    const reply = await widgetPost(t.app, '/v1/widget/messages', session.json().token, { message: 'Hello' });
    expect(Object.keys(reply.json()).sort()).toEqual(keysOf('MessageResponse'));
    expect(Object.keys(reply.json().message).sort()).toEqual(keysOf('Message'));

    const handshake = await handshakeRequest(t.app, shop.token);
    expect(Object.keys(handshake.json()).sort()).toEqual(keysOf('HandshakeResponse'));
    const synced = await signedSync(t.app, shop.token, 'products', { items: [product(7)] });
    expect(Object.keys(synced.json()).sort()).toEqual(keysOf('SyncResponse'));
    const invalid = await signedSync(t.app, shop.token, 'posts', { items: [post(1, { permalink: 'nope' })] });
    expect(Object.keys(invalid.json()).sort()).toEqual(keysOf('ErrorEnvelope'));
  });

  it('serves a self-contained, escaped docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const [, path] of PUBLIC_ROUTES) expect(response.body).toContain(`<code>${path}</code>`);
    expect(response.body).toContain('X-Service-Signature');
    // Nothing is fetched from elsewhere.
    expect(response.body).not.toMatch(/<script|<link|src="http/);
    // Schema text (patterns with <, >, &) appears escaped inside <pre>.
    expect(response.body).not.toMatch(/<pre>[^<]*"[^"]*<[a-z]/);
  });
});
