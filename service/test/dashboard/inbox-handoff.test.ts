import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { readEventStream } from '@storefront-assistant/client';
import { conversations, messages } from '../../src/db/schema.js';
import { seedWorkspace } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init, SHOP_ORIGIN, widgetPost } from '../helpers/widget.js';
import { asUser, createMember, signIn, type SignedIn } from './helpers.js';

interface Team {
  owner: SignedIn;
  viewer: SignedIn;
  stranger: SignedIn;
}

const it = appTest<Team>({
  prepare: async (service, shop) => {
    const owner = await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner'));
    const viewer = await signIn(service.app, await createMember(service.database, shop.workspaceId, 'viewer'));
    const other = await seedWorkspace(service.database, 'Other shop');
    const stranger = await signIn(service.app, await createMember(service.database, other.workspaceId, 'owner'));
    return { owner, viewer, stranger };
  },
});

/** A visitor who wrote, then asked for a person (somebody is signed in, so the conversation waits). */
async function waitingVisitor(service: { app: Parameters<typeof init>[0] }, agentId: string, question: string, locale = 'en') {
  const started = (await init(service.app, { agent_id: agentId, locale })).json() as { conversation_id: string; token: string };
  expect((await widgetPost(service.app, '/v1/widget/messages', started.token, { message: question })).statusCode).toBe(200);
  expect((await widgetPost(service.app, '/v1/widget/handoff', started.token, { source: 'talk_to_person' })).json().state).toBe('waiting_for_human');
  return { id: started.conversation_id, token: started.token };
}

