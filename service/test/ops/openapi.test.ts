import { Validator } from '@seriousme/openapi-schema-validator';
import { isApiError, type ApiError } from '@storefront-assistant/client';
import type { PostDocument, ProductDocument } from '@storefront-assistant/client/integration';
import { describe, expect } from 'vitest';
import { UNDOCUMENTED } from '../../src/modules/ops/openapi.js';
import { appTest } from '../helpers/fixtures.js';
import { HANDSHAKE_BODY, integrationClient, post, product } from '../helpers/integration.js';
import { widgetClient } from '../helpers/widget.js';

type Json = Record<string, unknown>;

/** Every `$ref` string anywhere in a value, with where it was found. */
function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refsIn(item, `${at}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [{ ref: child, at }] : refsIn(child, `${at}/${key}`)));
}

function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Json)[part] : undefined), document);
}

/** Every route of the widget and integration APIs, with its method, as the docs page lists them. */
const PUBLIC_ROUTES: [string, string][] = [
  ['post', '/v1/widget/init'],
  ['post', '/v1/widget/messages'],
  ['post', '/v1/widget/messages/stream'],
  ['post', '/v1/widget/leads'],
  ['post', '/v1/widget/feedback'],
  ['post', '/v1/widget/events'],
  ['post', '/v1/widget/handoff'],
  ['get', '/v1/widget/updates'],
  ['get', '/v1/widget/updates/stream'],
  ['post', '/api/v1/widget/coupon/apply'],
  ['post', '/api/v1/wp/handshake'],
  ['post', '/api/v1/wp/posts/sync'],
  ['post', '/api/v1/wp/products/sync'],
  ['post', '/api/v1/wp/documents/hashes'],
  ['post', '/api/v1/wp/personal-data/export'],
  ['post', '/api/v1/wp/personal-data/erase'],
  ['get', '/healthz'],
  ['get', '/readyz'],
  ['get', '/metrics'],
];

async function validate(document: Json): Promise<{ valid: boolean; errors?: unknown }> {
  return new Validator().validate(structuredClone(document));
}

/** The app, and its document as GET /openapi.json serves it, once for the file. */
// With the demo store's routes, as `npm start` serves them: they must stay out of the document.
const it = appTest({ demo: true }).extend<{ document: Json }>({
  document: [
    async ({ service }, use) => {
      const response = await service.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      await use(response.json());
    },
    { scope: 'file' },
  ],
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the parts the specification requires', ({ service, document }) => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([{ url: service.config.publicBaseUrl }]);
    // JSON Schema dialect markers belong to whole documents, not to embedded schemas.
    expect(JSON.stringify(document)).not.toContain('"$schema"');
  });

  it('is valid OpenAPI 3.1 for a maintained validator', async ({ document }) => {
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('would be reported invalid if it were broken (the validation above can fail)', async ({ document }) => {
    const breakages: [string, (copy: Json) => void][] = [
      ['no info', (copy) => delete copy.info],
      [
        'a response without its description',
        (copy) => delete ((copy.paths as Record<string, Record<string, Json>>)['/healthz']!.get!.responses as Record<string, Json>)['200']!.description,
      ],
      [
        'an OpenAPI 2 body parameter',
        (copy) => (((copy.paths as Record<string, Record<string, Json>>)['/v1/widget/init']!.post!.parameters as Json[])[0]!.in = 'body'),
      ],
      [
        'a security scheme of an unknown type',
        (copy) => ((copy.components as { securitySchemes: Record<string, Json> }).securitySchemes.serviceToken!.type = 'password'),
      ],
    ];
    for (const [what, breakIt] of breakages) {
      const copy = structuredClone(document);
      breakIt(copy);
      expect((await validate(copy)).valid, what).toBe(false);
    }
    // The copies were broken, not the original.
    expect((await validate(document)).valid).toBe(true);
  });

  it('documents exactly the public routes, each of them served, and none of the non-API ones', ({ service, document }) => {
    const paths = document.paths as Record<string, Record<string, Json>>;
    const documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(PUBLIC_ROUTES.map(([method, path]) => `${method} ${path}`).sort());
    for (const [method, path] of PUBLIC_ROUTES) expect(service.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path }), path).toBe(true);

    // The routes left out are served all the same: the rule hides them, they exist.
    const unlisted: [string, string][] = [
      ['GET', '/app/api/agents'],
      ['POST', '/app/agents/:id/playground/stream'],
      ['GET', '/demo'],
      ['GET', '/answers/:id'],
      ['GET', '/widget.js'],
      ['GET', '/i18n/:name'],
      ['GET', '/openapi.json'],
      ['OPTIONS', '/v1/widget/init'],
    ];
    for (const [method, path] of unlisted) {
      expect(service.app.hasRoute({ method: method as 'GET', url: path }), `${method} ${path}`).toBe(true);
      expect(paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()], `${method} ${path}`).toBeUndefined();
    }
    // Each exclusion rule still matches a served route: a list that outlived its routes would hide nothing useful.
    for (const { pattern, why } of UNDOCUMENTED)
      expect(
        unlisted.some(([, path]) => pattern.test(path)),
        why,
      ).toBe(true);
  });

  it('resolves every $ref inside the document', ({ document }) => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(20);
    for (const { ref, at } of refs) expect(resolvePointer(document, ref), `${ref} at ${at}`).toBeDefined();
  });

  it('gives every operation a unique operationId, a success response and the error envelope', ({ document }) => {
    const ids = new Set<string>();
    for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>)) {
      for (const op of Object.values(methods)) {
        expect(ids.has(op.operationId as string)).toBe(false);
        ids.add(op.operationId as string);
        const responses = op.responses as Record<string, Json>;
        expect(responses['200']).toBeDefined();
        expect(responses['500']).toBeDefined();
        for (const [status, response] of Object.entries(responses)) {
          expect(response.description, status).toEqual(expect.any(String));
          // Other successes have their own answer (202: a message kept for the team); every failure is the envelope.
          if (!status.startsWith('2')) expect(response.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } });
        }
      }
    }
    const envelope = (document.components as { schemas: Record<string, Json> }).schemas.ErrorEnvelope!;
    expect(envelope.required).toEqual(['message', 'code', 'errors']);
    expect((envelope.properties as Record<string, Json>).code!.enum).toContain('validation_failed');
  });

  it('names the authentication of each API: svc_ bearer plus signature, widget JWT, none for init', ({ document }) => {
    const components = document.components as { securitySchemes: Record<string, Json> };
    expect(components.securitySchemes.serviceToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(components.securitySchemes.serviceSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Signature' });
    expect(components.securitySchemes.widgetToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const security = (method: string, path: string) => (document.paths as Record<string, Record<string, Json>>)[path]![method]!.security;
    expect(security('post', '/api/v1/wp/handshake')).toEqual([{ serviceToken: [] }]);
    expect(security('post', '/api/v1/wp/posts/sync')).toEqual([{ serviceToken: [], serviceSignature: [] }]);
    expect(security('post', '/v1/widget/leads')).toEqual([{ widgetToken: [] }]);
    expect(security('post', '/v1/widget/init')).toEqual([]);
  });

  it('describes the event streams as such', ({ document }) => {
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
    const stream = paths['/v1/widget/messages/stream']!.post!.responses['200']!;
    expect(Object.keys(stream.content as Json)).toEqual(['text/event-stream']);
    expect(paths['/metrics']!.get!.responses['200']!.content).toHaveProperty(['text/plain']);
  });

  it("takes its request schemas from the routes' zod schemas", ({ document }) => {
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    expect(schemas.MessageRequest).toMatchObject({
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', minLength: 1, maxLength: 4000 } },
    });
    const items = (schemas.PostsSyncRequest!.properties as Record<string, Json>).items!;
    expect(items).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(JSON.stringify(items)).toContain('"content_hash"');
    expect((schemas.EventsRequest!.properties as Record<string, Json>).events).toMatchObject({ maxItems: 50 });
  });

  it('describes the responses the routes actually give (checked on live answers, through the typed client)', async ({ service, document, shop }) => {
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    const keysOf = (name: string) => Object.keys(schemas[name]!.properties as Json).sort();
    const keys = (value: object) => Object.keys(value).sort();

    const widget = widgetClient(service.app);
    const session = await widget.init({ agent_id: shop.agentId });
    expect(keys(session)).toEqual(keysOf('InitResponse'));
    expect(keys(session.agent)).toEqual(Object.keys((schemas.InitResponse!.properties as Record<string, Json>).agent!.properties as Json).sort());
    const reply = await widget.sendMessage({ message: 'Hello' }, { token: session.token });
    expect(keys(reply)).toEqual(keysOf('MessageResponse'));
    // `author` names the member who wrote a team reply; the assistant's answers carry none.
    expect(keys(reply.message)).toEqual(keysOf('Message').filter((key) => key !== 'author'));

    const plugin = integrationClient(service.app, shop.token);
    expect(keys(await plugin.handshake(HANDSHAKE_BODY))).toEqual(keysOf('HandshakeResponse'));
    expect(keys(await plugin.syncProducts([product(7) as ProductDocument]))).toEqual(keysOf('SyncResponse'));
    const invalid = await plugin.syncPosts([post(1, { permalink: 'nope' }) as PostDocument]).catch((error: unknown) => error);
    expect(isApiError(invalid)).toBe(true);
    expect((invalid as ApiError).status).toBe(400);
    const envelope = { message: (invalid as ApiError).message, code: (invalid as ApiError).code, errors: (invalid as ApiError).errors };
    expect(keys(envelope)).toEqual(keysOf('ErrorEnvelope'));
    expect(envelope.errors).toHaveProperty(['items.0.permalink']);
  });

  it('serves a self-contained, escaped docs page', async ({ service }) => {
    const response = await service.app.inject({ method: 'GET', url: '/docs' });
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
