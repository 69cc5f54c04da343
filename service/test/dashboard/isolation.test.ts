import { describe, expect } from 'vitest';
import { authenticateApiToken } from '../../src/modules/auth/api-tokens.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest } from '../helpers/integration.js';
import { widgetPost } from '../helpers/widget.js';
import { asUser, seedProductionConversation, signedInMember, type SignedIn } from './helpers.js';

interface Tenant {
  shop: SeededWorkspace;
  owner: SignedIn;
  ownerId: string;
  conversationId: string;
  leadId: string;
}

async function tenant(service: TestApp, name: string, question: string, leadEmail: string): Promise<Tenant> {
  const shop = await seedWorkspace(service.database, name);
  const owner = await signedInMember(service, shop.workspaceId, 'owner');
  const visit = await seedProductionConversation(service.app, shop.agentId, question);
  const lead = await widgetPost(service.app, '/v1/widget/leads', visit.token, { email: leadEmail, name: `${name} lead` });
  await widgetPost(service.app, '/v1/widget/events', visit.token, { events: [{ name: 'cta_click', at: new Date().toISOString() }] });
  return { shop, owner, ownerId: (owner.body.user as { id: string }).id, conversationId: visit.conversationId, leadId: lead.json().lead_id };
}

/** Two workspaces, each with an owner, a conversation, a lead and an event; only A has a connected site. */
const it = appTest({
  shop: false,
  prepare: async (service) => {
    const a = await tenant(service, 'Alpha', 'Alpha secret: what is your returns address?', 'lead@alpha.example');
    const b = await tenant(service, 'Beta', 'Beta question about sizes', 'lead@beta.example');
    expect((await handshakeRequest(service.app, a.shop.token, { site_url: 'https://alpha.example' })).statusCode).toBe(200);
    return { a, b };
  },
});

const get = (service: TestApp, user: SignedIn, url: string) => asUser(service.app, user, 'GET', url);

/** A session of one workspace never reads or changes anything of another. */
describe('workspace isolation in the dashboard', () => {
  it("B's inbox lists only B's conversations, and search does not reach A's", async ({ service, prepared: { a, b } }) => {
    const list = (await get(service, b.owner, '/app/api/conversations')).json().conversations;
    expect(list.map((c: { id: string }) => c.id)).toEqual([b.conversationId]);
    expect((await get(service, b.owner, '/app/api/conversations?q=Alpha%20secret')).json().conversations).toEqual([]);
    expect((await get(service, b.owner, `/app/api/conversations?agent_id=${a.shop.agentId}`)).json().conversations).toEqual([]);
    const page = await get(service, b.owner, '/app/inbox?q=returns');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Alpha secret');
  });

  it("A's transcript is 404 for B, as JSON and as a page", async ({ service, prepared: { a, b } }) => {
    expect((await get(service, b.owner, `/app/api/conversations/${a.conversationId}`)).statusCode).toBe(404);
    const page = await get(service, b.owner, `/app/inbox/${a.conversationId}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Alpha secret');
    expect((await get(service, a.owner, `/app/api/conversations/${a.conversationId}`)).json().messages[0].content).toContain('Alpha secret');
  });

  it("B's leads, lead pages and CSV hold none of A's leads", async ({ service, prepared: { a, b } }) => {
    const leads = (await get(service, b.owner, '/app/api/leads')).json().leads;
    expect(leads.map((l: { email: string }) => l.email)).toEqual(['lead@beta.example']);
    expect((await get(service, b.owner, '/app/api/leads?q=alpha')).json().leads).toEqual([]);
    expect((await get(service, b.owner, `/app/api/leads/${a.leadId}`)).statusCode).toBe(404);
    expect((await get(service, b.owner, `/app/leads/${a.leadId}`)).statusCode).toBe(404);
    const csv = (await get(service, b.owner, '/app/api/leads.csv')).body;
    expect(csv).toContain('lead@beta.example');
    expect(csv).not.toContain('alpha');
  });

  it("B's analytics and usage count only B's activity", async ({ service, prepared: { b } }) => {
    const analytics = (await get(service, b.owner, '/app/api/analytics?days=7')).json();
    expect(analytics.totals).toMatchObject({ conversations: 1, messages: 2, leads: 1 });
    expect(analytics.widget_events).toEqual([{ name: 'cta_click', count: 1 }]);
    const usage = (await get(service, b.owner, '/app/api/usage?months=1')).json().months;
    expect(usage).toEqual([expect.objectContaining({ conversations: 1, messages: 2 })]);
    expect((await get(service, b.owner, '/app/analytics')).body).not.toContain('Alpha');
  });

  it("B sees none of A's agents, sites, tokens or members", async ({ service, prepared: { a, b } }) => {
    expect((await get(service, b.owner, '/app/api/agents')).json().agents.map((x: { id: string }) => x.id)).toEqual([b.shop.agentId]);
    expect((await get(service, b.owner, `/app/api/agents/${a.shop.agentId}`)).statusCode).toBe(404);
    expect((await get(service, b.owner, '/app/api/sites')).json().sites).toEqual([]);
    expect((await get(service, a.owner, '/app/api/sites')).json().sites).toEqual([
      expect.objectContaining({ site_url: 'https://alpha.example', plugin_version: '1.0.0' }),
    ]);
    expect((await get(service, b.owner, '/app/api/tokens')).json().tokens.map((x: { id: string }) => x.id)).toEqual([b.shop.tokenId]);
    expect((await get(service, b.owner, '/app/api/members')).json().members.map((m: { user_id: string }) => m.user_id)).toEqual([b.ownerId]);
  });

  it("B cannot revoke A's token nor remove A's members", async ({ service, prepared: { a, b } }) => {
    expect((await asUser(service.app, b.owner, 'DELETE', `/app/api/tokens/${a.shop.tokenId}`)).statusCode).toBe(404);
    expect((await asUser(service.app, b.owner, 'POST', `/app/tokens/${a.shop.tokenId}/revoke`, {}, { form: true })).statusCode).toBe(404);
    expect((await authenticateApiToken(service.database.db, `Bearer ${a.shop.token}`, new Date())).workspaceId).toBe(a.shop.workspaceId);
    expect((await asUser(service.app, b.owner, 'DELETE', `/app/api/members/${a.ownerId}`)).statusCode).toBe(404);
    expect((await get(service, a.owner, '/app/api/session')).statusCode).toBe(200);
  });
});
