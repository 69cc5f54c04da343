import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { readEventStream } from '@storefront-assistant/client';
import { conversationEvents, conversations, messages, users } from '../../src/db/schema.js';
import { updateEventSchema } from '../../src/contract/conversation-updates.js';
import { postTeamReply, type HandoffDeps } from '../../src/modules/conversations/handoff.js';
import { UPDATES_STREAMS_PER_CONVERSATION } from '../../src/modules/widget/routes.js';
import { appTest } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { createMember, seedPlaygroundConversation, signIn } from '../dashboard/helpers.js';
import { init, parseSse, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';

/** A signed-in owner: somebody of the team is available. */
const it = appTest({
  prepare: async (service, shop) => {
    const email = await createMember(service.database, shop.workspaceId, 'owner');
    const [owner] = await service.database.db.select().from(users).where(eq(users.email, email));
    await service.database.db.update(users).set({ name: 'Mara' }).where(eq(users.id, owner!.id));
    return { email, ownerId: owner!.id };
  },
});

async function visitor(service: TestApp, agentId: string) {
  const response = await init(service.app, { agent_id: agentId });
  const body = response.json() as { conversation_id: string; token: string };
  return { conversationId: body.conversation_id, token: body.token };
}

function handoffDeps(service: TestApp): HandoffDeps {
  return { db: service.database.db, notifier: service.app.deps.notifier, now: service.clock.now };
}

const get = (service: TestApp, url: string, token: string, headers: Record<string, string> = {}) =>
  service.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, origin: SHOP_ORIGIN, ...headers } });

