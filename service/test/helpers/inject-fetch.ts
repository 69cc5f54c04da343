import type { FastifyInstance, InjectOptions } from 'fastify';
import type { FetchLike } from '@storefront-assistant/client';

/** The base URL the typed clients are given in tests: only its path reaches the app. */
export const INJECT_BASE_URL = 'http://localhost';

/**
 * A fetch that answers from `app.inject`, so that the typed clients of @storefront-assistant/client
 * run against the real app in process, without a listening socket. A streamed response arrives
 * whole; an AbortSignal is not honoured (inject cannot cut a request short).
 */
export function injectFetch(app: FastifyInstance, extra: Pick<InjectOptions, 'remoteAddress'> = {}): FetchLike {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url: target.pathname + target.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      ...extra,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) headers.append(name, String(item));
    }
    // Response refuses a body, even an empty one, for these statuses.
    const bodiless = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(bodiless ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
