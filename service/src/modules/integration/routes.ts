import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { createLimiter } from '../../lib/rate-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { SIGNATURE_HEADER, verifySignature } from '../../lib/signature.js';
import { authenticateApiToken, requireAbility, type AuthenticatedToken } from '../auth/api-tokens.js';
import { erasePersonalData, exportPersonalData } from './personal-data.js';
import {
  documentHashesBody,
  documentHashesResponse,
  handshakeBody,
  handshakeResponse,
  personalDataBody,
  personalDataErasureResponse,
  personalDataExportResponse,
  postsSyncBody,
  productsSyncBody,
  syncResponse,
} from './schemas.js';
import { documentHashes, handshake, recordSyncErrors, syncDocuments, type SyncResponse } from '../sites/connection.js';
import { noteIndexChanges } from '../knowledge/statistics.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiToken: AuthenticatedToken | null;
  }
}

export const SYNC_BODY_LIMIT = 2 * 1024 * 1024;

function parseJson(raw: unknown): unknown {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
  if (text.trim() === '') throw new AppError('validation_failed', 'The request body is empty', { errors: { _: ['a JSON body is required'] } });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('validation_failed', 'The request body is not valid JSON', { errors: { _: ['not valid JSON'] } });
  }
}

function tokenOf(request: FastifyRequest): AuthenticatedToken {
  if (!request.apiToken) throw new AppError('unauthenticated', 'A bearer API token (svc_...) is required');
  return request.apiToken;
}

const tags = ['integration'];

/** The sync routes' documentation; their body schemas differ only in the item. */
function syncSchema<S extends typeof postsSyncBody | typeof productsSyncBody>(kind: 'posts' | 'products', body: S) {
  return {
    tags,
    operationId: `${kind}Sync`,
    summary: `Index a batch of ${kind} (1 to 50)`,
    description:
      'The batch is validated whole: any invalid item answers 400 `validation_failed` with errors keyed `items.<index>.<field>` and nothing is written. A valid batch is written in one transaction. An item whose `content_hash` equals the stored one is `unchanged`; `{"wp_id", "deleted": true}` removes one. Body up to 2 MB.',
    security: [{ serviceToken: [], serviceSignature: [] }],
    body,
    response: { 200: syncResponse, ...errorResponses(400, 401, 403, 409, 413, 429) },
  };
}

/**
 * The API a store plugin calls (spec 4.1). Order of checks on every route: bearer token (401),
 * ability (403), per-token limit (429), then, on mutations, the HMAC over the raw body (401),
 * and only then the JSON is parsed and validated.
 */
