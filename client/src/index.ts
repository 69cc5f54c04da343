// The typed client of the widget API (contract section 4), for the embedded widget and for
// tests. Request and response types come from ./openapi.ts, generated from the service's OpenAPI
// document: a route schema change reaches its callers' type checks on regeneration, and
// client/test/generated.test.ts fails until the file is regenerated.
// Dependency-free and browser-safe: it is bundled into the widget, whose loader has a size budget,
// so every call is a separate, tree-shakeable function; createWidgetClient only binds them.

import type { components, paths } from './openapi.js';
import type { WidgetStreamEvent } from '../../service/src/contract/stream-events.js';
import type { UpdateEvent as ContractUpdateEvent } from '../../service/src/contract/conversation-updates.js';
import { readEventStream } from './sse.js';

export type { components, operations, paths } from './openapi.js';
export { readEventStream, SseParser, type SseEvent } from './sse.js';

type Schemas = components['schemas'];

export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type ErrorCode = ErrorEnvelope['code'];
export type InitRequest = Schemas['InitRequest'];
export type InitResponse = Schemas['InitResponse'];
export type Agent = InitResponse['agent'];
export type Direction = Agent['direction'];
export type Message = Schemas['Message'];
export type Block = Message['blocks'][number];
export type Source = Message['sources'][number];
export type MessageRequest = Schemas['MessageRequest'];
export type MessageResponse = Schemas['MessageResponse'];
export type StreamRequest = paths['/v1/widget/messages/stream']['post']['requestBody']['content']['application/json'];
export type LeadRequest = Schemas['LeadRequest'];
export type LeadResponse = Schemas['LeadResponse'];
export type FeedbackRequest = Schemas['FeedbackRequest'];
export type FeedbackResponse = Schemas['FeedbackResponse'];
export type EventsRequest = Schemas['EventsRequest'];
export type EventsResponse = Schemas['EventsResponse'];
export type WidgetEvent = EventsRequest['events'][number];
export type CouponApplyRequest = Schemas['CouponApplyRequest'];
export type CouponApplyResponse = Schemas['CouponApplyResponse'];
export type HandoffRequest = Schemas['HandoffRequest'];
export type HandoffResponse = Schemas['HandoffResponse'];
export type HeldResponse = Schemas['HeldResponse'];
export type UpdatesResponse = Schemas['UpdatesResponse'];
export type HandoffState = HandoffResponse['state'];
export type TeamMessage = UpdatesResponse['messages'][number];
/** The events of the live channel (GET /v1/widget/updates/stream), from the service's contract. */
export type UpdateEvent = ContractUpdateEvent;

/** Routes answering 200 with JSON to a JSON body: the ones `postJson` can call. */
export type JsonRoute = {
  [P in keyof paths]: paths[P] extends {
    post: { requestBody: { content: { 'application/json': unknown } }; responses: { 200: { content: { 'application/json': unknown } } } };
  }
    ? P
    : never;
}[keyof paths];
export type RequestOf<P extends JsonRoute> = paths[P]['post']['requestBody']['content']['application/json'];
export type ResponseOf<P extends JsonRoute> = paths[P]['post']['responses'][200]['content']['application/json'];

/**
 * The events of POST /v1/widget/messages/stream, from their one definition in the service's
 * contract (the OpenAPI document can only say "text/event-stream"). A type-only import: the zod
 * schemas stay in the service and cost the widget no bytes.
 */
export type StreamEvent = WidgetStreamEvent;
export type { StreamEventData } from '../../service/src/contract/stream-events.js';

/** Every event name of the widget's stream, listed as a record so that the type check notices one missing. */
const STREAM_EVENTS: Readonly<Record<StreamEvent['event'], true>> = {
  start: true,
  delta: true,
  block: true,
  sources: true,
  done: true,
  error: true,
  held: true,
};

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** The service's address, e.g. "https://assistant.example" (a trailing slash is ignored). */
  baseUrl: string;
  /** Defaults to the global fetch as it is at call time, so a page or a test may replace it later. */
  fetch?: FetchLike;
  /** The widget JWT from init; a call's own `token` takes precedence. */
  token?: string;
  /** Sent with every call. Browsers set Origin themselves; a server-side caller has to. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  token?: string;
  signal?: AbortSignal;
  /** Lets the request outlive the page (an unload flush). */
  keepalive?: boolean;
  headers?: Record<string, string>;
}

export interface StreamOptions extends CallOptions {
  /** Called for every chunk received, keep-alive pings included. */
  onChunk?: () => void;
}

/** `code` is the envelope's, or: "network" (no answer), "bad_response", "http_<status>" (no envelope). */
export type ApiErrorCode = ErrorCode | 'network' | 'bad_response' | `http_${number}`;

