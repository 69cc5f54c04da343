import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { describe, expect } from 'vitest';
import { agents, documents, leads, messages, sites, users } from '../../src/db/schema.js';
import { asUser, createMember, signIn, type SignedIn } from '../dashboard/helpers.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { handshakeRequest, post, product, signedSync } from '../helpers/integration.js';
import { init, parseSse, widgetPost } from '../helpers/widget.js';

/**
 * Two workspaces, each with everything a workspace can hold. With every credential A has (a
 * dashboard session, its API token, a widget token) and B's ids put wherever a route takes one,
 * no answer carries anything of B's, and every route that names an object of B's says it does
 * not exist. The list of read routes comes from the app itself, so a new one cannot go unchecked.
 */

interface Tenant {
  name: string;
  origin: string;
  marker: string;
  shop: SeededWorkspace;
  owner: SignedIn;
  ownerId: string;
  ownerEmail: string;
  viewerId: string;
  siteId: string;
  siteUrl: string;
  shopperSecret: string;
  conversationId: string;
  visitorId: string;
  widgetToken: string;
  playgroundConversationId: string;
  leadId: string;
  leadEmail: string;
  couponCode: string;
  messageIds: string[];
  documentIds: string[];
  postWpId: number;
  answerId: string;
  testId: string;
  runId: string;
}

/** Every GET route, as the app registered it (its onRoute hook, collected by createTestApp). */
function getRoutes(routes: readonly RouteOptions[]): string[] {
  const isGet = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).includes('GET');
  return [...new Set(routes.filter(isGet).map((route) => route.url))];
}

type ParamKind = 'agent' | 'conversation' | 'lead' | 'answer' | 'run';
/** `widget`: a widget token names the conversation (its claims); nothing in the URL does. */
type Access = 'public' | 'session' | 'widget';

/**
 * Every read route and how it is reached. A GET route missing here fails the suite: whoever
 * adds one decides here whether it is public and which object its parameter names.
 */
const READ_ROUTES: Record<
  string,
  {
    access: Access;
    param?: ParamKind;
    /** Its object is published: anyone may read it by its id. */
    published?: true;
    /** An event stream that stays open: read by its own test below, not by the loops that wait for an answer. */
    stream?: true;
  }
> = {
  '/answers/:id': { access: 'public', param: 'answer', published: true },
  '/healthz': { access: 'public' },
  '/readyz': { access: 'public' },
  '/openapi.json': { access: 'public' },
  '/docs': { access: 'public' },
  '/metrics': { access: 'public' },
  '/demo': { access: 'public' },
  '/demo/products/:slug': { access: 'public' },
  '/demo/pages/:slug': { access: 'public' },
  '/demo/cart/': { access: 'public' },
  '/demo/images/:file': { access: 'public' },
  '/demo/identify.js': { access: 'public' },
  '/widget.js': { access: 'public' },
  '/panel.js': { access: 'public' },
  '/i18n/:name': { access: 'public' },
  '/app/static/:name': { access: 'public' },
  '/app/playground-assets/:name': { access: 'public' },
  '/app/login': { access: 'public' },
  '/app': { access: 'session' },
  '/app/agents': { access: 'session' },
  '/app/agents/new': { access: 'session' },
  '/app/agents/:id': { access: 'session', param: 'agent' },
  '/app/agents/:id/playground': { access: 'session', param: 'agent' },
  '/app/sites': { access: 'session' },
  '/app/tokens': { access: 'session' },
  '/app/members': { access: 'session' },
  '/app/account': { access: 'session' },
  '/app/inbox': { access: 'session' },
  '/app/inbox/:id': { access: 'session', param: 'conversation' },
  '/app/leads': { access: 'session' },
  '/app/leads/:id': { access: 'session', param: 'lead' },
  '/app/analytics': { access: 'session' },
  '/app/usage': { access: 'session' },
  '/app/gaps': { access: 'session' },
  '/app/answers': { access: 'session' },
  '/app/answers/new': { access: 'session' },
  '/app/answers/:id': { access: 'session', param: 'answer' },
  '/app/api/gaps': { access: 'session' },
  '/app/api/answers': { access: 'session' },
  '/app/api/answers/export': { access: 'session' },
  '/app/api/answers/:id': { access: 'session', param: 'answer' },
  '/app/api/agents/:id/tests': { access: 'session', param: 'agent' },
  '/app/api/agents/:id/test-runs': { access: 'session', param: 'agent' },
  '/app/api/test-runs/:runId': { access: 'session', param: 'run' },
  '/app/api/session': { access: 'session' },
  '/app/api/agents': { access: 'session' },
  '/app/api/agents/:id': { access: 'session', param: 'agent' },
  '/app/api/sites': { access: 'session' },
  '/app/api/tokens': { access: 'session' },
  '/app/api/handoff-webhook': { access: 'session' },
  '/app/api/members': { access: 'session' },
  '/app/api/conversations': { access: 'session' },
  '/app/api/conversations/stream': { access: 'session', stream: true },
  '/v1/widget/updates': { access: 'widget' },
  '/v1/widget/updates/stream': { access: 'widget', stream: true },
  '/app/api/conversations/:id': { access: 'session', param: 'conversation' },
  '/app/api/leads': { access: 'session' },
  '/app/api/leads.csv': { access: 'session' },
  '/app/api/leads/:id': { access: 'session', param: 'lead' },
  '/app/api/analytics': { access: 'session' },
  '/app/api/usage': { access: 'session' },
  '/app/api/usage/today': { access: 'session' },
};