export async function integrationRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('apiToken', null);
  // Bodies stay raw bytes until the signature is checked: it covers exactly what was sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const perTokenLimit = createLimiter(app, { name: 'integration', max: deps.limits.integrationPerToken, key: (request) => tokenOf(request).id });
  app.addHook('onRequest', async (request) => {
    const token = await authenticateApiToken(deps.db, request.headers.authorization, deps.now());
    requireAbility(token, 'wp:integration');
    request.apiToken = token;
    await perTokenLimit(request);
  });

  /** After a batch's commit: the metrics, and the index statistics that search relies on. */
  const countSynced = (outcome: SyncResponse, kind: 'post' | 'product'): SyncResponse => {
    for (const result of outcome.results) deps.metrics.syncItems.inc({ kind, status: result.status });
    noteIndexChanges(deps.db, outcome.created + outcome.updated + outcome.deleted, (error) => deps.log.warn({ err: error }, 'ANALYZE after sync failed'));
    return outcome;
  };

  /** The raw body becomes JSON for the route's schema to validate. */
  const parseBody = async (request: FastifyRequest) => {
    request.body = parseJson(request.body);
  };

  const verifyBodySignature = async (request: FastifyRequest) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers[SIGNATURE_HEADER];
    verifySignature(Array.isArray(header) ? header.join(',') : header, raw, {
      keys: [tokenOf(request).plaintext],
      now: () => Math.floor(deps.now().getTime() / 1000),
    });
  };

  const handshakeSchema = {
    tags,
    operationId: 'handshake',
    summary: 'Connect a site and receive a new shopper signing secret',
    description: 'The previous shopper signing secret stays valid for 10 minutes.',
    security: [{ serviceToken: [] }],
    body: handshakeBody,
    response: { 200: handshakeResponse, ...errorResponses(400, 401, 403, 429) },
  };
  app.post('/api/v1/wp/handshake', { schema: handshakeSchema, preValidation: parseBody }, async (request) =>
    handshake(deps.db, tokenOf(request), request.body, {
      minPluginVersion: deps.config.minPluginVersion,
      now: deps.now(),
      checkSiteUrl: deps.checkSiteUrl,
    }),
  );

  /**
   * A batch is validated whole before anything is written; a refused one (unreadable JSON or an
   * invalid item) is kept for the Sites page, so the route takes its validation error itself.
   */
  const syncOptions = (kind: 'post' | 'product') => ({
    bodyLimit: SYNC_BODY_LIMIT,
    attachValidation: true,
    preValidation: async (request: FastifyRequest) => {
      await verifyBodySignature(request);
      try {
        await parseBody(request);
      } catch (error) {
        if (error instanceof AppError) await recordSyncErrors(deps.db, tokenOf(request), kind, error, deps.now());
        throw error;
      }
    },
  });
  const refuseInvalidBatch = async (request: FastifyRequest, kind: 'post' | 'product') => {
    const refused = request.validationError;
    if (!refused) return;
    if (refused instanceof AppError) await recordSyncErrors(deps.db, tokenOf(request), kind, refused, deps.now());
    throw refused;
  };

  app.post('/api/v1/wp/posts/sync', { schema: syncSchema('posts', postsSyncBody), ...syncOptions('post') }, async (request) => {
    await refuseInvalidBatch(request, 'post');
    const synced = await syncDocuments(deps.db, tokenOf(request), { kind: 'post', items: request.body.items }, deps.now());
    deps.suites.schedule(tokenOf(request).workspaceId, null, 'sync');
    return countSynced(synced, 'post');
  });

  app.post('/api/v1/wp/products/sync', { schema: syncSchema('products', productsSyncBody), ...syncOptions('product') }, async (request) => {
    await refuseInvalidBatch(request, 'product');
    const synced = await syncDocuments(deps.db, tokenOf(request), { kind: 'product', items: request.body.items }, deps.now());
    deps.suites.schedule(tokenOf(request).workspaceId, null, 'sync');
    return countSynced(synced, 'product');
  });

  /** Signed reads: the HMAC over the raw body is checked before the JSON is parsed and validated. */
  const signedOptions = {
    preValidation: async (request: FastifyRequest) => {
      await verifyBodySignature(request);
      await parseBody(request);
    },
  };
  const signedSecurity = [{ serviceToken: [], serviceSignature: [] }];

  app.post(
    '/api/v1/wp/documents/hashes',
    {
      schema: {
        tags,
        operationId: 'documentHashes',
        summary: 'The content hashes the service holds for the site, a page at a time',
        description:
          "For the plugin's reconciliation: `{wp_id, content_hash}` of the documents of one kind (`post` or `product`) with `wp_id` greater than `after_wp_id`, in `wp_id` order, at most `limit` (default 500, at most 1000). The plugin sends again whatever differs from its own content, and removals for what it no longer has.",
        security: signedSecurity,
        body: documentHashesBody,
        response: { 200: documentHashesResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
      ...signedOptions,
    },
    async (request) => documentHashes(deps.db, tokenOf(request), request.body),
  );

  /** The site's privacy tools (WordPress "Export / Erase Personal Data"): one person's data, by e-mail address. */
  app.post(
    '/api/v1/wp/personal-data/export',
    {
      schema: {
        tags,
        operationId: 'personalDataExport',
        summary: 'A person\'s assistant data, by e-mail address (the site\'s "Export Personal Data")',
        description:
          "In the token's workspace: the leads left with the address, and the conversations that are the person's (a lead of the address was left in it, it was bound to a shopper signed in with it, or the visitor typed it in it) with their messages. Playground conversations are not included.",
        security: signedSecurity,
        body: personalDataBody,
        response: { 200: personalDataExportResponse, ...errorResponses(400, 401, 403, 429) },
      },
      ...signedOptions,
    },
    async (request) => exportPersonalData(deps.db, tokenOf(request), request.body.email),
  );

  app.post(
    '/api/v1/wp/personal-data/erase',
    {
      schema: {
        tags,
        operationId: 'personalDataErase',
        summary: 'Erase a person\'s assistant data, by e-mail address (the site\'s "Erase Personal Data")',
        description:
          'Deletes what the export returns, in one transaction: the leads (with their later submissions and undelivered deliveries) and the conversations with their messages, coupon applies, widget events and missed order lookups. Answers the counts; a second call finds nothing.',
        security: signedSecurity,
        body: personalDataBody,
        response: { 200: personalDataErasureResponse, ...errorResponses(400, 401, 403, 429) },
      },
      ...signedOptions,
    },
    async (request) => {
      const erased = await erasePersonalData(deps.db, tokenOf(request), request.body.email);
      request.log.info(
        { leads: erased.leads_removed, conversations: erased.conversations_removed, messages: erased.messages_removed },
        "personal data erased at the site's request",
      );
      return erased;
    },
  );
}
