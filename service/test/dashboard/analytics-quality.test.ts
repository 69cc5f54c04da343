import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { ProductDocument } from '@storefront-assistant/client/integration';
import { messages } from '../../src/db/schema.js';
import type { TurnOutcome } from '../../src/modules/assistant/outcome.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest, integrationClient, post, product } from '../helpers/integration.js';
import { widgetPost } from '../helpers/widget.js';
import { asUser, seedPlaygroundConversation, seedProductionConversation, signedInMember, type SignedIn } from './helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

const it = appTest({
  shop: { name: 'Quality shop' },
  prepare: async (service, shop) => {
    const owner = await signedInMember(service, shop.workspaceId, 'viewer');
    expect((await handshakeRequest(service.app, shop.token)).statusCode).toBe(200);
    const plugin = integrationClient(service.app, shop.token);
    await plugin.syncPosts([post(1, { title: 'Shipping', content_html: '<p>Orders leave our warehouse within two days and arrive in three to five.</p>' })]);
    await plugin.syncProducts([product(10, { name: 'Ridgeline Waterproof Jacket' }) as ProductDocument]);
    const writer = await signedInMember(service, shop.workspaceId, 'owner');
    expect(
      (
        await asUser(service.app, writer, 'POST', '/app/api/answers', {
          questions: ['Do you offer gift wrapping?'],
          answer: 'Yes: orders can be gift wrapped for 3 EUR.',
        })
      ).statusCode,
    ).toBe(201);
    return { owner };
  },
});

/**
 * The answer-quality figures of GET /app/api/analytics, after production turns of each outcome
 * (answered from synced content, by the owner's answer, not answered, escalated, small talk)
 * and visitors' ratings; and the date range (from, to) the API and page take.
 */
