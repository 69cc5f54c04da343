import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createWidgetClient, isApiError, parseRetryAfter, streamMessage, type FetchLike, type StreamEvent } from '../src/index.js';

type Call = { url: string; init: RequestInit };

/** A fetch answering every call with `answer()`, remembering what it was asked. */
function recording(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return answer();
  };
  return { calls, fetch };
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const sse = (chunks: string[]) => new Response(streamOf(chunks), { headers: { 'content-type': 'text/event-stream' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the widget client', () => {
  it('POSTs JSON to the route under the base URL, with the token, the extra headers and no cookies', async () => {
    const service = recording(() => Response.json({ lead_id: 'l1', created: true }));
    const client = createWidgetClient({
      baseUrl: 'https://assistant.example/',
      fetch: service.fetch,
      token: 'jwt-1',
      headers: { origin: 'https://shop.example' },
    });
    await expect(client.submitLead({ email: 'a@b.example' })).resolves.toEqual({ lead_id: 'l1', created: true });
    await client.applyCoupon({ code: 'SPRING10' }, { token: 'jwt-2' });
    const [lead, coupon] = service.calls;
    expect(lead?.url).toBe('https://assistant.example/v1/widget/leads');
    expect(lead?.init).toMatchObject({ method: 'POST', body: '{"email":"a@b.example"}', credentials: 'omit' });
    const headers = new Headers(lead?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer jwt-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('origin')).toBe('https://shop.example');
    // A call's own token wins over the client's.
    expect(coupon?.url).toBe('https://assistant.example/api/v1/widget/coupon/apply');
    expect(new Headers(coupon?.init.headers).get('authorization')).toBe('Bearer jwt-2');
  });

  it('sends no Authorization header to init, which has no token yet', async () => {
    const service = recording(() => Response.json({}));
    await createWidgetClient({ baseUrl: 'https://assistant.example', fetch: service.fetch }).init({ agent_id: 'a' });
    expect(new Headers(service.calls[0]?.init.headers).has('authorization')).toBe(false);
  });

  it('uses the global fetch as it is at call time', async () => {
    const client = createWidgetClient({ baseUrl: 'https://assistant.example' });
    const later = vi.fn(async () => Response.json({ accepted: 1 }));
    vi.stubGlobal('fetch', later);
    await expect(client.sendEvents({ events: [{ name: 'dismiss', at: '2025-01-01T00:00:00Z' }] })).resolves.toEqual({ accepted: 1 });
    expect(later).toHaveBeenCalledOnce();
  });
});

describe('ApiError', () => {
  it('carries the service envelope, the status and Retry-After', async () => {
    const service = recording(() =>
      Response.json({ message: 'slow down', code: 'rate_limited', errors: {} }, { status: 429, headers: { 'Retry-After': '7' } }),
    );
    const error = await createWidgetClient({ baseUrl: 'https://a.example', fetch: service.fetch })
      .sendMessage({ message: 'hi' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 429, code: 'rate_limited', message: 'slow down', errors: {}, retryAfter: 7 });
  });

  it('keeps per-field messages of a validation failure', async () => {
    const errors = { email: ['must be an email address'] };
    const service = recording(() => Response.json({ message: 'The request is not valid', code: 'validation_failed', errors }, { status: 400 }));
    await expect(createWidgetClient({ baseUrl: 'https://a.example', fetch: service.fetch }).submitLead({ email: 'x' })).rejects.toMatchObject({
      code: 'validation_failed',
      errors,
    });
  });

  it('describes an answer without the envelope (a proxy, a CDN) by its status', async () => {
    const service = recording(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await createWidgetClient({ baseUrl: 'https://a.example', fetch: service.fetch })
      .init({ agent_id: 'a' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_502', errors: {} });
    expect(error).not.toHaveProperty('retryAfter');
  });

  it('is "network" with status 0 when no answer came, the cause kept', async () => {
    const failure = new TypeError('Failed to fetch');
    const error = await createWidgetClient({ baseUrl: 'https://a.example', fetch: () => Promise.reject(failure) })
      .init({ agent_id: 'a' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'network', cause: failure });
  });

  it('is "bad_response" when a 200 is not JSON', async () => {
    const service = recording(() => new Response('ok'));
    await expect(createWidgetClient({ baseUrl: 'https://a.example', fetch: service.fetch }).init({ agent_id: 'a' })).rejects.toMatchObject({
      code: 'bad_response',
      status: 200,
    });
  });

  it('is not what an abort rejects with: the AbortError comes through as is', async () => {
    const controller = new AbortController();
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('stopped', 'AbortError'))));
    const pending = createWidgetClient({ baseUrl: 'https://a.example', fetch }).sendMessage({ message: 'hi' }, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('is recognized by shape too, as a copy of the class from another bundle is', () => {
    expect(isApiError(new ApiError({ status: 401, code: 'token_expired', message: 'expired' }))).toBe(true);
    const foreign = Object.assign(new Error('expired'), { name: 'ApiError', status: 401, code: 'token_expired', errors: {} });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError({ code: 'token_expired' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('streamMessage', () => {
  it("yields the contract's events with parsed data, skipping kinds it does not know and garbled data", async () => {
    const service = recording(() =>
      sse([
        ': ping\n\n',
        'event: start\ndata: {"conversation_id":"c1","message_id":"m1","direction":"rtl"}\n\n',
        'event: delta\ndata: {"text":"Hel',
        'lo"}\n\nevent: tool_call\ndata: {"name":"search"}\n\n',
        'event: delta\ndata: {not json\n\n',
        'event: block\ndata: {"kind":"coupon_offer","data":{"code":"SPRING10","description":"10% off"}}\n\n',
        'event: sources\ndata: {"sources":[]}\n\n',
        'event: done\ndata: {"message":{"id":"m1","role":"assistant","content":"Hello","blocks":[],"sources":[],"created_at":"2025-01-01T00:00:00Z"}}\n\n',
      ]),
    );
    let chunks = 0;
    const events: StreamEvent[] = [];
    const stream = await streamMessage({ baseUrl: 'https://a.example', fetch: service.fetch, token: 't' }, { message: 'hi' }, { onChunk: () => chunks++ });
    for await (const event of stream) events.push(event);
    expect(service.calls[0]?.url).toBe('https://a.example/v1/widget/messages/stream');
    expect(events.map((event) => event.event)).toEqual(['start', 'delta', 'block', 'sources', 'done']);
    expect(events[1]).toEqual({ event: 'delta', data: { text: 'Hello' } });
    const done = events.at(-1);
    expect(done?.event === 'done' && done.data.message.content).toBe('Hello');
    expect(chunks).toBe(8);
  });

  it('rejects before any event when the service refuses the turn', async () => {
    const service = recording(() => Response.json({ message: 'busy', code: 'conversation_busy', errors: {} }, { status: 409 }));
    await expect(streamMessage({ baseUrl: 'https://a.example', fetch: service.fetch }, { message: 'hi' })).rejects.toMatchObject({
      code: 'conversation_busy',
      status: 409,
    });
  });

  it('closes the connection when the reader leaves the loop early', async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: start\ndata: {"conversation_id":"c","message_id":"m"}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const stream = await streamMessage({ baseUrl: 'https://a.example', fetch: async () => new Response(body) }, { message: 'hi' });
    for await (const event of stream) {
      expect(event.event).toBe('start');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