/** Reads a live channel over a real connection until `until` says enough, checking every event against the contract. */
async function readUpdates(url: string, token: string, until: (events: { event: string; data: unknown }[]) => boolean, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, origin: SHOP_ORIGIN, ...headers }, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; data: unknown; id?: string }[] = [];
  try {
    for await (const { event, data } of readEventStream(response.body!)) {
      const parsed = updateEventSchema.parse({ event, data: JSON.parse(data) });
      events.push(parsed);
      if (until(events)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('asking for a person', () => {
  it('tells the visitor nobody is available when no member is online, and the assistant keeps answering', async ({ service, shop }) => {
    const { conversationId, token } = await visitor(service, shop.agentId);
    const asked = await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'talk_to_person' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ state: 'bot', available: false, reason: 'nobody_online' });
    const reply = await widgetPost(service.app, '/v1/widget/messages', token, { message: 'Do you ship to Norway?' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message.role).toBe('assistant');
    const [event] = await service.database.db.select().from(conversationEvents).where(eq(conversationEvents.conversationId, conversationId));
    expect(event).toMatchObject({ kind: 'unavailable', trigger: 'visitor' });
  }, 120_000);

  it('refuses a malformed request and changes nothing', async ({ service, shop }) => {
    const { conversationId, token } = await visitor(service, shop.agentId);
    const refused = await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'shout' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('source');
    const unauthenticated = await widgetPost(service.app, '/v1/widget/handoff', 'not-a-token', { source: 'talk_to_person' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(await service.database.db.select().from(conversations).where(eq(conversations.id, conversationId))).toEqual([]);
  });

  it('keeps the assistant silent while a person holds the conversation, and delivers the team reply live and by polling', async ({
    service,
    shop,
    prepared,
  }) => {
    await signIn(service.app, prepared.email);
    const { conversationId, token } = await visitor(service, shop.agentId);
    const asked = await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'escalation_button' });
    expect(asked.json()).toEqual({ state: 'waiting_for_human', available: true, reason: null });

    const held = await widgetPost(service.app, '/v1/widget/messages', token, { message: 'My parcel arrived broken' });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ conversation_id: conversationId, held: true, state: 'waiting_for_human' });
    const streamed = await widgetPost(service.app, '/v1/widget/messages/stream', token, { message: 'Hello?' });
    expect(parseSse(streamed.body)).toEqual([
      { event: 'held', data: { conversation_id: conversationId, message_id: expect.any(String), state: 'waiting_for_human' } },
    ]);
    const stored = await service.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored.map((m) => m.role)).toEqual(['user', 'user']);

    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const live = readUpdates(`${url}/v1/widget/updates/stream`, token, (events) => events.some((e) => e.event === 'message'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reply = await postTeamReply(handoffDeps(service), {
      workspaceId: shop.workspaceId,
      conversationId,
      memberId: prepared.ownerId,
      text: 'Sorry! A new one is on its way.',
    });
    const events = await live;
    expect(events[0]).toEqual({ event: 'state', data: { state: 'waiting_for_human', member: null } });
    expect(events.at(-1)).toEqual({
      event: 'message',
      data: {
        seq: reply.seq,
        id: reply.id,
        role: 'team',
        content: 'Sorry! A new one is on its way.',
        author: { name: 'Mara' },
        created_at: reply.createdAt.toISOString(),
      },
    });

    const polled = await get(service, '/v1/widget/updates?after=0', token);
    expect(polled.statusCode).toBe(200);
    expect(polled.json()).toMatchObject({ handoff: { state: 'human', member: { name: 'Mara' } }, messages: [{ id: reply.id, author: { name: 'Mara' } }] });
    // The member's email never reaches the visitor.
    expect(polled.body).not.toContain(prepared.email);
    expect((await get(service, `/v1/widget/updates?after=${reply.seq}`, token)).json().messages).toEqual([]);
    // Resuming the conversation shows the team's reply with its author.
    const resumed = await init(service.app, {
      agent_id: shop.agentId,
      conversation_id: conversationId,
      visitor_id: (await service.database.db.select().from(conversations).where(eq(conversations.id, conversationId)))[0]!.visitorId,
    });
    expect(resumed.json().messages.at(-1)).toMatchObject({ role: 'team', author: { name: 'Mara' } });
  });

  it('resumes a live channel after the last event id without losing or repeating a reply', async ({ service, shop, prepared }) => {
    await signIn(service.app, prepared.email);
    const { conversationId, token } = await visitor(service, shop.agentId);
    await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'talk_to_person' });
    const deps = handoffDeps(service);
    const first = await postTeamReply(deps, { workspaceId: shop.workspaceId, conversationId, memberId: prepared.ownerId, text: 'one' });
    const second = await postTeamReply(deps, { workspaceId: shop.workspaceId, conversationId, memberId: prepared.ownerId, text: 'two' });
    const url = await service.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(service.app.server.address() as { port: number }).port}`);
    const afterFirst = await readUpdates(`${url}/v1/widget/updates/stream`, token, (events) => events.some((e) => e.event === 'message'), {
      'last-event-id': String(first.seq),
    });
    expect(afterFirst.filter((e) => e.event === 'message').map((e) => (e.data as { id: string }).id)).toEqual([second.id]);
    const malformed = await get(service, '/v1/widget/updates?after=-1', token);
    expect(malformed.statusCode).toBe(400);
  });

  it('gives a visitor’s token nothing of another conversation', async ({ service, shop, prepared }) => {
    await signIn(service.app, prepared.email);
    const victim = await visitor(service, shop.agentId);
    await widgetPost(service.app, '/v1/widget/handoff', victim.token, { source: 'talk_to_person' });
    await postTeamReply(handoffDeps(service), {
      workspaceId: shop.workspaceId,
      conversationId: victim.conversationId,
      memberId: prepared.ownerId,
      text: 'Your order 1234 ships today',
    });
    const attacker = await visitor(service, shop.agentId);
    const polled = await get(service, `/v1/widget/updates?after=0&conversation_id=${victim.conversationId}`, attacker.token);
    expect(polled.json()).toEqual({ handoff: { state: 'bot', member: null }, messages: [] });
    // A token whose claims were changed is refused.
    const [header, payload, signature] = attacker.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, cid: victim.conversationId })).toString('base64url'), signature].join('.');
    expect((await get(service, '/v1/widget/updates', forged)).statusCode).toBe(401);
    // Another origin cannot use the token either.
    expect((await get(service, '/v1/widget/updates', attacker.token, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('caps the live channels open for one conversation', async ({ service, shop }) => {
    const { token } = await visitor(service, shop.agentId);
    const url = await service.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => `http://127.0.0.1:${(service.app.server.address() as { port: number }).port}`);
    const controllers: AbortController[] = [];
    // Held until the end: a response nothing refers to may be collected, and undici then closes
    // its connection, which gives its place back before the last request is made.
    const responses: Response[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${url}/v1/widget/updates/stream`, {
        headers: { authorization: `Bearer ${token}`, origin: SHOP_ORIGIN },
        signal: controller.signal,
      });
      responses.push(response);
      return response;
    };
    try {
      for (let i = 0; i < UPDATES_STREAMS_PER_CONVERSATION; i++) expect((await open()).status).toBe(200);
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
      expect(responses).toHaveLength(UPDATES_STREAMS_PER_CONVERSATION + 1);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});

describe('the assistant asks for a person', () => {
  it('when its escalate tool runs (the offline responder), and then stays silent', async ({ service, shop, prepared }) => {
    await signIn(service.app, prepared.email);
    const { conversationId, token } = await visitor(service, shop.agentId);
    const answer = await widgetPost(service.app, '/v1/widget/messages', token, { message: 'I want to talk to a real person please' });
    expect(answer.statusCode).toBe(200);
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(row!.handoffState).toBe('waiting_for_human');
    const [event] = await service.database.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.conversationId, conversationId), eq(conversationEvents.kind, 'transition')));
    expect(event).toMatchObject({ trigger: 'offline_escalate', toState: 'waiting_for_human' });
    expect((await widgetPost(service.app, '/v1/widget/messages', token, { message: 'Are you there?' })).statusCode).toBe(202);
  });

  it('never in the Playground', async ({ service, shop, prepared }) => {
    await signIn(service.app, prepared.email);
    const id = await seedPlaygroundConversation(service.database, shop.agentId, 'I want to talk to a real person please');
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({ handoffState: 'bot', isPlayground: true });
    expect(await service.database.db.select().from(conversationEvents).where(eq(conversationEvents.conversationId, id))).toEqual([]);
  });
});