describe('answer quality in analytics', () => {
  const today = dayOf(Date.now());

  const outcomeOf = async (service: TestApp, conversationId: string): Promise<TurnOutcome> => {
    const [answer] = await service.database.db
      .select({ outcome: messages.outcome })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')));
    return answer!.outcome as unknown as TurnOutcome;
  };
  const rate = async (service: TestApp, conversation: { conversationId: string; token: string }, rating: 'up' | 'down') => {
    const [answer] = await service.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.conversationId), eq(messages.role, 'assistant')));
    expect((await widgetPost(service.app, '/v1/widget/feedback', conversation.token, { message_id: answer!.id, rating })).statusCode).toBe(200);
  };
  const figures = async (service: TestApp, owner: SignedIn, query: string) => {
    const response = await asUser(service.app, owner, 'GET', `/app/api/analytics?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('counts each outcome, the ratings and the top gaps', async ({ service, shop, prepared: { owner } }) => {
    const synced = await seedProductionConversation(service.app, shop.agentId, 'How long does shipping take?');
    const owned = await seedProductionConversation(service.app, shop.agentId, 'Do you offer gift wrapping?');
    const unanswered = await seedProductionConversation(service.app, shop.agentId, 'Do you sell saddles for unicorns?');
    const escalated = await seedProductionConversation(service.app, shop.agentId, 'How long does shipping take? I want to talk to a person');
    const smallTalk = await seedProductionConversation(service.app, shop.agentId, 'Hello!');
    await seedPlaygroundConversation(service.database, shop.agentId, 'Playground only: do you sell saddles for unicorns?');

    // What each turn recorded of itself: the figures below add these up.
    expect(await outcomeOf(service, synced.conversationId)).toMatchObject({
      answered_by: 'synced_content',
      confident: true,
      abstained: false,
      escalated: false,
      small_talk: false,
    });
    expect(await outcomeOf(service, owned.conversationId)).toMatchObject({ answered_by: 'owner_answer', confident: true, abstained: false, escalated: false });
    // Nothing answers it: the answer says so and offers a person.
    expect(await outcomeOf(service, unanswered.conversationId)).toMatchObject({
      answered_by: 'none',
      confident: false,
      abstained: true,
      escalated: true,
      gap: true,
    });
    // Found, but handed to a person instead of answered.
    expect(await outcomeOf(service, escalated.conversationId)).toMatchObject({
      answered_by: 'none',
      confident: true,
      abstained: true,
      escalated: true,
      gap: true,
    });
    expect(await outcomeOf(service, smallTalk.conversationId)).toMatchObject({ small_talk: true, gap: false });

    await rate(service, synced, 'up');
    await rate(service, owned, 'up');
    await rate(service, unanswered, 'down');

    const quality = (await figures(service, owner, 'days=7')).quality;
    expect(quality.totals).toEqual({
      answers: 4, // small talk aside
      confident: 3,
      abstained: 2,
      escalated: 2,
      owner_answers: 1,
      thumbs_up: 2,
      thumbs_down: 1,
    });
    const day = quality.daily.find((entry: { date: string }) => entry.date === today);
    expect(day).toEqual({ date: today, ...quality.totals });
    expect(quality.daily).toHaveLength(7);

    const top = (await figures(service, owner, 'days=7')).top_gaps as { question: string; count: number }[];
    expect(top.map((gap) => gap.question).sort()).toEqual(['Do you sell saddles for unicorns?', 'How long does shipping take? I want to talk to a person']);
    expect(top.every((gap) => gap.count === 1)).toBe(true);

    // The page shows the same figures.
    const page = await asUser(service.app, owner, 'GET', '/app/analytics?days=7');
    const section = page.body.slice(page.body.indexOf('data-testid="answer-quality"'));
    expect(section).toContain('<span class="value">25%</span><span class="label">By your answers</span>');
    expect(section).toContain('<span class="value">50%</span><span class="label">Escalated</span><span class="detail">2 of 4</span>');
    expect(section).toContain('<span class="value">75%</span><span class="label">Answered with confidence</span><span class="detail">3 of 4</span>');
    expect(section).toContain('<span class="value">33%</span><span class="label">Thumbs down</span><span class="detail">1 of 3 votes</span>');
    expect(section).toContain('Do you sell saddles for unicorns?');
  }, 60_000);

  it('takes a range of dates: the figures of those days only', async ({ service, prepared: { owner } }) => {
    const yesterday = dayOf(Date.now() - DAY_MS);
    const weekBefore = dayOf(Date.now() - 7 * DAY_MS);
    const past = await figures(service, owner, `from=${weekBefore}&to=${yesterday}`);
    expect(past.range).toEqual({ from: weekBefore, to: yesterday, days: 7 });
    expect(past.daily.map((entry: { date: string }) => entry.date)).toEqual(Array.from({ length: 7 }, (_, i) => dayOf(Date.now() - (7 - i) * DAY_MS)));
    expect(past.totals.conversations).toBe(0);
    expect(past.quality.totals).toMatchObject({ answers: 0, thumbs_up: 0, thumbs_down: 0 });
    expect(past.top_gaps).toEqual([]);

    const todayOnly = await figures(service, owner, `from=${today}&to=${today}`);
    expect(todayOnly.range).toEqual({ from: today, to: today, days: 1 });
    expect(todayOnly.totals.conversations).toBe(5);
    expect(todayOnly.quality.totals).toMatchObject({ answers: 4, thumbs_up: 2, thumbs_down: 1 });
    const longest = await figures(service, owner, `from=2025-01-01&to=2026-01-01`);
    expect(longest.range.days).toBe(366);

    // The page: the chosen dates in the form, the charts reading the same range.
    const page = await asUser(service.app, owner, 'GET', `/app/analytics?from=${weekBefore}&to=${yesterday}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<input type="date" name="from" value="${weekBefore}" required>`);
    expect(page.body).toContain(`data-source="/app/api/analytics?from=${weekBefore}&amp;to=${yesterday}"`);
    expect(page.body).not.toContain('aria-current="page">7 days');
  });

  it('refuses a range that is not one, with the field to correct', async ({ service, prepared: { owner } }) => {
    const refusals: [string, Record<string, unknown>][] = [
      [`from=${today}&to=2020-01-01`, { to: ['must not be before from'] }],
      ['from=2024-01-01&to=2025-01-01', { to: ['must be at most 366 days from from'] }],
      [`from=${today}`, { to: ['give both from and to'] }],
      [`to=${today}`, { from: ['give both from and to'] }],
      [`days=7&from=${today}&to=${today}`, { days: ['give either days, or from and to'] }],
      ['from=2026-02-30&to=2026-03-01', { from: ['must be a date that exists'] }],
      ['from=yesterday&to=2026-03-01', { from: ['must be a date as YYYY-MM-DD'] }],
      ['days=0', { days: [expect.any(String)] }],
    ];
    for (const [query, errors] of refusals) {
      const refused = await asUser(service.app, owner, 'GET', `/app/api/analytics?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json(), query).toMatchObject({ code: 'validation_failed', errors });
    }
    expect((await asUser(service.app, owner, 'GET', `/app/analytics?from=${today}&to=2020-01-01`)).statusCode).toBe(400);
  });
});