/** A tenant's own object of a kind, as a route's parameter names it. */
const ownId = (tenant: Tenant, kind: ParamKind): string =>
  ({ agent: tenant.shop.agentId, conversation: tenant.conversationId, lead: tenant.leadId, answer: tenant.answerId, run: tenant.runId })[kind];

const fill = (route: string, value: string) => route.replace(/:[A-Za-z]+/g, encodeURIComponent(value));

async function tenant(service: TestApp, name: string): Promise<Tenant> {
  const marker = `${name}-${Math.random().toString(36).slice(2, 10)}`;
  const origin = `https://${name.toLowerCase()}-shop.example`;
  const siteUrl = `https://${name.toLowerCase()}-wp.example`;
  const couponCode = `${name.toUpperCase()}-${marker.slice(-6).toUpperCase()}`;
  const shop = await seedWorkspace(service.database, `${name} Works ${marker}`);
  await service.database.db
    .update(agents)
    // Nobody of the team takes over here (live handoff off): the owner is signed in, and an
    // escalating answer would otherwise hand the conversation to them and silence the assistant
    // the suite's later messages need (widget/handoff.test.ts tests the handoff's own scoping).
    .set({
      allowedOrigins: [origin],
      name: `${name} agent ${marker}`,
      coupons: [{ code: couponCode, description: `${marker} coupon` }],
      handoff: { type: 'lead_form', live: false },
    })
    .where(eq(agents.id, shop.agentId));
  const ownerEmail = `owner@${name.toLowerCase()}-${marker.slice(-6)}.example`;
  const owner = await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner', ownerEmail));
  const viewerEmail = await createMember(service.database, shop.workspaceId, 'viewer', `viewer@${name.toLowerCase()}-${marker.slice(-6)}.example`);
  const [viewer] = await service.database.db.select({ id: users.id }).from(users).where(eq(users.email, viewerEmail));
  const handshake = await handshakeRequest(service.app, shop.token, { site_url: siteUrl });
  expect(handshake.statusCode).toBe(200);
  const postWpId = name === 'Alpha' ? 11 : 22;
  expect(
    (
      await signedSync(service.app, shop.token, 'posts', {
        items: [
          post(postWpId, {
            title: `${marker} vault article`,
            content_html: `<p>The vault code is ${marker}-VAULT. Ask about the vault code.</p>`,
            content_hash: marker,
          }),
        ],
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await signedSync(service.app, shop.token, 'products', { items: [product(postWpId + 100, { name: `${marker} boots`, sku: `${marker}-SKU` })] })).statusCode,
  ).toBe(200);

  const started = await init(service.app, { agent_id: shop.agentId }, origin);
  expect(started.statusCode, started.body).toBe(200);
  const { conversation_id: conversationId, visitor_id: visitorId, token: widgetToken } = started.json();
  expect(
    (await widgetPost(service.app, '/v1/widget/messages', widgetToken, { message: `${marker} private question: what is the vault code?` }, { origin }))
      .statusCode,
  ).toBe(200);
  expect((await widgetPost(service.app, '/v1/widget/messages', widgetToken, { message: 'Do you have a discount coupon?' }, { origin })).statusCode).toBe(200);
  const leadEmail = `lead-${marker.toLowerCase()}@example.com`;
  const lead = await widgetPost(service.app, '/v1/widget/leads', widgetToken, { email: leadEmail, name: `${marker} lead person` }, { origin });
  expect(lead.statusCode).toBe(200);
  expect(
    (
      await widgetPost(
        service.app,
        '/v1/widget/events',
        widgetToken,
        { events: [{ name: 'cta_click', at: new Date().toISOString(), props: { marker } }] },
        { origin },
      )
    ).statusCode,
  ).toBe(200);
  const playground = await asUser(service.app, owner, 'POST', `/app/agents/${shop.agentId}/playground/stream`, {
    message: `${marker} playground secret about the vault code`,
  });
  expect(playground.statusCode).toBe(200);
  const playgroundConversationId = (parseSse(playground.body).find((e) => e.event === 'start')?.data as { conversation_id: string }).conversation_id;

  // The team's webhook, its URL carrying the marker.
  const webhook = await asUser(service.app, owner, 'PUT', '/app/api/handoff-webhook', {
    // An address literal: nothing is resolved or called here, and the test's policy allows loopback.
    url: `https://127.0.0.1/hooks/${marker}`,
  });
  expect(webhook.statusCode, webhook.body).toBe(200);

  // An answer the owner wrote, a test and a run of the suite.
  const answer = await asUser(service.app, owner, 'POST', '/app/api/answers', {
    questions: [`Where is the ${marker} vault?`],
    answer: `In the ${marker} cellar.`,
  });
  expect(answer.statusCode).toBe(201);
  const test = await asUser(service.app, owner, 'POST', `/app/api/agents/${shop.agentId}/tests`, {
    question: `Where is the ${marker} vault?`,
    fact_pattern: `${marker} cellar`,
  });
  expect(test.statusCode).toBe(201);
  const run = await asUser(service.app, owner, 'POST', `/app/api/agents/${shop.agentId}/tests/run`);
  expect(run.json().run.passed).toBe(1);

  const [site] = await service.database.db.select().from(sites).where(eq(sites.workspaceId, shop.workspaceId));
  const messageIds = (await service.database.db.select({ id: messages.id }).from(messages).where(eq(messages.workspaceId, shop.workspaceId))).map((r) => r.id);
  const documentIds = (await service.database.db.select({ id: documents.id }).from(documents).where(eq(documents.workspaceId, shop.workspaceId))).map(
    (r) => r.id,
  );
  return {
    name,
    origin,
    marker,
    shop,
    owner,
    ownerId: (owner.body.user as { id: string }).id,
    ownerEmail,
    viewerId: viewer!.id,
    siteId: site!.id,
    siteUrl,
    shopperSecret: site!.shopperSigningSecret,
    conversationId,
    visitorId,
    widgetToken,
    playgroundConversationId,
    leadId: lead.json().lead_id,
    leadEmail,
    couponCode,
    messageIds,
    documentIds,
    postWpId,
    answerId: answer.json().answer.id,
    testId: test.json().test.id,
    runId: run.json().run.id,
  };
}

/** Two tenants, A and B, each with everything a workspace can hold; B's ids and secrets, and the ways A asks. */
const it = appTest({
  demo: true,
  limits: { widgetInitPerIp: 1e6, integrationPerToken: 1e6, leadsPerToken: 1e6, couponApplyPerIp: 1e6, messagesPerConversation: 1e6, messagesPerAddress: 1e6 },
  shop: false,
  prepare: async (service) => {
    const a = await tenant(service, 'Alpha');
    const b = await tenant(service, 'Bravo');
    // Everything of B's that must never reach A: ids, secrets, names, content.
    const idsOfB = [
      b.shop.workspaceId,
      b.shop.agentId,
      b.shop.tokenId,
      b.siteId,
      b.conversationId,
      b.visitorId,
      b.playgroundConversationId,
      b.leadId,
      b.ownerId,
      b.viewerId,
      ...b.messageIds,
      ...b.documentIds,
      b.answerId,
      b.testId,
      b.runId,
    ];
    const secretsOfB = [
      ...idsOfB,
      b.marker,
      b.shop.token,
      b.shop.token.slice(0, 12),
      b.shopperSecret,
      b.owner.csrf,
      b.owner.cookie.split('=')[1]!,
      b.widgetToken,
      b.siteUrl.replace('https://', ''),
      b.origin.replace('https://', ''),
      b.leadEmail,
      b.ownerEmail,
      b.couponCode,
    ];
    expect(new Set(idsOfB).size).toBe(idsOfB.length);
    expect(b.messageIds.length).toBeGreaterThanOrEqual(6);
    expect(b.documentIds.length).toBe(3);

    /** B's things in a response that the request did not carry itself (an echoed query is not a leak). */
    function leaks(response: LightMyRequestResponse, sent: string): string[] {
      const seen = `${JSON.stringify(response.headers)}\n${response.body}`;
      const carried = `${sent}\n${decodeURIComponent(sent)}`;
      return secretsOfB.filter((secret) => !carried.includes(secret) && seen.includes(secret));
    }

    const as = {
      session: (url: string) => asUser(service.app, a.owner, 'GET', url),
      apiToken: (url: string) => service.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${a.shop.token}` } }),
      widgetToken: (url: string) => service.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${a.widgetToken}`, origin: a.origin } }),
    };
    return { a, b, idsOfB, secretsOfB, leaks, as };
  },
});

