import { describe, expect } from 'vitest';
import { appTest } from '../helpers/fixtures.js';
import { init, widgetPost } from '../helpers/widget.js';
import { asUser, createMember, signIn } from './helpers.js';

/**
 * The handoff figures of the analytics, per agent, from conversations made through the real
 * widget and inbox routes: the handoff rate, the time to the first human reply, and how resolved
 * conversations ended (by the assistant, or by a person).
 */

const it = appTest({
  prepare: async (service, shop) => ({ owner: await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner')) }),
});

describe('analytics of the live handoff', () => {
  it('counts requests for a person, the first human reply and who resolved, per agent', { timeout: 120_000 }, async ({ service, shop, prepared }) => {
    const { owner } = prepared;
    const visit = async (question: string) => {
      const started = (await init(service.app, { agent_id: shop.agentId })).json() as { conversation_id: string; token: string };
      expect((await widgetPost(service.app, '/v1/widget/messages', started.token, { message: question })).statusCode).toBe(200);
      return started;
    };
    const ask = async (token: string) =>
      expect((await widgetPost(service.app, '/v1/widget/handoff', token, { source: 'talk_to_person' })).json().state).toBe('waiting_for_human');

    // 1: the assistant alone (small talk: nothing it cannot answer, so it never escalates). 2: a person answers 90 s after the request, then resolves. 3: asked, resolved before anyone replied.
    await visit('Hello!');
    const answered = await visit('My parcel is broken');
    await ask(answered.token);
    service.clock.advance(90_000);
    expect(
      (await asUser(service.app, owner, 'POST', `/app/api/conversations/${answered.conversation_id}/replies`, { text: 'Sorry! Sending a new one.' }))
        .statusCode,
    ).toBe(201);
    expect((await asUser(service.app, owner, 'POST', `/app/api/conversations/${answered.conversation_id}/resolve`)).statusCode).toBe(200);
    const dropped = await visit('Anyone there?');
    await ask(dropped.token);
    expect((await asUser(service.app, owner, 'POST', `/app/api/conversations/${dropped.conversation_id}/resolve`)).statusCode).toBe(200);

    const figures = await asUser(service.app, owner, 'GET', '/app/api/analytics?days=7');
    expect(figures.statusCode).toBe(200);
    expect(figures.json().handoff).toEqual([
      {
        agent_id: shop.agentId,
        agent_name: expect.any(String),
        conversations: 3,
        handed_off: 2,
        handoff_rate: 2 / 3,
        human_replied: 1,
        first_reply_seconds: 90,
        resolved_by_bot: 1,
        resolved_by_human: 1,
      },
    ]);

    const page = await asUser(service.app, owner, 'GET', '/app/analytics?days=7');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="handoff-per-agent"');
    expect(page.body).toMatch(/data-figure="handed_off">2 of 3 \(67%\)/);
    expect(page.body).toContain('data-figure="first_reply">90 s');
  });
});
