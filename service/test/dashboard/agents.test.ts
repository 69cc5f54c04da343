import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { agents } from '../../src/db/schema.js';
import type { TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { init } from '../helpers/widget.js';
import { asUser, type SignedIn, signedInMember } from './helpers.js';

const FULL_AGENT = {
  name: 'Trail helper',
  site_type: 'saas',
  allowed_origins: ['https://Trail.example:443/', 'https://www.trail.example'],
  default_locale: 'de',
  greeting: 'Hallo! Wie kann ich helfen?',
  theme: { color: '#FF6600', position: 'left' },
  lead_capture: { enabled: true, ask_after_turns: 3, consent_text: 'We may email you about your question.' },
  coupons: [
    { code: 'TRAIL5', description: '5% off the first month' },
    { code: 'ANNUAL-20', description: '20% off yearly plans' },
  ],
  handoff: { type: 'email', value: 'help@trail.example', label: 'Write to us' },
  provider: 'anthropic',
  model: 'claude-3-5-haiku-latest',
  budget_turns: 20,
  budget_tokens: 40000,
  published: true,
};

const it = appTest({
  shop: { name: 'Agent shop' },
  prepare: async (service, shop) => ({ owner: await signedInMember(service, shop.workspaceId, 'owner') }),
});

describe('agents in the dashboard', () => {
  describe('JSON API', () => {
    it('creates an agent with every field and returns its embed snippet', async ({ service, shop, prepared: { owner } }) => {
      const response = await asUser(service.app, owner, 'POST', '/app/api/agents', FULL_AGENT);
      expect(response.statusCode).toBe(201);
      const agent = response.json().agent;
      expect(agent).toMatchObject({
        ...FULL_AGENT,
        allowed_origins: ['https://trail.example', 'https://www.trail.example'],
        theme: { color: '#ff6600', position: 'left' },
      });
      expect(agent.embed_snippet).toBe(`<script src="${service.config.publicBaseUrl}/widget.js" data-agent-id="${agent.id}" async></script>`);
      const [row] = await service.database.db.select().from(agents).where(eq(agents.id, agent.id));
      expect(row).toMatchObject({ workspaceId: shop.workspaceId, budgetTurns: 20, budgetTokens: 40000, provider: 'anthropic', published: true });
      // The widget sees what the dashboard saved.
      const widget = await init(service.app, { agent_id: agent.id }, 'https://trail.example');
      expect(widget.statusCode).toBe(200);
      expect(widget.json().agent).toMatchObject({
        greeting: FULL_AGENT.greeting,
        theme: { color: '#ff6600', position: 'left' },
        lead_capture: FULL_AGENT.lead_capture,
      });
    });

    it('creates with defaults from a name and a site type', async ({ service, prepared: { owner } }) => {
      const response = await asUser(service.app, owner, 'POST', '/app/api/agents', { name: 'Minimal', site_type: 'generic' });
      expect(response.statusCode).toBe(201);
      expect(response.json().agent).toMatchObject({ allowed_origins: [], default_locale: 'en', provider: 'offline', published: false, coupons: [] });
    });

    it('updates only the fields sent', async ({ service, prepared: { owner } }) => {
      const created = (await asUser(service.app, owner, 'POST', '/app/api/agents', FULL_AGENT)).json().agent;
      const response = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, { published: false, greeting: '', budget_turns: null });
      expect(response.statusCode).toBe(200);
      expect(response.json().agent).toMatchObject({
        ...FULL_AGENT,
        allowed_origins: created.allowed_origins,
        theme: created.theme,
        published: false,
        greeting: null,
        budget_turns: null,
      });
      expect((await asUser(service.app, owner, 'GET', `/app/api/agents/${created.id}`)).json().agent.published).toBe(false);
      const list = (await asUser(service.app, owner, 'GET', '/app/api/agents')).json().agents;
      expect(list.map((a: { id: string }) => a.id)).toContain(created.id);
    });

    it('refuses invalid fields with the validation envelope and writes nothing', async ({ service, shop, prepared: { owner } }) => {
      const response = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${shop.agentId}`, {
        name: '',
        site_type: 'casino',
        allowed_origins: ['https://shop.example/path', 'ftp://shop.example'],
        default_locale: 'xx-nope',
        theme: { color: 'red' },
        coupons: [
          { code: 'SAME', description: 'one' },
          { code: 'same', description: 'two' },
          { code: 'bad code!', description: '' },
        ],
        handoff: { type: 'url', value: 'javascript:alert(1)' },
        provider: 'skynet',
        budget_turns: 2.5,
        budget_tokens: 10,
        surprise: true,
      });
      expect(response.statusCode).toBe(400);
      const { code, errors } = response.json();
      expect(code).toBe('validation_failed');
      expect(Object.keys(errors)).toEqual(
        expect.arrayContaining([
          'name',
          'site_type',
          'allowed_origins.0',
          'allowed_origins.1',
          'default_locale',
          'theme.color',
          'coupons',
          'coupons.2.code',
          'coupons.2.description',
          'handoff.value',
          'provider',
          'budget_turns',
          'budget_tokens',
        ]),
      );
      expect(JSON.stringify(errors)).toContain('surprise');
      expect((await asUser(service.app, owner, 'GET', `/app/api/agents/${shop.agentId}`)).json().agent.name).toBe('Agent shop assistant');
    });

    it("sets the home screen's questions and the lead trigger, which init gives the widget", async ({ service, prepared: { owner } }) => {
      const created = (await asUser(service.app, owner, 'POST', '/app/api/agents', { ...FULL_AGENT, allowed_origins: ['https://shop.example'] })).json().agent;
      const questions = ['Do you offer a free trial?', 'Which plan fits a team of five?'];
      const response = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, {
        suggestions: questions,
        lead_capture: { enabled: true, trigger: 'exit_intent', consent_text: 'We may email you.' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().agent).toMatchObject({ suggestions: questions, lead_capture: { enabled: true, trigger: 'exit_intent' } });
      const { agent } = (await init(service.app, { agent_id: created.id, locale: 'de' })).json();
      expect(agent).toMatchObject({ suggestions: questions, lead_capture: { trigger: 'exit_intent' } });

      // Without the owner's questions: the site type's samples, for visitors who read English only.
      await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, { suggestions: [] });
      service.clock.advance(5_000); // init's agent cache
      expect((await init(service.app, { agent_id: created.id, locale: 'en-GB' })).json().agent.suggestions).toHaveLength(4);
      expect((await init(service.app, { agent_id: created.id, locale: 'de' })).json().agent.suggestions).toEqual([]);

      const refused = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, {
        suggestions: ['one', 'two', 'three', 'four', 'five'],
        lead_capture: { enabled: true, trigger: 'whenever' },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors).sort()).toEqual(['lead_capture.trigger', 'suggestions']);
    });

    it("sets the agent's avatar, an https image that init gives the widget, and refuses any other URL", async ({ service, prepared: { owner } }) => {
      const created = (await asUser(service.app, owner, 'POST', '/app/api/agents', { ...FULL_AGENT, allowed_origins: ['https://shop.example'] })).json().agent;
      const saved = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, {
        theme: { color: '#ff6600', avatar_url: ' https://CDN.trail.example/team/anna.png ' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().agent.theme).toEqual({ color: '#ff6600', avatar_url: 'https://cdn.trail.example/team/anna.png' });
      expect((await init(service.app, { agent_id: created.id })).json().agent.theme).toMatchObject({ avatar_url: 'https://cdn.trail.example/team/anna.png' });

      for (const avatarUrl of [
        'javascript:alert(document.cookie)',
        'data:image/svg+xml,<svg onload=alert(1)>',
        'http://cdn.trail.example/anna.png',
        '//cdn.trail.example/anna.png',
        'https://owner:secret@cdn.trail.example/anna.png',
        'https://cdn.trail.example/an na.png',
        `https://cdn.trail.example/${'a'.repeat(2000)}.png`,
      ]) {
        const refused = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, { theme: { avatar_url: avatarUrl } });
        expect(refused.statusCode, avatarUrl).toBe(400);
        expect(Object.keys(refused.json().errors), avatarUrl).toEqual(['theme.avatar_url']);
      }
      const unchanged = (await asUser(service.app, owner, 'GET', `/app/api/agents/${created.id}`)).json().agent;
      expect(unchanged.theme.avatar_url).toBe('https://cdn.trail.example/team/anna.png');

      // Cleared: the name's initial again.
      const cleared = await asUser(service.app, owner, 'PATCH', `/app/api/agents/${created.id}`, { theme: { color: '#ff6600', avatar_url: '' } });
      expect(cleared.json().agent.theme).toEqual({ color: '#ff6600' });
    });
  });

  describe('pages', () => {
    const form = {
      name: 'Form agent',
      site_type: 'documentation',
      allowed_origins: 'https://docs.example\r\nhttps://help.example',
      default_locale: 'ar',
      greeting: 'مرحبا',
      suggestions: 'كيف أبدأ؟\r\n\r\n  هل يوجد دليل للمبتدئين؟  ',
      theme_color: '#123abc',
      theme_position: 'right',
      theme_avatar_url: 'https://docs.example/team/sam.png',
      lead_enabled: 'on',
      lead_trigger: 'after_turns',
      lead_ask_after_turns: '2',
      lead_consent_text: 'We keep your email for 30 days.',
      coupon_code: ['DOCS10', '', ''],
      coupon_description: ['10% off support plans', '', ''],
      handoff_type: 'url',
      handoff_value: 'https://docs.example/contact',
      handoff_label: 'Contact support',
      provider: 'openai',
      model: 'gpt-4o-mini',
      budget_turns: '30',
      budget_tokens: '50000',
      published: 'on',
    };
    const encode = (owner: SignedIn, fields: Record<string, string | string[]>) => {
      const params = new URLSearchParams({ _csrf: owner.csrf });
      for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
      return params.toString();
    };
    const postForm = (service: TestApp, owner: SignedIn, url: string, fields: Record<string, string | string[]>) =>
      service.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: encode(owner, fields),
      });

    it('creates an agent from the form, then shows it with its snippet and copy button', async ({ service, prepared: { owner } }) => {
      const response = await postForm(service, owner, '/app/agents', form);
      expect(response.statusCode).toBe(303);
      const id = /^\/app\/agents\/([0-9a-f-]{36})\?notice=created$/.exec(String(response.headers.location))?.[1];
      expect(id).toBeDefined();
      const agent = (await asUser(service.app, owner, 'GET', `/app/api/agents/${id}`)).json().agent;
      expect(agent).toMatchObject({
        name: 'Form agent',
        site_type: 'documentation',
        allowed_origins: ['https://docs.example', 'https://help.example'],
        default_locale: 'ar',
        greeting: 'مرحبا',
        theme: { color: '#123abc', position: 'right', avatar_url: 'https://docs.example/team/sam.png' },
        suggestions: ['كيف أبدأ؟', 'هل يوجد دليل للمبتدئين؟'],
        lead_capture: { enabled: true, trigger: 'after_turns', ask_after_turns: 2, consent_text: 'We keep your email for 30 days.' },
        coupons: [{ code: 'DOCS10', description: '10% off support plans' }],
        handoff: { type: 'url', value: 'https://docs.example/contact', label: 'Contact support' },
        provider: 'openai',
        model: 'gpt-4o-mini',
        budget_turns: 30,
        budget_tokens: 50000,
        published: true,
      });
      const page = await asUser(service.app, owner, 'GET', String(response.headers.location));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Agent created.');
      expect(page.body).toContain(
        `&lt;script src=&quot;${service.config.publicBaseUrl}/widget.js&quot; data-agent-id=&quot;${id}&quot; async&gt;&lt;/script&gt;`,
      );
      expect(page.body).toContain('data-copy-target="embed-snippet"');
      expect(page.body).toContain('<option value="ar" selected>');
      expect(page.body).toContain('name="theme_avatar_url" value="https://docs.example/team/sam.png"');
    });

    it('edits an agent from the form; unchecked boxes and emptied fields are saved as such', async ({ service, prepared: { owner } }) => {
      const created = (await asUser(service.app, owner, 'POST', '/app/api/agents', FULL_AGENT)).json().agent;
      const response = await postForm(service, owner, `/app/agents/${created.id}`, {
        ...form,
        name: 'Edited',
        lead_enabled: [],
        published: [],
        budget_turns: '',
        coupon_code: ['', ''],
        coupon_description: ['', ''],
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/app/agents/${created.id}?notice=saved`);
      const agent = (await asUser(service.app, owner, 'GET', `/app/api/agents/${created.id}`)).json().agent;
      expect(agent).toMatchObject({ name: 'Edited', published: false, lead_capture: { enabled: false }, budget_turns: null, coupons: [] });
    });

    it('shows a rejected form again with its errors and everything that was typed', async ({ service, prepared: { owner } }) => {
      const response = await postForm(service, owner, '/app/agents', {
        ...form,
        name: 'Kept <b>as typed</b>',
        allowed_origins: 'https://ok.example\nnot an origin',
        budget_tokens: 'lots',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Please correct the following');
      expect(response.body).toContain('value="Kept &lt;b&gt;as typed&lt;/b&gt;"');
      expect(response.body).toContain('https://ok.example\nnot an origin</textarea>');
      expect(response.body).toContain('must be a whole number');
      expect(response.body).toContain('value="DOCS10"');
    });

    it('escapes every value it shows: a hostile agent name stays text', async ({ service, prepared: { owner } }) => {
      const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)> ' " &`;
      const created = (
        await asUser(service.app, owner, 'POST', '/app/api/agents', { name: hostile, site_type: 'generic', greeting: '</textarea><script>alert(2)</script>' })
      ).json().agent;
      for (const url of ['/app/agents', `/app/agents/${created.id}`]) {
        const page = await asUser(service.app, owner, 'GET', url);
        expect(page.body).not.toContain('<script>alert');
        expect(page.body).not.toContain('<img src=x');
        expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &#39; &quot; &amp;');
      }
    });

    it('sends a strict Content-Security-Policy and loads scripts only as files', async ({ service, prepared: { owner } }) => {
      const page = await asUser(service.app, owner, 'GET', '/app/agents');
      expect(page.headers['content-security-policy']).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(page.headers['cache-control']).toBe('no-store');
      const tags = page.body.match(/<[a-z][^>]*>/gi) ?? [];
      expect(tags.filter((tag) => /^<script\b/i.test(tag) && !/\bsrc="\/app\/static\//.test(tag))).toEqual([]);
      expect(tags.filter((tag) => /\s(on[a-z]+|style)=/i.test(tag))).toEqual([]);
      expect(page.body).not.toMatch(/<style/i);
      const script = /<script src="(\/app\/static\/dashboard\.js\?v=[0-9a-f]+)"/.exec(page.body)?.[1];
      const asset = await service.app.inject({ method: 'GET', url: script! });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('text/javascript');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await service.app.inject({ method: 'GET', url: '/app/static/..%2Fpackage.json' })).statusCode).toBe(404);
    });
  });
});