describe('tenant isolation on every route', () => {
  function expectNotFound(response: LightMyRequestResponse, url: string): void {
    expect([403, 404], `${url}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
    if (String(response.headers['content-type']).startsWith('application/json')) {
      expect(response.json(), url).toEqual({
        message: expect.any(String),
        code: response.statusCode === 404 ? 'not_found' : expect.any(String),
        errors: expect.any(Object),
      });
    } else {
      expect(String(response.headers['content-type']), url).toMatch(/^text\/html/);
    }
  }

  it('covers exactly the GET routes the app has', ({ service }) => {
    const routes = getRoutes(service.routes);
    // The collected list is the router's: every path in it is a real route, and known ones are there.
    for (const route of routes) expect(service.app.hasRoute({ method: 'GET', url: route }), route).toBe(true);
    expect(routes).toEqual(expect.arrayContaining(['/app/api/leads.csv', '/app/agents/:id/playground', '/app/api/conversations/:id', '/healthz']));
    expect([...routes].sort()).toEqual(Object.keys(READ_ROUTES).sort());
  });

  it("with A's session, B's ids in any path parameter are not found and nothing of B's comes back", async ({
    service,
    prepared: { a, b, idsOfB, leaks, as },
  }) => {
    // The detector sees B's things where they are: B reading its own transcript and list.
    expect(leaks(await asUser(service.app, b.owner, 'GET', `/app/api/conversations/${b.conversationId}`), '')).toEqual(
      expect.arrayContaining([b.marker, b.conversationId, b.shop.agentId]),
    );
    expect(leaks(await asUser(service.app, b.owner, 'GET', '/app/leads'), '')).toEqual(expect.arrayContaining([b.leadId, b.leadEmail]));
    let probes = 0;
    for (const route of getRoutes(service.routes)) {
      const coverage = READ_ROUTES[route]!;
      if (!route.includes(':')) continue;
      if (coverage.param) {
        const own = ownId(a, coverage.param);
        const mine = await as.session(fill(route, own));
        expect(mine.statusCode, `${route} with A's own ${coverage.param}`).toBe(200);
      }
      for (const id of idsOfB) {
        // A published answer's page is anyone's to read, B's included.
        if (coverage.published && id === b.answerId) continue;
        const url = fill(route, id);
        const response = await as.session(url);
        probes += 1;
        expectNotFound(response, url);
        expect(leaks(response, url), url).toEqual([]);
      }
    }
    expect(probes).toBeGreaterThan(100);
  }, 60_000);

  it("with A's session, B's ids and content in the query of every read route change nothing that comes back", async ({
    service,
    prepared: { a, b, leaks, as },
  }) => {
    const query = new URLSearchParams({
      agent_id: b.shop.agentId,
      conversation: b.playgroundConversationId,
      compare: b.conversationId,
      conversation_id: b.conversationId,
      id: b.leadId,
      workspace_id: b.shop.workspaceId,
      workspace: b.shop.workspaceId,
      site_id: b.siteId,
      q: 'vault code',
      next: `/app/inbox/${b.conversationId}`,
    }).toString();
    for (const route of getRoutes(service.routes)) {
      const coverage = READ_ROUTES[route]!;
      if (coverage.stream) continue;
      const own = coverage.param ? ownId(a, coverage.param) : 'x';
      const url = `${fill(route, own)}?${query}`;
      const response = await as.session(url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (coverage.access === 'session' && route !== '/app') expect(response.statusCode, url).toBe(200);
      expect(leaks(response, url), url).toEqual([]);
    }
    // A's own content is found by the same search: the empty answers above are not an accident.
    const mine = await as.session('/app/api/conversations?q=vault%20code');
    expect(mine.json().conversations.map((c: { id: string }) => c.id)).toEqual([a.conversationId]);
  }, 60_000);

  it("with A's API token or widget token, no dashboard route answers, and no route says anything of B's", async ({
    service,
    prepared: { a, b, leaks, as },
  }) => {
    for (const route of getRoutes(service.routes)) {
      const coverage = READ_ROUTES[route]!;
      if (coverage.stream) continue;
      // A published page is asked for with A's own id: it is meant to answer whatever the credential.
      const target = coverage.param ? ownId(coverage.published ? a : b, coverage.param) : b.shop.agentId;
      for (const [credential, send] of [
        ['api token', as.apiToken],
        ['widget token', as.widgetToken],
      ] as const) {
        const url = `${fill(route, target)}?agent_id=${b.shop.agentId}`;
        const response = await send(url);
        expect(response.statusCode, `${credential} ${url}`).toBeLessThan(500);
        if (coverage.access === 'session') {
          // Pages send the browser to the sign-in form; the JSON API says who is missing.
          expect([303, 401], `${credential} ${url}: ${response.statusCode}`).toContain(response.statusCode);
          if (response.statusCode === 303) expect(response.headers.location).toMatch(/^\/app\/login\?next=/);
        }
        expect(leaks(response, url), `${credential} ${url}`).toEqual([]);
      }
    }
  }, 60_000);

  it("the live streams opened with A's credentials and B's ids say nothing of B's", async ({ service, prepared: { a, b, secretsOfB } }) => {
    const base = await service.app.listen({ port: 0, host: '127.0.0.1' });
    /** The first event of a stream: what it says on opening (a 'ready', or the conversation's state). */
    const firstEvent = async (url: string, headers: Record<string, string>) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 10_000);
      try {
        const response = await fetch(`${base}${url}`, { headers, signal: controller.signal });
        expect(response.status, url).toBe(200);
        const reader = response.body!.getReader();
        let text = '';
        while (!text.includes('\n\n')) {
          const { value, done } = await reader.read();
          if (done) break;
          text += Buffer.from(value).toString('utf8');
        }
        return text;
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
    };
    const query = `?conversation_id=${b.conversationId}&agent_id=${b.shop.agentId}&workspace_id=${b.shop.workspaceId}`;
    const widget = await firstEvent(`/v1/widget/updates/stream${query}`, { authorization: `Bearer ${a.widgetToken}`, origin: a.origin });
    expect(widget).toContain('event: state');
    const inbox = await firstEvent(`/app/api/conversations/stream${query}`, { cookie: a.owner.cookie });
    expect(inbox).toContain('event: ready');
    for (const text of [widget, inbox]) expect(secretsOfB.filter((secret) => !query.includes(secret) && text.includes(secret))).toEqual([]);
  });

  describe('widget routes', () => {
    it("init does not resume B's conversation from A's agent, and B's agent does not start from A's origin", async ({ service, prepared: { a, b, leaks } }) => {
      const attempt = { agent_id: a.shop.agentId, conversation_id: b.conversationId, visitor_id: b.visitorId };
      const resumed = await init(service.app, attempt, a.origin);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().conversation_id).not.toBe(b.conversationId);
      expect(resumed.json().messages).toEqual([]);
      // Only what it was sent comes back (the visitor id names the new conversation's visitor).
      expect(leaks(resumed, JSON.stringify(attempt))).toEqual([]);
      for (const origin of [a.origin, 'https://evil.example', null]) {
        const refused = await init(service.app, { agent_id: b.shop.agentId, conversation_id: b.conversationId, visitor_id: b.visitorId }, origin);
        expect(refused.statusCode, String(origin)).toBe(403);
        expect(refused.json().code).toBe('origin_not_allowed');
        expect(leaks(refused, JSON.stringify(b.shop.agentId))).toEqual([]);
      }
    });

    it("A's widget token with B's conversation, agent and visitor written into its claims is refused everywhere", async ({
      service,
      prepared: { a, b, leaks },
    }) => {
      const [header, payload, signature] = a.widgetToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = [
        header,
        Buffer.from(JSON.stringify({ ...claims, cid: b.conversationId, aid: b.shop.agentId, sub: b.visitorId })).toString('base64url'),
        signature,
      ].join('.');
      const unsigned = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(JSON.stringify({ ...claims, cid: b.conversationId, aid: b.shop.agentId, sub: b.visitorId })).toString('base64url'),
        '',
      ].join('.');
      const signatureOfB = b.widgetToken.split('.')[2]!;
      const flipped = `${signatureOfB.slice(0, 5)}${signatureOfB[5] === 'A' ? 'B' : 'A'}${signatureOfB.slice(6)}`;
      const tampered = [...b.widgetToken.split('.').slice(0, 2), flipped].join('.');
      for (const token of [forged, unsigned, tampered]) {
        for (const [url, body] of [
          ['/v1/widget/messages', { message: 'what is the vault code?' }],
          ['/v1/widget/leads', { email: 'x@example.com' }],
          ['/v1/widget/feedback', { message_id: b.conversationId, rating: 'up' }],
          ['/v1/widget/events', { events: [{ name: 'cta_click', at: new Date().toISOString() }] }],
          ['/api/v1/widget/coupon/apply', { code: b.couponCode }],
        ] as const) {
          const response = await widgetPost(service.app, url, token, body, { origin: b.origin });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
          // The CORS header names the Origin it was sent, which is B's here.
          expect(leaks(response, `${b.couponCode} ${b.origin}`)).toEqual([]);
        }
      }
    });

    it("A's widget token answers from A's knowledge only, cannot apply B's coupon, and is refused from B's origin", async ({
      service,
      prepared: { a, b, leaks },
    }) => {
      const answer = await widgetPost(service.app, '/v1/widget/messages', a.widgetToken, { message: 'What is the vault code?' }, { origin: a.origin });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message.content).toContain(`${a.marker}-VAULT`);
      expect(leaks(answer, '')).toEqual([]);
      const coupon = await widgetPost(service.app, '/api/v1/widget/coupon/apply', a.widgetToken, { code: b.couponCode }, { origin: a.origin });
      expect(coupon.statusCode).toBe(400);
      expect(coupon.json().code).toBe('coupon_invalid');
      const fromB = await widgetPost(service.app, '/v1/widget/messages', a.widgetToken, { message: 'hello' }, { origin: b.origin });
      expect(fromB.statusCode).toBe(403);
      expect(fromB.json().code).toBe('origin_not_allowed');
    });

    it("a lead A's visitor leaves under B's lead's email is A's own; B's lead is untouched", async ({ service, prepared: { a, b } }) => {
      const before = await service.database.db.select().from(leads).where(eq(leads.id, b.leadId));
      const response = await widgetPost(service.app, '/v1/widget/leads', a.widgetToken, { email: b.leadEmail, name: 'Someone else' }, { origin: a.origin });
      expect(response.statusCode).toBe(200);
      expect(response.json().lead_id).not.toBe(b.leadId);
      expect(await service.database.db.select().from(leads).where(eq(leads.id, b.leadId))).toEqual(before);
      const [created] = await service.database.db.select().from(leads).where(eq(leads.id, response.json().lead_id));
      expect(created).toMatchObject({ workspaceId: a.shop.workspaceId, agentId: a.shop.agentId });
    });
  });

  describe('integration routes', () => {
    it("A's token shaking hands as B's site gets A's workspace only and leaves B's site and secret alone", async ({ service, prepared: { a, b, leaks } }) => {
      const [siteBefore] = await service.database.db.select().from(sites).where(eq(sites.id, b.siteId));
      const response = await handshakeRequest(service.app, a.shop.token, { site_url: b.siteUrl });
      expect(response.statusCode).toBe(200);
      expect(response.json().workspace.id).toBe(a.shop.workspaceId);
      expect(response.json().agents.map((x: { id: string }) => x.id)).toEqual([a.shop.agentId]);
      expect(leaks(response, b.siteUrl)).toEqual([]);
      const [siteAfter] = await service.database.db.select().from(sites).where(eq(sites.id, b.siteId));
      expect(siteAfter).toEqual(siteBefore);
      // A now has a site of its own under that URL; it goes, and A shakes hands as itself again.
      await service.database.db.delete(sites).where(and(eq(sites.workspaceId, a.shop.workspaceId), eq(sites.siteUrl, b.siteUrl)));
      expect((await handshakeRequest(service.app, a.shop.token, { site_url: a.siteUrl })).statusCode).toBe(200);
    });

    it("A's token syncing B's wp_ids (removals and overwrites) touches only A's documents", async ({ service, prepared: { a, b, leaks } }) => {
      const before = await service.database.db.select().from(documents).where(eq(documents.workspaceId, b.shop.workspaceId));
      const removal = await signedSync(service.app, a.shop.token, 'posts', { items: [{ wp_id: b.postWpId, deleted: true }] });
      expect(removal.statusCode).toBe(200);
      const overwrite = await signedSync(service.app, a.shop.token, 'products', { items: [product(b.postWpId + 100, { name: 'Overwritten by A' })] });
      expect(overwrite.statusCode).toBe(200);
      expect(leaks(removal, '')).toEqual([]);
      expect(leaks(overwrite, '')).toEqual([]);
      expect(await service.database.db.select().from(documents).where(eq(documents.workspaceId, b.shop.workspaceId))).toEqual(before);
    });
  });

  describe('dashboard and Playground writes that name B', () => {
    it("B's agent, conversations and workspace are not found for A's session, and nothing of B's changes", async ({ service, prepared: { a, b, leaks } }) => {
      const [agentBefore] = await service.database.db.select().from(agents).where(eq(agents.id, b.shop.agentId));
      const messagesBefore = await service.database.db.select().from(messages).where(eq(messages.workspaceId, b.shop.workspaceId));
      const attempts: [string, string, Record<string, unknown>][] = [
        ['PATCH', `/app/api/agents/${b.shop.agentId}`, { name: 'taken over' }],
        ['POST', `/app/agents/${b.shop.agentId}/playground/stream`, { message: 'what is the vault code?' }],
        ['POST', `/app/agents/${b.shop.agentId}/playground/reset`, { conversation_id: b.playgroundConversationId }],
        ['POST', `/app/agents/${b.shop.agentId}/playground/page-context`, { page_context: { url: 'https://x.example' } }],
        ['POST', `/app/agents/${a.shop.agentId}/playground/stream`, { message: 'what is the vault code?', conversation_id: b.playgroundConversationId }],
        ['POST', `/app/agents/${a.shop.agentId}/playground/stream`, { message: 'what is the vault code?', conversation_id: b.conversationId }],
        ['POST', `/app/agents/${a.shop.agentId}/playground/reset`, { conversation_id: b.playgroundConversationId }],
        ['POST', '/app/api/session/workspace', { workspace_id: b.shop.workspaceId }],
      ];
      for (const [method, url, body] of attempts) {
        const response = await asUser(service.app, a.owner, method as 'POST' | 'PATCH', url, body);
        expectNotFound(response, `${method} ${url}`);
        expect(leaks(response, `${url} ${JSON.stringify(body)}`), url).toEqual([]);
      }
      expect((await service.database.db.select().from(agents).where(eq(agents.id, b.shop.agentId)))[0]).toEqual(agentBefore);
      expect(await service.database.db.select().from(messages).where(eq(messages.workspaceId, b.shop.workspaceId))).toEqual(messagesBefore);
      // A's session is still A's: the switch did not move it.
      expect((await asUser(service.app, a.owner, 'GET', '/app/api/session')).json().workspace.id).toBe(a.shop.workspaceId);
    });
  });
});
