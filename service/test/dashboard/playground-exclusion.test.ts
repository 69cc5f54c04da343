import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { couponApplies, leads, messages, widgetEvents } from '../../src/db/schema.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { widgetPost } from '../helpers/widget.js';
import { asUser, seedPlaygroundConversation, seedProductionConversation, signedInMember, type SignedIn } from './helpers.js';

const PRODUCTION = 'Where is my parcel?';
const PLAYGROUND = 'Playground probe: tell me about shipping';

/** One production conversation and two Playground conversations of the same agent, each leaving events, a coupon and a lead. */
const it = appTest({
  shop: { name: 'Mixed shop' },
  prepare: async (service, shop) => {
    const owner = await signedInMember(service, shop.workspaceId, 'viewer');
    const visit = await seedProductionConversation(service.app, shop.agentId, PRODUCTION);
    await widgetPost(service.app, '/v1/widget/events', visit.token, { events: [{ name: 'launcher_open', at: new Date().toISOString() }] });
    await widgetPost(service.app, '/v1/widget/leads', visit.token, { email: 'real@visitor.example' });
    // The same agent tested in the Playground, twice, with everything a conversation can leave behind.
    const playground = await seedPlaygroundConversation(service.database, shop.agentId, PLAYGROUND);
    await seedPlaygroundConversation(service.database, shop.agentId, `${PLAYGROUND} again`);
    const db = service.database.db;
    await db.insert(widgetEvents).values({ workspaceId: shop.workspaceId, agentId: shop.agentId, conversationId: playground, name: 'dismiss', at: new Date() });
    await db.insert(couponApplies).values({ id: randomUUID(), workspaceId: shop.workspaceId, conversationId: playground, code: 'TEST', status: 'staged' });
    await db
      .insert(leads)
      .values({ id: randomUUID(), workspaceId: shop.workspaceId, agentId: shop.agentId, conversationId: playground, email: 'tester@shop.example' });
    return { owner, production: visit.conversationId, playground };
  },
});

/** Spec 1: Playground conversations are excluded from billing, analytics and the inbox. */
describe('Playground conversations stay out of the inbox, analytics and usage', () => {
  const get = (service: TestApp, owner: SignedIn, url: string) => asUser(service.app, owner, 'GET', url);

  it('the inbox lists only the production conversation', async ({ service, prepared: { owner, production } }) => {
    const list = (await get(service, owner, '/app/api/conversations')).json().conversations;
    expect(list.map((c: { id: string }) => c.id)).toEqual([production]);
    expect((await get(service, owner, '/app/api/conversations?q=Playground%20probe')).json().conversations).toEqual([]);
    const page = await get(service, owner, '/app/inbox');
    expect(page.body).toContain(PRODUCTION);
    expect(page.body).not.toContain('Playground probe');
  });

  it('a Playground transcript is not found in the inbox', async ({ service, prepared: { owner, production, playground } }) => {
    expect((await get(service, owner, `/app/api/conversations/${playground}`)).statusCode).toBe(404);
    expect((await get(service, owner, `/app/inbox/${playground}`)).statusCode).toBe(404);
    expect((await get(service, owner, `/app/api/conversations/${production}`)).json().messages.map((m: { content: string }) => m.content)[0]).toBe(PRODUCTION);
  });

  it('analytics count only production activity', async ({ service, prepared: { owner, production } }) => {
    const analytics = (await get(service, owner, '/app/api/analytics?days=2')).json();
    expect(analytics.totals).toEqual({ conversations: 1, messages: 2, leads: 1, escalations: expect.any(Number), coupon_applies: 0, coupons_staged: 0 });
    expect(analytics.daily).toHaveLength(2);
    expect(analytics.widget_events).toEqual([{ name: 'launcher_open', count: 1 }]);
    const productionEscalations = (
      await service.database.db
        .select({ blocks: messages.blocks })
        .from(messages)
        .where(and(eq(messages.conversationId, production), eq(messages.role, 'assistant')))
    ).filter((m) => (m.blocks as { kind: string }[]).some((block) => block.kind === 'escalation_button')).length;
    expect(analytics.totals.escalations).toBe(productionEscalations);
  });

  it('usage bills only production messages and tokens', async ({ service, prepared: { owner, production } }) => {
    const [month] = (await get(service, owner, '/app/api/usage?months=2')).json().months;
    const productionUsage = (await service.database.db.select({ usage: messages.usage }).from(messages).where(eq(messages.conversationId, production)))
      .map((m) => (m.usage as { total_tokens?: number } | null)?.total_tokens ?? 0)
      .reduce((sum, n) => sum + n, 0);
    expect(productionUsage).toBeGreaterThan(0);
    expect(month).toMatchObject({ conversations: 1, messages: 2, total_tokens: productionUsage });
    expect((await get(service, owner, '/app/usage')).body).toContain(`<td class="num">${new Intl.NumberFormat('en-US').format(productionUsage)}</td>`);
  });
});
