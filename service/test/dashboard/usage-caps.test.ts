import { eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { agents, workspaces } from '../../src/db/schema.js';
import { startFakeOpenAI, type FakeLlm } from '../assistant/helpers/fake-llm.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init, widgetPost } from '../helpers/widget.js';
import { asUser, signedInMember, type SignedIn } from './helpers.js';

/** The cap notices of a page: their level and text. */
function notices(page: string): { level: string; text: string }[] {
  return [...page.matchAll(/<p class="notice cap-\w+" role="\w+" data-cap-level="(\w+)">([\s\S]*?)<\/p>/g)].map((m) => ({
    level: m[1]!,
    text: m[2]!.replace(/<[^>]+>/g, ''),
  }));
}

// Every model call reports 100 prompt tokens and about 7 completion tokens.
const llm: FakeLlm = await startFakeOpenAI(() => [{ text: 'Orders leave within two days.' }]);
afterAll(async () => {
  await llm.close();
});

/** An owner and an editor of the shop, and a widget conversation that asks the model. */
const it = appTest({
  providerEnv: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: llm.baseUrl },
  shop: { name: 'Capped shop' },
  prepare: async (service, shop) => {
    // The fake model's answers cite no sources: twice in a row would ask for a person of the
    // signed-in team and hold later messages for them. These caps are about the assistant's turns.
    await service.database.db
      .update(agents)
      .set({ handoff: { type: 'lead_form', live: false } })
      .where(eq(agents.id, shop.agentId));
    return {
      owner: await signedInMember(service, shop.workspaceId, 'owner'),
      editor: await signedInMember(service, shop.workspaceId, 'editor'),
      token: (await init(service.app, { agent_id: shop.agentId, locale: 'en' })).json().token as string,
    };
  },
});

const ask = async (service: TestApp, token: string, times: number) => {
  for (let i = 0; i < times; i += 1)
    expect((await widgetPost(service.app, '/v1/widget/messages', token, { message: 'When will my order ship?' })).statusCode).toBe(200);
};
const page = async (service: TestApp, owner: SignedIn, url: string) => {
  const response = await asUser(service.app, owner, 'GET', url);
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('daily caps on the Usage page and the agent page', () => {
  it('sets an agent’s daily caps through the agent form, refusing what is not a cap', async ({ service, shop, prepared: { owner } }) => {
    const agentPage = await page(service, owner, `/app/agents/${shop.agentId}`);
    expect(agentPage).toContain('name="daily_token_cap"');
    const form = {
      name: 'Capped assistant',
      site_type: 'ecommerce',
      allowed_origins: 'https://shop.example',
      default_locale: 'en',
      theme_color: '#1f6feb',
      theme_position: 'right',
      provider: 'openai',
      model: 'gpt-4o-mini',
      published: 'on',
    };
    const bad = await asUser(
      service.app,
      owner,
      'POST',
      `/app/agents/${shop.agentId}`,
      { ...form, daily_token_cap: 'lots', daily_cost_cap_usd: '1.23456' },
      { form: true },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('daily token cap');
    expect(bad.body).toContain('daily cost cap usd');
    const saved = await asUser(
      service.app,
      owner,
      'POST',
      `/app/agents/${shop.agentId}`,
      { ...form, daily_token_cap: '1000', daily_cost_cap_usd: '2.5' },
      { form: true },
    );
    expect(saved.statusCode, saved.body.match(/error-box[\s\S]*?<\/div>/)?.[0]).toBe(303);
    const wire = (await asUser(service.app, owner, 'GET', `/app/api/agents/${shop.agentId}`)).json().agent;
    expect(wire).toMatchObject({ provider: 'openai', daily_token_cap: 1000, daily_cost_cap_usd: 2.5 });
    expect(notices(await page(service, owner, '/app/usage'))).toEqual([]);
  });

  it('shows an 80% notice, then a 100% notice, on both pages; past the cap replies come from the offline responder', async ({
    service,
    shop,
    prepared: { owner, token },
  }) => {
    // 8 model calls of about 107 tokens: over 800 of 1,000.
    await ask(service, token, 8);
    expect(llm.requests).toHaveLength(8);
    let usage = notices(await page(service, owner, '/app/usage'));
    expect(usage).toEqual([
      { level: 'warning', text: expect.stringMatching(/^Agent Capped assistant: 8\d% of the daily cap used \(8\d\d of 1,000 tokens today, UTC\)/) },
    ]);
    expect(notices(await page(service, owner, `/app/agents/${shop.agentId}`))).toEqual(usage);
    const today = (await asUser(service.app, owner, 'GET', '/app/api/usage/today')).json();
    expect(today.agents).toContainEqual(expect.objectContaining({ agent_id: shop.agentId, cap_level: 'warning', turns: 8, daily_token_cap: 1000 }));
    expect(today.workspace).toMatchObject({ cap_level: 'ok', daily_token_cap: null, turns: 8 });

    await ask(service, token, 2);
    expect(llm.requests).toHaveLength(10);
    usage = notices(await page(service, owner, '/app/usage'));
    expect(usage).toEqual([
      {
        level: 'reached',
        text: expect.stringMatching(
          /^Agent Capped assistant: daily cap reached \(1,0\d\d of 1,000 tokens today, UTC\)\. Replies come from the offline responder/,
        ),
      },
    ]);
    expect(notices(await page(service, owner, `/app/agents/${shop.agentId}`))).toEqual(usage);

    // The next reply does not reach the model.
    await ask(service, token, 1);
    expect(llm.requests).toHaveLength(10);
  });

  it('sets the workspace’s caps on the Usage page (owner and admin only), and shows the workspace notice', async ({
    service,
    shop,
    prepared: { owner, editor },
  }) => {
    expect((await asUser(service.app, editor, 'POST', '/app/usage/caps', { daily_token_cap: '1200', daily_cost_cap_usd: '' }, { form: true })).statusCode).toBe(
      403,
    );
    const bad = await asUser(service.app, owner, 'POST', '/app/usage/caps', { daily_token_cap: '12', daily_cost_cap_usd: 'free' }, { form: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="free"');
    const saved = await asUser(service.app, owner, 'POST', '/app/usage/caps', { daily_token_cap: '1200', daily_cost_cap_usd: '' }, { form: true });
    expect(saved.statusCode).toBe(303);
    const [row] = await service.database.db.select().from(workspaces).where(eq(workspaces.id, shop.workspaceId));
    expect(row).toMatchObject({ dailyTokenCap: 1200, dailyCostCapUsd: null });
    const usage = notices(await page(service, owner, '/app/usage'));
    expect(usage.map((n) => n.level)).toEqual(['warning', 'reached']);
    expect(usage[0]!.text).toMatch(/^This workspace: [89]\d% of the daily cap used \(1,0\d\d of 1,200 tokens/);

    expect((await asUser(service.app, editor, 'PUT', '/app/api/usage/caps', { daily_token_cap: null, daily_cost_cap_usd: 0.5 })).statusCode).toBe(403);
    const api = await asUser(service.app, owner, 'PUT', '/app/api/usage/caps', { daily_token_cap: null, daily_cost_cap_usd: 0.5 });
    expect(api.json()).toEqual({ daily_token_cap: null, daily_cost_cap_usd: 0.5 });
    const today = (await asUser(service.app, owner, 'GET', '/app/api/usage/today')).json();
    expect(today.workspace).toMatchObject({ daily_token_cap: null, daily_cost_cap_usd: 0.5, cap_level: 'ok' });
    expect(today.workspace.cost_usd).toBeGreaterThan(0);
  });
});
