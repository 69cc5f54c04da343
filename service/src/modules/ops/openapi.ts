import { z } from 'zod';
import { errorStatus, type ErrorCode } from '../../lib/errors.js';
import {
  documentHashesBody,
  documentHashesResponse,
  handshakeBody,
  handshakeResponse,
  personalDataBody,
  personalDataErasureResponse,
  personalDataExportResponse,
  postsSyncBodyDocumented,
  productsSyncBodyDocumented,
  syncResponse,
} from '../integration/schemas.js';
import {
  couponApplyBody,
  couponApplyResponse,
  eventsBody,
  eventsResponse,
  initBody,
  initResponse,
  leadBody,
  leadResponse,
  messageBody,
  messageResponse,
  messageSchema,
} from '../widget/schemas.js';

/**
 * The OpenAPI 3.1 document of the public APIs (widget, integration, probes), built from the
 * same zod schemas the routes validate with, so the document cannot drift from the checks.
 * OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what z.toJSONSchema writes.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Refinements and transforms have no JSON Schema form; the document shows the shape they check.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const requestSchemas = {
  InitRequest: initBody,
  MessageRequest: messageBody,
  LeadRequest: leadBody,
  EventsRequest: eventsBody,
  CouponApplyRequest: couponApplyBody,
  HandshakeRequest: handshakeBody,
  PostsSyncRequest: postsSyncBodyDocumented,
  ProductsSyncRequest: productsSyncBodyDocumented,
  DocumentHashesRequest: documentHashesBody,
  PersonalDataRequest: personalDataBody,
} satisfies Record<string, z.ZodType>;

const responseSchemas = {
  Message: messageSchema,
  InitResponse: initResponse,
  MessageResponse: messageResponse,
  LeadResponse: leadResponse,
  EventsResponse: eventsResponse,
  CouponApplyResponse: couponApplyResponse,
  HandshakeResponse: handshakeResponse,
  SyncResponse: syncResponse,
  DocumentHashesResponse: documentHashesResponse,
  PersonalDataExportResponse: personalDataExportResponse,
  PersonalDataErasureResponse: personalDataErasureResponse,
  ErrorEnvelope: z.object({
    message: z.string(),
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
    errors: z.record(z.string(), z.array(z.string())).describe('Messages by field path, e.g. "items.3.permalink"; {} when none'),
  }),
  Health: z.object({ status: z.literal('ok') }),
  Readiness: z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.literal('ok')) }),
} satisfies Record<string, z.ZodType>;

type SchemaName = keyof typeof requestSchemas | keyof typeof responseSchemas;
const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

const errorText: Partial<Record<number, string>> = {
  400: 'Invalid request (`validation_failed`, or a more specific code)',
  401: 'Missing or invalid credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large (`payload_too_large`)',
  429: 'Rate limited (`rate_limited`, with Retry-After) or budget exhausted',
  500: 'Internal error (details are only in the service log)',
  502: 'The store site did not answer or failed',
  503: 'Not ready, or a model provider failed',
};

function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }]));
}

const json = (name: SchemaName) => ({ content: { 'application/json': { schema: ref(name) } } });
const ok = (name: SchemaName, description = 'OK') => ({ '200': { description, ...json(name) } });

const originHeader = {
  name: 'Origin',
  in: 'header',
  required: true,
  description: "The page's origin; it must be one of the agent's allowed origins",
  schema: { type: 'string' },
};

const widgetSecurity = [{ widgetToken: [] }];
const pluginSecurity = [{ serviceToken: [] }];
const signedPluginSecurity = [{ serviceToken: [], serviceSignature: [] }];

function syncOperation(kind: 'posts' | 'products') {
  return {
    post: {
      tags: ['integration'],
      operationId: `${kind}Sync`,
      summary: `Index a batch of ${kind} (1 to 50)`,
      description:
        'The batch is validated whole: any invalid item answers 400 `validation_failed` with errors keyed `items.<index>.<field>` and nothing is written. A valid batch is written in one transaction. An item whose `content_hash` equals the stored one is `unchanged`; `{"wp_id", "deleted": true}` removes one. Body up to 2 MB.',
      security: signedPluginSecurity,
      requestBody: { required: true, ...json(kind === 'posts' ? 'PostsSyncRequest' : 'ProductsSyncRequest') },
      responses: { ...ok('SyncResponse'), ...errors(400, 401, 403, 409, 413, 429, 500) },
    },
  };
}

export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(requestSchemas)) schemas[name] = jsonSchema(schema, 'input');
  for (const [name, schema] of Object.entries(responseSchemas)) schemas[name] = jsonSchema(schema, 'output');

  const responses = Object.fromEntries(
    Object.entries(errorText).map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront Assistant API',
      version: '1.0.0',
      description:
        'The widget API (browsers on a store\'s pages), the integration API (the store plugin) and the operational probes. Every error uses one envelope: `{"message", "code", "errors"}`.',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'widget', description: 'Called by the embedded widget' },
      { name: 'integration', description: 'Called by the WordPress plugin' },
      { name: 'operations', description: 'Health, readiness and metrics' },
    ],
    paths: {
      '/v1/widget/init': {
        post: {
          tags: ['widget'],
          operationId: 'widgetInit',
          summary: 'Start or resume a conversation',
          description:
            'No credentials: the Origin header must be one of the agent\'s allowed origins (else 403 `origin_not_allowed`). Resumes when `conversation_id` and `visitor_id` belong together. 60 per minute per IP.',
          security: [],
          parameters: [originHeader],
          requestBody: { required: true, ...json('InitRequest') },
          responses: { ...ok('InitResponse'), ...errors(400, 403, 404, 429, 500) },
        },
      },
      '/v1/widget/messages': {
        post: {
          tags: ['widget'],
          operationId: 'widgetMessage',
          summary: 'Send a message and receive the whole answer',
          security: widgetSecurity,
          requestBody: { required: true, ...json('MessageRequest') },
          responses: { ...ok('MessageResponse'), ...errors(400, 401, 403, 409, 429, 500, 503) },
        },
      },
      '/v1/widget/messages/stream': {
        post: {
          tags: ['widget'],
          operationId: 'widgetMessageStream',
          summary: 'Send a message and stream the answer (Server-Sent Events)',
          description: [
            'Events: `start` `{"conversation_id", "message_id"}`; `delta` `{"text"}` (many); `block` (a Block); `sources` `{"sources": [...]}`; then `done` `{"message": Message}`, or `error` `{"code", "message"}` instead of `done`.',
            'Comments `: ping` every 15 s. A client that disconnects aborts generation; the partial answer is saved. Errors before the stream starts are answered as JSON.',
          ].join(' '),
          security: widgetSecurity,
          requestBody: { required: true, ...json('MessageRequest') },
          responses: {
            '200': { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
            ...errors(400, 401, 403, 409, 429, 500),
          },
        },
      },
      '/v1/widget/leads': {
        post: {
          tags: ['widget'],
          operationId: 'widgetLead',
          summary: 'Leave contact details (delivered to the store as a site user)',
          security: widgetSecurity,
          requestBody: { required: true, ...json('LeadRequest') },
          responses: { ...ok('LeadResponse'), ...errors(400, 401, 403, 429, 500) },
        },
      },
      '/v1/widget/events': {
        post: {
          tags: ['widget'],
          operationId: 'widgetEvents',
          summary: 'Record widget interaction events (1 to 50)',
          security: widgetSecurity,
          requestBody: { required: true, ...json('EventsRequest') },
          responses: { ...ok('EventsResponse'), ...errors(400, 401, 403, 429, 500) },
        },
      },
      '/api/v1/widget/coupon/apply': {
        post: {
          tags: ['widget'],
          operationId: 'widgetCouponApply',
          summary: 'Stage a coupon offered in this conversation in the shopper\'s cart',
          security: widgetSecurity,
          requestBody: { required: true, ...json('CouponApplyRequest') },
          responses: { ...ok('CouponApplyResponse'), ...errors(400, 401, 403, 429, 500, 502) },
        },
      },
      '/api/v1/wp/handshake': {
        post: {
          tags: ['integration'],
          operationId: 'handshake',
          summary: 'Connect a site and receive a new shopper signing secret',
          description: 'The previous shopper signing secret stays valid for 10 minutes.',
          security: pluginSecurity,
          requestBody: { required: true, ...json('HandshakeRequest') },
          responses: { ...ok('HandshakeResponse'), ...errors(400, 401, 403, 429, 500) },
        },
      },
      '/api/v1/wp/posts/sync': syncOperation('posts'),
      '/api/v1/wp/products/sync': syncOperation('products'),
      '/api/v1/wp/documents/hashes': {
        post: {
          tags: ['integration'],
          operationId: 'documentHashes',
          summary: 'The content hashes the service holds for the site, a page at a time',
          description:
            'For the plugin\'s reconciliation: `{wp_id, content_hash}` of the documents of one kind (`post` or `product`) with `wp_id` greater than `after_wp_id`, in `wp_id` order, at most `limit` (default 500, at most 1000). The plugin sends again whatever differs from its own content, and removals for what it no longer has.',
          security: signedPluginSecurity,
          requestBody: { required: true, ...json('DocumentHashesRequest') },
          responses: { ...ok('DocumentHashesResponse'), ...errors(400, 401, 403, 409, 429, 500) },
        },
      },
      '/api/v1/wp/personal-data/export': {
        post: {
          tags: ['integration'],
          operationId: 'personalDataExport',
          summary: 'A person\'s assistant data, by e-mail address (the site\'s "Export Personal Data")',
          description:
            'In the token\'s workspace: the leads left with the address, and the conversations that are the person\'s (a lead of the address was left in it, it was bound to a shopper signed in with it, or the visitor typed it in it) with their messages. Playground conversations are not included.',
          security: signedPluginSecurity,
          requestBody: { required: true, ...json('PersonalDataRequest') },
          responses: { ...ok('PersonalDataExportResponse'), ...errors(400, 401, 403, 429, 500) },
        },
      },
      '/api/v1/wp/personal-data/erase': {
        post: {
          tags: ['integration'],
          operationId: 'personalDataErase',
          summary: 'Erase a person\'s assistant data, by e-mail address (the site\'s "Erase Personal Data")',
          description:
            'Deletes what the export returns, in one transaction: the leads (with their later submissions and undelivered deliveries) and the conversations with their messages, coupon applies, widget events and missed order lookups. Answers the counts; a second call finds nothing.',
          security: signedPluginSecurity,
          requestBody: { required: true, ...json('PersonalDataRequest') },
          responses: { ...ok('PersonalDataErasureResponse'), ...errors(400, 401, 403, 429, 500) },
        },
      },
      '/healthz': {
        get: { tags: ['operations'], operationId: 'health', summary: 'The process is up', security: [], responses: ok('Health') },
      },
      '/readyz': {
        get: {
          tags: ['operations'],
          operationId: 'readiness',
          summary: 'The database (and Redis, when configured) answer',
          security: [],
          responses: { ...ok('Readiness'), ...errors(503) },
        },
      },
      '/metrics': {
        get: {
          tags: ['operations'],
          operationId: 'metrics',
          summary: 'Prometheus metrics (text exposition format)',
          security: [],
          responses: { '200': { description: 'Metrics', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
    },
    components: {
      schemas,
      responses,
      securitySchemes: {
        serviceToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API token `svc_...` with the ability `wp:integration` (401 `unauthenticated` when unknown, 403 `forbidden` without the ability).',
        },
        serviceSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Signature',
          description:
            '`t=<unix seconds>,v1=<hex>` where hex = HMAC-SHA256(the plaintext `svc_` token, `<t>.<raw body bytes>`); several v1 values are accepted (rotation); rejected when |now - t| > 300 s.',
        },
        widgetToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The token from /v1/widget/init (HS256, 60 minutes), usable only from the agent\'s allowed origins.',
        },
      },
    },
  };
}
