import { send, submitLead } from '@storefront-assistant/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session } from '../src/session.js';
import { AgentStore } from '../src/storage.js';
import type { InitData } from '../src/types.js';

const BASE = 'https://assistant.example';

type Call = { url: string; body: Record<string, unknown>; auth: string | null };

/** A fetch stand-in answering init with numbered tokens and other routes through `route`. */
function fakeService(route: (call: Call) => Response) {
  const calls: Call[] = [];
  let inits = 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const call: Call = {
      url,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      auth: new Headers(init.headers).get('Authorization'),
    };
    calls.push(call);
    if (url.endsWith('/v1/widget/init')) {
      inits++;
      return Response.json({
        conversation_id: (call.body.conversation_id as string | undefined) ?? `c${inits}`,
        visitor_id: (call.body.visitor_id as string | undefined) ?? 'v1',
        token: `t${inits}`,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        agent: { id: 'agent-1', name: 'Helper', site_type: 'ecommerce', greeting: null, locale: 'de', direction: 'ltr' },
        messages: [],
      } satisfies InitData);
    }
    return route(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, inits: () => inits };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

function newSession(store = new AgentStore('k', memoryStorage())) {
  const onInit = vi.fn();
  const session = new Session({
    base: BASE,
    agentId: 'agent-1',
    store,
    locale: 'de-DE',
    pageContext: () => ({ url: 'https://shop.example/p' }),
    onInit,
  });
  return { session, store, onInit };
}

const expired = () => Response.json({ message: 'token expired', code: 'token_expired', errors: {} }, { status: 401 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Session', () => {
  it('inits with agent, locale and page context, and stores the IDs for the next page view', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const { session, store, onInit } = newSession();
    const data = await session.ready();
    expect(service.calls[0]).toMatchObject({
      url: `${BASE}/v1/widget/init`,
      body: { agent_id: 'agent-1', locale: 'de-DE', page_context: { url: 'https://shop.example/p' } },
      auth: null,
    });
    expect(store.get()).toEqual({ visitor_id: 'v1', conversation_id: 'c1' });
    expect(onInit).toHaveBeenCalledWith(data);
  });

  it('resumes with the stored visitor and conversation', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const store = new AgentStore('k', memoryStorage());
    store.update({ visitor_id: 'v9', conversation_id: 'c9' });
    await newSession(store).session.ready();
    expect(service.calls[0]?.body).toMatchObject({ visitor_id: 'v9', conversation_id: 'c9' });
  });

  it('renews an expired token by one new init and retries, for all requests that saw it', async () => {
    const service = fakeService((call) => (call.auth === 'Bearer t1' ? expired() : Response.json({ ok: call.body.n })));
    const { session } = newSession();
    await session.ready();
    const answers = await Promise.all([1, 2, 3].map((n) => session.withToken((client) => send(client, '/v1/widget/messages', { n })).then((r) => r.json())));
    expect(answers).toEqual([{ ok: 1 }, { ok: 2 }, { ok: 3 }]);
    expect(service.inits()).toBe(2);
    // The renewal resumed the same conversation.
    expect(service.calls.filter((call) => call.url.endsWith('/init'))[1]?.body).toMatchObject({ visitor_id: 'v1', conversation_id: 'c1' });
  });

  it('rejects with the error envelope, Retry-After included', async () => {
    fakeService(() => Response.json({ message: 'slow down', code: 'rate_limited', errors: {} }, { status: 429, headers: { 'Retry-After': '7' } }));
    const { session } = newSession();
    await expect(session.withToken((client) => submitLead(client, { email: 'a@b.example' }))).rejects.toMatchObject({
      name: 'ApiError',
      code: 'rate_limited',
      status: 429,
      message: 'slow down',
      errors: {},
      retryAfter: 7,
    });
  });

  it('describes a network failure as code "network", and retries a failed init on the next call', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    const { session } = newSession();
    await expect(session.ready()).rejects.toMatchObject({ code: 'network' });
    const service = fakeService(() => new Response(null, { status: 500 }));
    await expect(session.ready()).resolves.toMatchObject({ token: 't1' });
    expect(service.inits()).toBe(1);
  });

  it('sends the shopper token from identify(), re-initializing a running session', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const { session } = newSession();
    await session.ready();
    await session.identify(async () => 'shopper-jwt');
    expect(service.calls[1]?.body).toMatchObject({ shopper_token: 'shopper-jwt', conversation_id: 'c1' });
  });

  it('identify() during an init in flight waits for it and resumes its conversation with the shopper token', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const { session, store } = newSession();
    const first = session.ready();
    const renewed = session.identify(async () => 'shopper-jwt');
    expect(session.ready()).toBe(renewed);
    const data = await renewed!;
    await first;
    expect(service.calls.map((call) => call.body.conversation_id)).toEqual([undefined, 'c1']);
    expect(service.calls[1]?.body).toMatchObject({ shopper_token: 'shopper-jwt' });
    expect(data.token).toBe('t2');
    expect(store.get()).toEqual({ visitor_id: 'v1', conversation_id: 'c1' });
  });

  it('continues as a guest when the identify callback throws', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const { session } = newSession();
    session.identify(() => {
      throw new Error('page bug');
    });
    await session.ready();
    expect(service.calls[0]?.body).not.toHaveProperty('shopper_token');
  });

  it('starts a new conversation on restart, keeping the visitor', async () => {
    const service = fakeService(() => new Response(null, { status: 500 }));
    const { session, store } = newSession();
    await session.ready();
    await session.restart();
    expect(service.calls[1]?.body).toMatchObject({ visitor_id: 'v1' });
    expect(service.calls[1]?.body).not.toHaveProperty('conversation_id');
    expect(store.get()).toEqual({ visitor_id: 'v1', conversation_id: 'c2' });
  });
});
