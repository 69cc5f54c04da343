// The typed client of the integration API (contract sections 2 and 3), as the store plugin speaks
// it: a bearer `svc_` token on every call, and on the sync routes an HMAC signature over the exact
// body bytes. Node only (node:crypto); the widget never imports this module.

import { createHmac } from 'node:crypto';
import type { components } from './openapi.js';
import { readJson, sendRaw, type ClientOptions, type JsonRoute, type ResponseOf } from './index.js';

type Schemas = components['schemas'];

export type HandshakeRequest = Schemas['HandshakeRequest'];
export type HandshakeResponse = Schemas['HandshakeResponse'];
export type PostsSyncRequest = Schemas['PostsSyncRequest'];
export type ProductsSyncRequest = Schemas['ProductsSyncRequest'];
export type SyncResponse = Schemas['SyncResponse'];
export type DocumentHashesRequest = Schemas['DocumentHashesRequest'];
export type DocumentHashesResponse = Schemas['DocumentHashesResponse'];
export type PersonalDataExportResponse = Schemas['PersonalDataExportResponse'];
export type PersonalDataErasureResponse = Schemas['PersonalDataErasureResponse'];
/** `{"wp_id", "deleted": true}`: takes a document out of the index. */
export type Removal = Extract<PostsSyncRequest['items'][number], { deleted: true }>;
export type PostDocument = Exclude<PostsSyncRequest['items'][number], Removal>;
export type ProductDocument = Exclude<ProductsSyncRequest['items'][number], Removal>;

export type SyncKind = 'posts' | 'products';
interface SyncBodies {
  posts: PostsSyncRequest;
  products: ProductsSyncRequest;
}

/** The service refuses a batch of more than this many items (and an empty one). */
export const MAX_SYNC_ITEMS = 50;
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** How far the signature's timestamp may be from the service's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const unixSeconds = () => Math.floor(Date.now() / 1000);

/** hex HMAC-SHA256(key, "<timestamp>.<raw body>") */
export function computeSignature(key: string, timestamp: number, rawBody: string | Uint8Array): string {
  return createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** `t=<unix seconds>,v1=<hex>`, the value of X-Service-Signature. */
export function signatureHeader(key: string, rawBody: string | Uint8Array, timestamp = unixSeconds()): string {
  return `t=${timestamp},v1=${computeSignature(key, timestamp, rawBody)}`;
}

/** A request ready to send with any HTTP client: the body is the exact text that was signed. */
export interface PreparedRequest<P extends JsonRoute = JsonRoute> {
  method: 'POST';
  path: P;
  headers: Record<string, string>;
  body: string;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function handshakeRequest(token: string, body: HandshakeRequest): PreparedRequest<'/api/v1/wp/handshake'> {
  return { method: 'POST', path: '/api/v1/wp/handshake', headers: bearer(token), body: JSON.stringify(body) };
}

export interface SignOptions {
  /** Unix seconds; now by default. */
  timestamp?: number;
  /** The signing key; the token itself, as the contract says, by default. */
  key?: string;
}

/**
 * A signed sync batch. A string body is sent and signed as given, so that a caller can send bytes
 * that no serializer would produce.
 */
export function syncRequest<K extends SyncKind>(
  token: string,
  kind: K,
  body: SyncBodies[K] | string,
  options: SignOptions = {},
): PreparedRequest<`/api/v1/wp/${K}/sync`> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method: 'POST',
    path: `/api/v1/wp/${kind}/sync`,
    headers: { ...bearer(token), [SIGNATURE_HEADER]: signatureHeader(options.key ?? token, raw, options.timestamp) },
    body: raw,
  };
}

/** The signed routes besides sync: a JSON body, signed like a sync batch. */
type SignedRoute = '/api/v1/wp/documents/hashes' | '/api/v1/wp/personal-data/export' | '/api/v1/wp/personal-data/erase';

export function signedRequest<P extends SignedRoute>(token: string, path: P, body: unknown, options: SignOptions = {}): PreparedRequest<P> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method: 'POST',
    path,
    headers: { ...bearer(token), [SIGNATURE_HEADER]: signatureHeader(options.key ?? token, raw, options.timestamp) },
    body: raw,
  };
}

export interface IntegrationClientOptions extends Omit<ClientOptions, 'token'> {
  /** The plaintext `svc_` token with the ability wp:integration. */
  token: string;
  /** Unix seconds for signature timestamps; the system clock by default. */
  now?: () => number;
}

export interface IntegrationClient {
  handshake(body: HandshakeRequest, signal?: AbortSignal): Promise<HandshakeResponse>;
  /** Indexes (or, for `{"wp_id", "deleted": true}` items, removes) 1 to 50 posts and pages. */
  syncPosts(items: PostsSyncRequest['items'], signal?: AbortSignal): Promise<SyncResponse>;
  syncProducts(items: ProductsSyncRequest['items'], signal?: AbortSignal): Promise<SyncResponse>;
  removePosts(wpIds: number[], signal?: AbortSignal): Promise<SyncResponse>;
  removeProducts(wpIds: number[], signal?: AbortSignal): Promise<SyncResponse>;
  /** A page of the content hashes the service holds for the site (the plugin's reconciliation). */
  documentHashes(body: DocumentHashesRequest, signal?: AbortSignal): Promise<DocumentHashesResponse>;
  /** A person's assistant data in the workspace, by e-mail address. */
  exportPersonalData(email: string, signal?: AbortSignal): Promise<PersonalDataExportResponse>;
  erasePersonalData(email: string, signal?: AbortSignal): Promise<PersonalDataErasureResponse>;
}

/** Sends a prepared request; errors reject as ApiError, like the widget client's. */
export async function sendPrepared<P extends JsonRoute>(
  client: Omit<ClientOptions, 'token'>,
  request: PreparedRequest<P>,
  signal?: AbortSignal,
): Promise<ResponseOf<P>> {
  // The prepared headers carry the credentials; the client's own token would add a second Authorization.
  const { baseUrl, fetch, headers } = client;
  const response = await sendRaw({ baseUrl, ...(fetch ? { fetch } : {}), headers: { ...headers, ...request.headers } }, request.path, request.body, { signal });
  return readJson(response, request.path);
}

export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  const { token, now = unixSeconds, ...client } = options;
  const sync = <K extends SyncKind>(kind: K, items: SyncBodies[K]['items'], signal?: AbortSignal) =>
    sendPrepared(client, syncRequest(token, kind, { items } as SyncBodies[K], { timestamp: now() }), signal);
  const removals = (wpIds: number[]): Removal[] => wpIds.map((wp_id) => ({ wp_id, deleted: true }));
  return {
    handshake: (body, signal) => sendPrepared(client, handshakeRequest(token, body), signal),
    syncPosts: (items, signal) => sync('posts', items, signal),
    syncProducts: (items, signal) => sync('products', items, signal),
    removePosts: (wpIds, signal) => sync('posts', removals(wpIds), signal),
    removeProducts: (wpIds, signal) => sync('products', removals(wpIds), signal),
    documentHashes: (body, signal) => sendPrepared(client, signedRequest(token, '/api/v1/wp/documents/hashes', body, { timestamp: now() }), signal),
    exportPersonalData: (email, signal) =>
      sendPrepared(client, signedRequest(token, '/api/v1/wp/personal-data/export', { email }, { timestamp: now() }), signal),
    erasePersonalData: (email, signal) => sendPrepared(client, signedRequest(token, '/api/v1/wp/personal-data/erase', { email }, { timestamp: now() }), signal),
  };
}
