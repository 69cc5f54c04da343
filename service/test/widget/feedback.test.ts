import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { conversations, messageFeedback, messages } from '../../src/db/schema.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init, widgetPost } from '../helpers/widget.js';
import { asUser, createMember, signIn } from '../dashboard/helpers.js';

/** Thumbs up or down on an answer (issue 21, part 4): POST /v1/widget/feedback. */

/** A conversation with one answered question, through the real routes; returns its token and answer. */
async function answered(t: TestApp, shop: SeededWorkspace, remoteAddress?: string) {
  const started = (await init(t.app, { agent_id: shop.agentId }, undefined, {}, remoteAddress)).json();
  const reply = await widgetPost(t.app, '/v1/widget/messages', started.token, { message: 'What is your return policy?' });
  expect(reply.statusCode).toBe(200);
  return { token: started.token as string, conversationId: started.conversation_id as string, answerId: reply.json().message.id as string };
}

const it = appTest();

describe('answer feedback', () => {
  const rows = (t: TestApp, messageId: string) => t.database.db.select().from(messageFeedback).where(eq(messageFeedback.messageId, messageId));

  it('stores a rating on an answer of the conversation, the latest replacing the earlier', async ({ service: t, shop }) => {
    const { token, conversationId, answerId } = await answered(t, shop);
    const down = await widgetPost(t.app, '/v1/widget/feedback', token, { message_id: answerId, rating: 'down', reason: 'incomplete' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ message_id: answerId, rating: 'down', reason: 'incomplete' });
    expect(await rows(t, answerId)).toMatchObject([
      { conversationId, workspaceId: shop.workspaceId, agentId: shop.agentId, rating: 'down', reason: 'incomplete' },
    ]);

    // Changing one's mind: a thumbs up carries no reason.
    const up = await widgetPost(t.app, '/v1/widget/feedback', token, { message_id: answerId, rating: 'up', reason: 'incorrect' });
    expect(up.json()).toEqual({ message_id: answerId, rating: 'up', reason: null });
    expect(await rows(t, answerId)).toMatchObject([{ rating: 'up', reason: null }]);
  });

  it("refuses the visitor's own message, another conversation's answer, and bad input, storing nothing", async ({ service: t, shop }) => {
    const mine = await answered(t, shop);
    const theirs = await answered(t, shop);
    const [question] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, mine.conversationId), eq(messages.role, 'user')));
    for (const messageId of [question!.id, theirs.answerId]) {
      const refused = await widgetPost(t.app, '/v1/widget/feedback', mine.token, { message_id: messageId, rating: 'down' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('not_found');
      expect(await rows(t, messageId)).toEqual([]);
    }
    const invalid = await widgetPost(t.app, '/v1/widget/feedback', mine.token, { message_id: mine.answerId, rating: 'meh', reason: 'x'.repeat(600) });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['rating', 'reason']);
    const unsigned = await widgetPost(t.app, '/v1/widget/feedback', 'not-a-token', { message_id: mine.answerId, rating: 'up' });
    expect(unsigned.statusCode).toBe(401);
    expect(await rows(t, mine.answerId)).toEqual([]);
  });

  it('never rates a Playground answer', async ({ service: t, shop }) => {
    const { token, conversationId, answerId } = await answered(t, shop);
    await t.database.db.update(conversations).set({ isPlayground: true }).where(eq(conversations.id, conversationId));
    const refused = await widgetPost(t.app, '/v1/widget/feedback', token, { message_id: answerId, rating: 'up' });
    expect(refused.statusCode).toBe(401);
    expect(await rows(t, answerId)).toEqual([]);
  });

  it("shows the ratings in the owner's inbox and in analytics, per agent", async ({ service: t, shop }) => {
    const { token, conversationId, answerId } = await answered(t, shop);
    await widgetPost(t.app, '/v1/widget/feedback', token, { message_id: answerId, rating: 'down', reason: 'off_topic' });
    const owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
    const page = await asUser(t.app, owner, 'GET', `/app/inbox/${conversationId}`);
    expect(page.body).toContain('data-feedback="down">Not helpful: didn&#39;t answer the question</span>');

    // Two more answers rated down: one as incorrect, one without a reason.
    const wrong = await answered(t, shop);
    await widgetPost(t.app, '/v1/widget/feedback', wrong.token, { message_id: wrong.answerId, rating: 'down', reason: 'incorrect' });
    const unexplained = await answered(t, shop);
    await widgetPost(t.app, '/v1/widget/feedback', unexplained.token, { message_id: unexplained.answerId, rating: 'down' });

    const figures = (await asUser(t.app, owner, 'GET', '/app/api/analytics?days=7')).json();
    // The earlier tests rated too: one up (changed from a down for 'incomplete', which no longer counts), and these downs.
    expect(figures.feedback).toEqual([
      { agent_id: shop.agentId, agent_name: expect.any(String), up: 1, down: 3, down_reasons: { incorrect: 1, incomplete: 0, off_topic: 1, unstated: 1 } },
    ]);
    const analyticsPage = await asUser(t.app, owner, 'GET', '/app/analytics?days=7');
    expect(analyticsPage.body).toContain('data-testid="feedback-per-agent"');
    const reasons = /<table class="compact" data-testid="feedback-reasons-per-agent">.*?<\/table>/s.exec(analyticsPage.body)?.[0] ?? '';
    expect(reasons).toContain('<th class="num">Didn&#39;t answer the question</th>');
    expect([...reasons.matchAll(/data-reason="(\w+)">(\d+)</g)].map(([, reason, count]) => `${reason}=${count}`)).toEqual([
      'incorrect=1',
      'incomplete=0',
      'off_topic=1',
      'unstated=1',
    ]);

    // Another workspace's owner sees none of it.
    const stranger = await seedWorkspace(t.database, 'Other shop');
    const strangerOwner = await signIn(t.app, await createMember(t.database, stranger.workspaceId, 'viewer'));
    expect((await asUser(t.app, strangerOwner, 'GET', '/app/api/analytics?days=7')).json().feedback).toEqual([]);
  });

  it('caps ratings per address, whatever the token', async () => {
    const capped = await createTestApp({ limits: { feedbackPerIp: 3 } });
    try {
      const other = await seedWorkspace(capped.database);
      const { token, answerId } = await answered(capped, other, '203.0.113.9');
      const send = () =>
        capped.app.inject({
          method: 'POST',
          url: '/v1/widget/feedback',
          remoteAddress: '203.0.113.9',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: 'https://shop.example' },
          payload: JSON.stringify({ message_id: answerId, rating: 'up' }),
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send()).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await capped.close();
    }
  });
});
