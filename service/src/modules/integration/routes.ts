import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { SIGNATURE_HEADER, verifySignature } from '../../lib/signature.js';
import { parseInput } from '../../lib/validate.js';
import { authenticateApiToken, requireAbility, type AuthenticatedToken } from '../auth/api-tokens.js';
import { createLimiter } from '../../lib/rate-limit.js';
import { erasePersonalData, exportPersonalData } from './personal-data.js';
import { documentHashesBody, handshakeBody, personalDataBody, postsSyncBody, productsSyncBody } from './schemas.js';
import { documentHashes, handshake, recordSyncErrors, syncDocuments, type SyncResponse } from './service.js';
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

/**
 * The API a store plugin calls (spec 4.1). Order of checks on every route: bearer token (401),
 * ability (403), per-token limit (429), then, on mutations, the HMAC over the raw body (401),
 * and only then the JSON is parsed and validated.
 */
export async function integrationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.decorateRequest('apiToken', null);
  // Bodies stay raw bytes here: the signature covers exactly what was sent.
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
    noteIndexChanges(deps.db, outcome.created + outcome.updated + outcome.deleted, (error) =>
      deps.log.warn({ err: error }, 'ANALYZE after sync failed'),
    );
    return outcome;
  };

  const verifyBodySignature = async (request: FastifyRequest) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers[SIGNATURE_HEADER];
    verifySignature(Array.isArray(header) ? header.join(',') : header, raw, {
      keys: [tokenOf(request).plaintext],
      now: () => Math.floor(deps.now().getTime() / 1000),
    });
  };

  app.post('/api/v1/wp/handshake', async (request) => {
    const body = parseInput(handshakeBody, parseJson(request.body));
    return handshake(deps.db, tokenOf(request), body, {
      minPluginVersion: deps.config.minPluginVersion,
      now: deps.now(),
      checkSiteUrl: deps.checkSiteUrl,
    });
  });

  /** Validates the whole batch (a refusal is kept for the Sites page), then writes it at once. */
  const readBatch = async <T>(request: FastifyRequest, kind: 'post' | 'product', parse: (body: unknown) => T): Promise<T> => {
    try {
      return parse(parseJson(request.body));
    } catch (error) {
      if (error instanceof AppError) await recordSyncErrors(deps.db, tokenOf(request), kind, error, deps.now());
      throw error;
    }
  };
  const syncOptions = { bodyLimit: SYNC_BODY_LIMIT, preValidation: verifyBodySignature };

  app.post('/api/v1/wp/posts/sync', syncOptions, async (request) => {
    const items = await readBatch(request, 'post', (body) => parseInput(postsSyncBody, body).items);
    return countSynced(await syncDocuments(deps.db, tokenOf(request), { kind: 'post', items }, deps.now()), 'post');
  });

  app.post('/api/v1/wp/products/sync', syncOptions, async (request) => {
    const items = await readBatch(request, 'product', (body) => parseInput(productsSyncBody, body).items);
    return countSynced(await syncDocuments(deps.db, tokenOf(request), { kind: 'product', items }, deps.now()), 'product');
  });

  const signedOptions = { preValidation: verifyBodySignature };

  /** The plugin's reconciliation: what the service holds of the site, to compare with the site's content. */
  app.post('/api/v1/wp/documents/hashes', signedOptions, async (request) =>
    documentHashes(deps.db, tokenOf(request), parseInput(documentHashesBody, parseJson(request.body))),
  );

  /** The site's privacy tools (WordPress "Export / Erase Personal Data"): one person's data, by e-mail address. */
  app.post('/api/v1/wp/personal-data/export', signedOptions, async (request) =>
    exportPersonalData(deps.db, tokenOf(request), parseInput(personalDataBody, parseJson(request.body)).email),
  );

  app.post('/api/v1/wp/personal-data/erase', signedOptions, async (request) => {
    const { email } = parseInput(personalDataBody, parseJson(request.body));
    const erased = await erasePersonalData(deps.db, tokenOf(request), email);
    request.log.info({ leads: erased.leads_removed, conversations: erased.conversations_removed, messages: erased.messages_removed }, 'personal data erased at the site\'s request');
    return erased;
  });
}