/**
 * A call that failed. `status` is 0 when no response arrived. An abort is not an ApiError: the
 * caller's AbortError comes through as is, so a stop is never mistaken for a failure.
 */
export class ApiError extends Error {
  // Declared, not initialized, fields: the loader's size budget has no room for the helper code
  // that class field initializers compile to.
  declare readonly status: number;
  declare readonly code: ApiErrorCode;
  /** Messages by field path ("items.3.permalink"); {} when none. */
  declare readonly errors: Record<string, string[]>;
  /** Seconds to wait, from Retry-After (429). */
  declare readonly retryAfter?: number;

  constructor(
    fields: { status: number; code: ApiErrorCode; message: string; errors?: Record<string, string[]>; retryAfter?: number | undefined },
    options?: { cause?: unknown },
  ) {
    super(fields.message, options);
    this.name = 'ApiError';
    this.status = fields.status;
    this.code = fields.code;
    this.errors = fields.errors ?? {};
    if (fields.retryAfter !== undefined) this.retryAfter = fields.retryAfter;
  }
}

/**
 * Recognizes an ApiError by its shape too: the widget's loader and panel are separate bundles,
 * each with its own copy of the class, so `instanceof` alone fails across them.
 */
export function isApiError(value: unknown): value is ApiError {
  if (value instanceof ApiError) return true;
  const candidate = value as Partial<ApiError> | null;
  return typeof candidate === 'object' && candidate?.name === 'ApiError' && typeof candidate.code === 'string' && typeof candidate.status === 'number';
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function errorFrom(response: Response): Promise<ApiError> {
  // The service answers with its envelope; anything in between (a proxy, a CDN) may not.
  let body: Partial<ErrorEnvelope> | null = null;
  try {
    body = (await response.json()) as Partial<ErrorEnvelope> | null;
  } catch {
    // not JSON: described by the status alone
  }
  return new ApiError({
    status: response.status,
    code: typeof body?.code === 'string' ? body.code : `http_${response.status}`,
    message: typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
    errors: body?.errors && typeof body.errors === 'object' ? body.errors : {},
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * POSTs a JSON text as is (a signed request must send exactly the bytes it signed). Resolves
 * with a 2xx response, rejects with an ApiError otherwise.
 */
export function sendRaw(client: ClientOptions, path: string, json: string, options: CallOptions = {}): Promise<Response> {
  return call(client, 'POST', path, json, options);
}

async function call(client: ClientOptions, method: 'GET' | 'POST', path: string, json: string | undefined, options: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { ...client.headers, ...options.headers };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.token ?? client.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // Called unbound: `window.fetch` invoked as a method of another object throws "Illegal invocation".
  const fetcher = client.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(client.baseUrl.replace(/\/+$/, '') + path, {
      method,
      headers,
      body: json,
      credentials: 'omit', // the widget JWT is the only credential; the service's cookies are not ours to send
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network', message: String(error) }, { cause: error });
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

export const send = (client: ClientOptions, path: string, body: unknown, options?: CallOptions): Promise<Response> =>
  sendRaw(client, path, JSON.stringify(body), options);

/** The JSON body of a successful response, as the route's generated type. */
export async function readJson<P extends JsonRoute>(response: Response, path: P): Promise<ResponseOf<P>> {
  try {
    return (await response.json()) as ResponseOf<P>;
  } catch (error) {
    throw new ApiError({ status: response.status, code: 'bad_response', message: `${path} answered without JSON` }, { cause: error });
  }
}

/** A JSON route, typed by the generated document. */
export async function postJson<P extends JsonRoute>(client: ClientOptions, path: P, body: RequestOf<P>, options?: CallOptions): Promise<ResponseOf<P>> {
  return readJson(await send(client, path, body, options), path);
}

/** Starts or resumes a conversation; needs no token (the page's Origin is the credential). */
export const init = (client: ClientOptions, body: InitRequest, options?: CallOptions): Promise<InitResponse> =>
  postJson(client, '/v1/widget/init', body, options);

export const sendMessage = (client: ClientOptions, body: MessageRequest, options?: CallOptions): Promise<MessageResponse> =>
  postJson(client, '/v1/widget/messages', body, options);

export const submitLead = (client: ClientOptions, body: LeadRequest, options?: CallOptions): Promise<LeadResponse> =>
  postJson(client, '/v1/widget/leads', body, options);

/** Rates an answer of the token's conversation; the latest rating replaces the earlier. */
export const sendFeedback = (client: ClientOptions, body: FeedbackRequest, options?: CallOptions): Promise<FeedbackResponse> =>
  postJson(client, '/v1/widget/feedback', body, options);

export const sendEvents = (client: ClientOptions, body: EventsRequest, options?: CallOptions): Promise<EventsResponse> =>
  postJson(client, '/v1/widget/events', body, options);

export const applyCoupon = (client: ClientOptions, body: CouponApplyRequest, options?: CallOptions): Promise<CouponApplyResponse> =>
  postJson(client, '/api/v1/widget/coupon/apply', body, options);

/** Asks for a person of the team; `available` false means nobody can answer now (offer the lead form). */
export const requestHandoff = (client: ClientOptions, body: HandoffRequest, options?: CallOptions): Promise<HandoffResponse> =>
  postJson(client, '/v1/widget/handoff', body, options);

/** The handoff state and the team's replies after `after` (a seq), for when a proxy buffers the live channel. */
export async function pollUpdates(client: ClientOptions, after: number, options: CallOptions = {}): Promise<UpdatesResponse> {
  const response = await call(client, 'GET', `/v1/widget/updates?after=${after}`, undefined, options);
  try {
    return (await response.json()) as UpdatesResponse;
  } catch (error) {
    throw new ApiError({ status: response.status, code: 'bad_response', message: '/v1/widget/updates answered without JSON' }, { cause: error });
  }
}

/**
 * Opens the conversation's live channel after `after` (a seq): `state` first, then team replies
 * as they are posted. Ends when the service closes it (every few minutes) or the signal aborts;
 * reconnect with the last seq received.
 */
export async function streamUpdates(client: ClientOptions, after: number, options: StreamOptions = {}): Promise<AsyncIterable<UpdateEvent>> {
  const response = await call(client, 'GET', `/v1/widget/updates/stream?after=${after}`, undefined, options);
  if (!response.body) throw new ApiError({ status: response.status, code: 'network', message: 'The stream has no body' });
  return updateEvents(response.body, options.onChunk);
}

async function* updateEvents(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<UpdateEvent, void, undefined> {
  for await (const { event, data } of readEventStream(body, onChunk)) {
    if (event !== 'state' && event !== 'message') continue;
    try {
      yield { event, data: JSON.parse(data) } as UpdateEvent;
    } catch {
      // a garbled event is skipped; the next reconnect reads again after the cursor
    }
  }
}

async function* streamEvents(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<StreamEvent, void, undefined> {
  for await (const { event, data } of readEventStream(body, onChunk)) {
    // Event kinds a newer service may add are not ours to interpret.
    if (!Object.prototype.hasOwnProperty.call(STREAM_EVENTS, event)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      continue; // one garbled event must not cost the rest of the answer
    }
    yield { event, data: parsed } as StreamEvent;
  }
}

/**
 * Sends a message and streams the answer. Resolves once the service has accepted the turn (a
 * refusal, such as 401 or 429, rejects with an ApiError before any event); the events then arrive
 * through the iterable, which ends with `done` or `error` unless the connection is cut. Aborting
 * the signal, or leaving the loop early, closes the connection and the service stops generating.
 */
export async function streamMessage(client: ClientOptions, body: StreamRequest, options: StreamOptions = {}): Promise<AsyncIterable<StreamEvent>> {
  const response = await send(client, '/v1/widget/messages/stream', body, options);
  if (!response.body) throw new ApiError({ status: response.status, code: 'network', message: 'The stream has no body' });
  return streamEvents(response.body, options.onChunk);
}

export interface WidgetClient {
  init(body: InitRequest, options?: CallOptions): Promise<InitResponse>;
  sendMessage(body: MessageRequest, options?: CallOptions): Promise<MessageResponse>;
  streamMessage(body: StreamRequest, options?: StreamOptions): Promise<AsyncIterable<StreamEvent>>;
  submitLead(body: LeadRequest, options?: CallOptions): Promise<LeadResponse>;
  sendFeedback(body: FeedbackRequest, options?: CallOptions): Promise<FeedbackResponse>;
  sendEvents(body: EventsRequest, options?: CallOptions): Promise<EventsResponse>;
  applyCoupon(body: CouponApplyRequest, options?: CallOptions): Promise<CouponApplyResponse>;
}

/** All calls bound to one service (and, optionally, one token). */
export function createWidgetClient(options: ClientOptions): WidgetClient {
  return {
    init: (body, call) => init(options, body, call),
    sendMessage: (body, call) => sendMessage(options, body, call),
    streamMessage: (body, call) => streamMessage(options, body, call),
    submitLead: (body, call) => submitLead(options, body, call),
    sendFeedback: (body, call) => sendFeedback(options, body, call),
    sendEvents: (body, call) => sendEvents(options, body, call),
    applyCoupon: (body, call) => applyCoupon(options, body, call),
  };
}