describe('the inbox as the team’s workspace', () => {
  it('lists waiting conversations, lets a member reply, and the visitor receives it', { timeout: 180_000 }, async ({ service, shop, prepared }) => {
    const { owner } = prepared;
    const visitor = await waitingVisitor(service, shop.agentId, 'Where is the zebra-striped teapot?', 'de-AT');
    const waiting = await asUser(service.app, owner, 'GET', '/app/api/conversations?filter=waiting');
    expect(waiting.json().conversations.map((c: { id: string }) => c.id)).toContain(visitor.id);
    expect((await asUser(service.app, owner, 'GET', '/app/api/conversations?q=zebra-striped')).json().conversations.map((c: { id: string }) => c.id)).toEqual([
      visitor.id,
    ]);
    expect((await asUser(service.app, owner, 'GET', '/app/api/conversations?language=de&q=zebra')).json().conversations).toHaveLength(1);
    expect((await asUser(service.app, owner, 'GET', '/app/api/conversations?language=fr&q=zebra')).json().conversations).toHaveLength(0);

    const reply = await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/replies`, { text: 'It ships on Monday.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().state).toBe('human');
    const mine = (await asUser(service.app, owner, 'GET', '/app/api/conversations?filter=mine')).json().conversations;
    expect(mine.map((c: { id: string }) => c.id)).toContain(visitor.id);
    expect(mine[0].handoff_state).toBe('human');

    const note = await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/notes`, { text: 'Customer is upset: offer 10 %' });
    expect(note.statusCode).toBe(201);
    const updates = await service.app.inject({
      method: 'GET',
      url: '/v1/widget/updates',
      headers: { authorization: `Bearer ${visitor.token}`, origin: SHOP_ORIGIN },
    });
    expect(updates.json().messages.map((m: { content: string }) => m.content)).toEqual(['It ships on Monday.']);
    // Internal notes never reach the visitor.
    expect(updates.body).not.toContain('upset');
    const transcript = (await asUser(service.app, owner, 'GET', `/app/api/conversations/${visitor.id}`)).json();
    expect(transcript.handoff.state).toBe('human');
    expect(transcript.handoff.events.map((e: { kind: string }) => e.kind)).toEqual(['transition', 'transition', 'assigned', 'note']);

    // The assistant is silent while the team holds it, and answers again once handed back.
    expect((await widgetPost(service.app, '/v1/widget/messages', visitor.token, { message: 'Thanks!' })).statusCode).toBe(202);
    const handedBack = await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/hand-back`);
    expect(handedBack.json()).toEqual({ conversation_id: visitor.id, state: 'bot', assignee_id: null });
    const answered = await widgetPost(service.app, '/v1/widget/messages', visitor.token, { message: 'How long does shipping take?' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().message.role).toBe('assistant');
    const resolved = await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/resolve`);
    expect(resolved.json().state).toBe('resolved');
    // Resolving twice is a clear conflict that changes nothing.
    const again = await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('handoff_state_conflict');
    expect((await asUser(service.app, owner, 'GET', '/app/api/conversations?filter=resolved')).json().conversations.map((c: { id: string }) => c.id)).toContain(
      visitor.id,
    );
  });

  it('lets a viewer read but never reply, assign, resolve or hand back', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const visitor = await waitingVisitor(service, shop.agentId, 'Can a viewer answer me?');
    const { viewer } = prepared;
    expect((await asUser(service.app, viewer, 'GET', `/app/api/conversations/${visitor.id}`)).statusCode).toBe(200);
    for (const [path, body] of [
      ['replies', { text: 'hello from a viewer' }],
      ['notes', { text: 'a viewer note' }],
      ['assign', { assignee_id: 'me' }],
      ['resolve', undefined],
      ['hand-back', undefined],
    ] as const) {
      const refused = await asUser(service.app, viewer, 'POST', `/app/api/conversations/${visitor.id}/${path}`, body);
      expect(refused.statusCode, path).toBe(403);
    }
    const page = await asUser(service.app, viewer, 'POST', `/app/inbox/${visitor.id}/reply`, { text: 'form reply' }, { form: true });
    expect(page.statusCode).toBe(403);
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, visitor.id));
    expect(row).toMatchObject({ handoffState: 'waiting_for_human', assigneeId: null });
    expect((await service.database.db.select().from(messages).where(eq(messages.conversationId, visitor.id))).map((m) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
    const html = (await asUser(service.app, viewer, 'GET', `/app/inbox/${visitor.id}`)).body;
    expect(html).toContain('can read this conversation but not reply');
    expect(html).not.toContain('id="reply-form"');
  });

  it('gives another workspace’s member nothing of the conversation', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const visitor = await waitingVisitor(service, shop.agentId, 'Private question about my order');
    const { stranger } = prepared;
    expect((await asUser(service.app, stranger, 'GET', `/app/api/conversations/${visitor.id}`)).statusCode).toBe(404);
    expect((await asUser(service.app, stranger, 'POST', `/app/api/conversations/${visitor.id}/replies`, { text: 'gotcha' })).statusCode).toBe(404);
    expect((await asUser(service.app, stranger, 'POST', `/app/api/conversations/${visitor.id}/hand-back`)).statusCode).toBe(404);
    expect((await asUser(service.app, stranger, 'GET', '/app/api/conversations?q=Private')).json().conversations).toEqual([]);
    expect((await service.database.db.select().from(messages).where(eq(messages.conversationId, visitor.id))).map((m) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
  });

  it('refuses an empty reply and a malformed id without writing', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const visitor = await waitingVisitor(service, shop.agentId, 'Empty replies?');
    const empty = await asUser(service.app, prepared.owner, 'POST', `/app/api/conversations/${visitor.id}/replies`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('text');
    expect((await asUser(service.app, prepared.owner, 'POST', '/app/api/conversations/not-an-id/replies', { text: 'x' })).statusCode).toBe(404);
    expect((await asUser(service.app, prepared.owner, 'POST', `/app/api/conversations/${visitor.id}/assign`, { assignee_id: 'somebody' })).statusCode).toBe(
      400,
    );
    const [row] = await service.database.db.select().from(conversations).where(eq(conversations.id, visitor.id));
    expect(row).toMatchObject({ handoffState: 'waiting_for_human', assigneeId: null });
  });

  it('replies from the page’s form and streams changes to an open inbox', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const { owner } = prepared;
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${url}/app/api/conversations/stream`, { headers: { cookie: owner.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const seen: { event: string; data: { conversation_id?: string; kind?: string } }[] = [];
    const reading = (async () => {
      for await (const { event, data } of readEventStream(response.body!)) {
        seen.push({ event, data: JSON.parse(data) });
        if (event === 'conversation' && seen.some((e) => e.data.kind === 'state')) break;
      }
    })();
    const visitor = await waitingVisitor(service, shop.agentId, 'Is the stream live?');
    await reading;
    controller.abort();
    expect(seen[0]!.event).toBe('ready');
    expect(seen).toContainEqual({ event: 'conversation', data: { conversation_id: visitor.id, kind: 'state' } });

    const posted = await asUser(service.app, owner, 'POST', `/app/inbox/${visitor.id}/reply`, { text: 'Yes, live.' }, { form: true });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/app/inbox/${visitor.id}?notice=reply`);
    const page = await asUser(service.app, owner, 'GET', `/app/inbox/${visitor.id}?notice=reply`);
    expect(page.body).toContain('Yes, live.');
    expect(page.body).toContain('Hand back to the assistant');
  });

  it('counts visitors waiting for a person on every page’s Inbox link and on the live stream', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const { owner, stranger } = prepared;
    const waitingNow = async () => (await asUser(service.app, owner, 'GET', '/app/api/conversations?filter=waiting&limit=100')).json().conversations.length;
    const badgeOf = (body: string) => /data-waiting-count="(\d+)"/.exec(body)?.[1];
    const before = await waitingNow();
    expect(badgeOf((await asUser(service.app, owner, 'GET', '/app/agents')).body)).toBe(String(before));

    // The app listens already when an earlier test of the file opened its stream.
    const address = service.app.server.address();
    const url = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : await service.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${url}/app/api/conversations/stream`, { headers: { cookie: owner.cookie }, signal: controller.signal });
    const seen: { event: string; data: Record<string, unknown> }[] = [];
    const reading = (async () => {
      for await (const { event, data } of readEventStream(response.body!)) {
        seen.push({ event, data: JSON.parse(data) });
        if (event === 'waiting' && (JSON.parse(data) as { started: unknown }).started) break;
      }
    })();
    // Another workspace's waiting visitor is neither counted nor announced here.
    const other = await seedWorkspace(service.database, 'Third shop');
    const thirdOwner = await signIn(service.app, await createMember(service.database, other.workspaceId, 'owner'));
    await waitingVisitor(service, other.agentId, 'Anyone at the third shop?');
    const visitor = await waitingVisitor(service, shop.agentId, 'Can a person count me?');
    await reading;
    controller.abort();
    const waitingEvents = seen.filter((e) => e.event === 'waiting');
    expect(waitingEvents[0]).toEqual({ event: 'waiting', data: { count: before, started: null } });
    expect(waitingEvents.at(-1)).toEqual({
      event: 'waiting',
      data: { count: before + 1, started: { conversation_id: visitor.id, agent: 'Test shop assistant' } },
    });
    expect(badgeOf((await asUser(service.app, owner, 'GET', '/app/leads')).body)).toBe(String(before + 1));
    expect(badgeOf((await asUser(service.app, thirdOwner, 'GET', '/app/leads')).body)).toBe('1');
    expect(badgeOf((await asUser(service.app, stranger, 'GET', '/app/leads')).body)).toBe('0');

    // A reply takes the visitor off the count.
    await asUser(service.app, owner, 'POST', `/app/api/conversations/${visitor.id}/replies`, { text: 'Counted.' });
    expect(badgeOf((await asUser(service.app, owner, 'GET', '/app/agents')).body)).toBe(String(before));
  });
});
