import type { Failure } from './types.js';

export function isFailure(value: unknown): value is Failure {
  return value !== null && typeof value === 'object' && typeof (value as Failure).code === 'string';
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function failureFrom(response: Response): Promise<Failure> {
  // The service answers with its error envelope; anything in between (a proxy, a CDN) may not.
  let body: Partial<Failure> = {};
  try {
    body = (await response.json()) as Partial<Failure>;
  } catch {
    // not JSON: described by the status alone
  }
  const failure: Failure = {
    code: typeof body.code === 'string' ? body.code : `http_${response.status}`,
    status: response.status,
  };
  if (typeof body.message === 'string') failure.message = body.message;
  if (body.errors && typeof body.errors === 'object') failure.errors = body.errors;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (retryAfter !== undefined) failure.retryAfter = retryAfter;
  return failure;
}

export type PostOptions = { token?: string; signal?: AbortSignal; keepalive?: boolean };

/**
 * POSTs JSON to the widget API. Resolves with the response when it is 2xx; rejects with a Failure
 * otherwise ("network" when no response came). An abort rejects with the AbortError as is, so that
 * a stop by the visitor is not mistaken for a failure.
 */
export async function postJson(url: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'omit', // the widget JWT is the only credential; the service's cookies are not ours to send
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw { code: 'network', message: String(error) } satisfies Failure;
  }
  if (!response.ok) throw await failureFrom(response);
  return response;
}
