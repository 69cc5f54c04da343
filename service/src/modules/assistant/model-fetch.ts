import http from 'node:http';
import https from 'node:https';

/**
 * The HTTP client the AI SDK's providers use to call models (their `fetch` option): node:http
 * on keep-alive agents, answering with a standard `Response`.
 *
 * A model's answer streams for as long as it writes, often seconds, and a widget holds one per
 * visitor. Undici's fetch keeps the request for that whole time (the body as a string and again
 * as bytes in a stream queue, with its request, fetch-controller and response state) and reads
 * the socket through a byte stream of its own; here the request body is written and dropped,
 * and the response body is one plain stream fed from the socket.
 *
 * Behaves as fetch does where the providers depend on it: failures to connect reject with
 * `TypeError('fetch failed')` carrying the cause (the AI SDK retries those), aborting rejects
 * with the signal's reason or errors the body, and a response that stays silent for five minutes
 * fails, as with undici's header and body timeouts.
 *
 * Unlike fetch, it never follows a redirect, whatever `redirect` asks: the request carries the
 * API key and the whole prompt (the visitor's messages, retrieved content, the system prompt),
 * and a redirect would hand both to wherever the endpoint, or whoever answers in its place,
 * points. A redirect answer rejects with ModelRedirectError instead, which is not retried.
 */

const IDLE_TIMEOUT_MS = 300_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

type RequestBody = string | Uint8Array | undefined;

/** A model endpoint answered with a redirect, which model calls never follow. */
export class ModelRedirectError extends Error {
  override name = 'ModelRedirectError';
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`the model endpoint ${url} answered ${status} (a redirect); model calls do not follow redirects: configure the endpoint's final address`);
  }
}

export const modelFetch: typeof fetch = async (input, init = {}) => {
  if (input instanceof Request) throw new TypeError('modelFetch takes a URL and options, not a Request');
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const url = new URL(input);
  const response = await send(url, (init.method ?? 'GET').toUpperCase(), headers, bodyOf(init.body), init.signal ?? undefined);
  if (REDIRECT_STATUSES.has(response.status)) {
    await response.body?.cancel();
    // The endpoint's own address, without a query (some gateways take keys there).
    throw new ModelRedirectError(response.status, `${url.origin}${url.pathname}`);
  }
  return response;
};

function bodyOf(body: RequestInit['body']): RequestBody {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('modelFetch sends string or byte bodies only');
}

function send(url: URL, method: string, headers: Record<string, string>, body: RequestBody, signal: AbortSignal | undefined): Promise<Response> {
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  if (signal?.aborted) return Promise.reject(signal.reason);
  const request = (url.protocol === 'https:' ? https : http).request(url, { method, headers, agent });
  const response = receive(request, method, signal);
  // Written here, outside the closures that live as long as the response: the body is not kept.
  request.end(body);
  return response;
}

function receive(request: http.ClientRequest, method: string, signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let bodyOpen = false;
    const fail = (error: unknown) => {
      if (!settled) {
        settled = true;
        reject(error);
      } else if (bodyOpen) {
        bodyOpen = false;
        controller!.error(error);
      }
    };
    const onAbort = () => {
      fail(signal!.reason);
      request.destroy();
    };
    const done = () => signal?.removeEventListener('abort', onAbort);

    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(Object.assign(new Error('the model sent nothing for five minutes'), { code: 'ETIMEDOUT' })));
    request.on('error', (error) => {
      done();
      // Before a response: the connection failed, as fetch reports it. After: the body breaks.
      fail(settled ? error : new TypeError('fetch failed', { cause: error }));
    });
    request.on('response', (incoming) => {
      settled = true;
      bodyOpen = true;
      const stream = new ReadableStream<Uint8Array>(
        {
          start(streamController) {
            controller = streamController;
          },
          pull() {
            incoming.resume();
          },
          cancel() {
            bodyOpen = false;
            done();
            request.destroy();
          },
        },
        // Nothing is queued ahead of the reader: the socket is paused whenever it is not reading.
        { highWaterMark: 0 },
      );
      incoming.on('data', (chunk: Buffer) => {
        if (!bodyOpen) return;
        controller!.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller!.desiredSize ?? 0) <= 0) incoming.pause();
      });
      incoming.on('end', () => {
        done();
        if (!bodyOpen) return;
        bodyOpen = false;
        controller!.close();
      });
      incoming.on('aborted', () => fail(Object.assign(new Error('the model closed the connection'), { code: 'ECONNRESET' })));
      incoming.on('error', (error) => fail(error));
      const responseHeaders = new Headers();
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) responseHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
      const status = incoming.statusCode ?? 0;
      // A Response may not carry a body with these statuses.
      const noBody = status === 204 || status === 205 || status === 304 || method === 'HEAD';
      if (noBody) {
        incoming.resume();
        bodyOpen = false;
      }
      resolve(new Response(noBody ? null : stream, { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
