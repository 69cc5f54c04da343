import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { seedWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { asUser, createMember, signIn, type SignedIn, signedInMember } from './helpers.js';

const it = appTest({
  shop: { name: 'Our shop' },
  prepare: async (service, shop) => {
    const rival = await seedWorkspace(service.database, 'Rival shop');
    const as: Record<'owner' | 'admin' | 'editor' | 'viewer' | 'rivalOwner', SignedIn> = {} as never;
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      as[role] = await signedInMember(service, shop.workspaceId, role);
    }
    as.rivalOwner = await signedInMember(service, rival.workspaceId, 'owner');
    return { rival, as };
  },
});

/** Every permission case, for the JSON API and for the pages. */
describe('dashboard permissions', () => {
  const agentName = async (service: TestApp, id: string) =>
    (await service.database.db.select({ name: agents.name }).from(agents).where(eq(agents.id, id)))[0]?.name;

  describe('without a session', () => {
    it.for([
      ['GET', '/app/api/agents'],
      ['GET', '/app/api/conversations'],
      ['GET', '/app/api/leads.csv'],
      ['GET', '/app/api/analytics'],
      ['PATCH', '/app/api/agents/00000000-0000-4000-8000-000000000000'],
      ['POST', '/app/api/tokens'],
    ] as const)('%s %s answers 401 unauthenticated', async ([method, url], { service }) => {
      const response = await asUser(service.app, null, method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    });

    it.for(['/app', '/app/agents', '/app/inbox?q=shoes', `/app/agents/00000000-0000-4000-8000-000000000000`, '/app/analytics'])(
      'page %s redirects to sign-in',
      async (url, { service }) => {
        const response = await asUser(service.app, null, 'GET', url);
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(`/app/login?next=${encodeURIComponent(url)}`);
      },
    );

    it('a form post redirects to sign-in and changes nothing', async ({ service, shop }) => {
      const response = await asUser(service.app, null, 'POST', `/app/agents/${shop.agentId}`, { name: 'Hijacked', site_type: 'saas' }, { form: true });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/app/login?next=%2Fapp%2Fagents');
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });
  });

  describe('viewer: reads everything, changes nothing', () => {
    it('gets 403 forbidden updating or creating an agent (JSON)', async ({ service, shop, prepared: { as } }) => {
      const update = await asUser(service.app, as.viewer, 'PATCH', `/app/api/agents/${shop.agentId}`, { name: 'Renamed by a viewer' });
      expect(update.statusCode).toBe(403);
      expect(update.json()).toMatchObject({ code: 'forbidden' });
      const create = await asUser(service.app, as.viewer, 'POST', '/app/api/agents', { name: 'New', site_type: 'saas' });
      expect(create.statusCode).toBe(403);
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });

    it('gets a 403 page posting the agent form, and a read-only form', async ({ service, shop, prepared: { as } }) => {
      const post = await asUser(
        service.app,
        as.viewer,
        'POST',
        `/app/agents/${shop.agentId}`,
        { name: 'Renamed by a viewer', site_type: 'saas' },
        { form: true },
      );
      expect(post.statusCode).toBe(403);
      expect(post.headers['content-type']).toContain('text/html');
      expect(post.body).toContain('Not allowed');
      expect((await asUser(service.app, as.viewer, 'GET', '/app/agents/new')).statusCode).toBe(403);
      const page = await asUser(service.app, as.viewer, 'GET', `/app/agents/${shop.agentId}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<fieldset disabled>');
      expect(page.body).not.toContain('Save changes');
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });

    it('reads the inbox, leads, analytics, usage, sites, tokens and members', async ({ service, prepared: { as } }) => {
      for (const url of [
        '/app/api/conversations',
        '/app/api/leads',
        '/app/api/analytics',
        '/app/api/usage',
        '/app/api/sites',
        '/app/api/tokens',
        '/app/api/members',
      ]) {
        expect((await asUser(service.app, as.viewer, 'GET', url)).statusCode, url).toBe(200);
      }
    });

    it('cannot create or revoke tokens, nor add members', async ({ service, shop, prepared: { as } }) => {
      expect((await asUser(service.app, as.viewer, 'POST', '/app/api/tokens', { name: 'x' })).statusCode).toBe(403);
      expect((await asUser(service.app, as.viewer, 'DELETE', `/app/api/tokens/${shop.tokenId}`)).statusCode).toBe(403);
      expect((await asUser(service.app, as.viewer, 'POST', '/app/tokens', { name: 'x' }, { form: true })).statusCode).toBe(403);
      expect((await asUser(service.app, as.viewer, 'POST', '/app/api/members', { email: 'x@y.z', password: 'long enough!', role: 'owner' })).statusCode).toBe(
        403,
      );
    });
  });

  describe('editor, admin and owner', () => {
    it('an editor updates agents but manages neither tokens nor members', async ({ service, shop, prepared: { as } }) => {
      const update = await asUser(service.app, as.editor, 'PATCH', `/app/api/agents/${shop.agentId}`, { greeting: 'Hello from the editor' });
      expect(update.statusCode).toBe(200);
      expect(update.json().agent.greeting).toBe('Hello from the editor');
      expect((await asUser(service.app, as.editor, 'POST', '/app/api/tokens', { name: 'x' })).json().code).toBe('forbidden');
      expect((await asUser(service.app, as.editor, 'POST', '/app/api/members', { email: 'x@y.z', password: 'long enough!', role: 'owner' })).statusCode).toBe(
        403,
      );
    });

    it('an admin manages tokens but not members', async ({ service, prepared: { as } }) => {
      const created = await asUser(service.app, as.admin, 'POST', '/app/api/tokens', { name: 'Admin token' });
      expect(created.statusCode).toBe(201);
      expect((await asUser(service.app, as.admin, 'DELETE', `/app/api/tokens/${created.json().id}`)).statusCode).toBe(200);
      expect((await asUser(service.app, as.admin, 'POST', '/app/api/members', { email: 'x@y.z', password: 'long enough!', role: 'viewer' })).statusCode).toBe(
        403,
      );
    });

    it('an owner adds members', async ({ service, shop, prepared: { as } }) => {
      const added = await asUser(service.app, as.owner, 'POST', '/app/api/members', {
        email: 'New.Member@Shop.example',
        password: 'long enough!',
        role: 'viewer',
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().member).toMatchObject({ email: 'new.member@shop.example', role: 'viewer', created: true });
      expect((await signIn(service.app, 'new.member@shop.example', 'long enough!')).body).toMatchObject({ workspace: { id: shop.workspaceId } });
      const again = await asUser(service.app, as.owner, 'POST', '/app/api/members', {
        email: 'new.member@shop.example',
        password: 'long enough!',
        role: 'owner',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors.email).toEqual(['is already a member of this workspace']);
    });

    it('an account of another workspace is not attached without its consent: refused, its password and workspaces unchanged', async ({
      service,
      prepared: { rival, as },
    }) => {
      const outsider = await createMember(service.database, rival.workspaceId, 'viewer');
      const added = await asUser(service.app, as.owner, 'POST', '/app/api/members', {
        email: outsider.toUpperCase(),
        password: 'owner chose this',
        role: 'editor',
      });
      expect(added.statusCode).toBe(400);
      expect(added.json()).toMatchObject({ code: 'validation_failed', errors: { email: [expect.stringContaining('already has an account')] } });
      const members = (await asUser(service.app, as.owner, 'GET', '/app/api/members')).json().members as { email: string }[];
      expect(members.map((m) => m.email)).not.toContain(outsider);
      // The form says the same, and attaches nothing either.
      const form = await asUser(
        service.app,
        as.owner,
        'POST',
        '/app/members',
        { email: outsider, password: 'owner chose this', role: 'editor' },
        { form: true },
      );
      expect(form.statusCode).toBe(400);
      expect(form.body).toContain('already has an account');
      expect((await service.app.inject({ method: 'POST', url: '/app/login', payload: { email: outsider, password: 'owner chose this' } })).statusCode).toBe(
        401,
      );
      const own = await signIn(service.app, outsider);
      expect((own.body.workspaces as { id: string }[]).map((w) => w.id)).toEqual([rival.workspaceId]);
    });
  });

  describe("another workspace's agent", () => {
    it('is 404 in the JSON API, read or update', async ({ service, shop, prepared: { as } }) => {
      const read = await asUser(service.app, as.rivalOwner, 'GET', `/app/api/agents/${shop.agentId}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().code).toBe('not_found');
      const update = await asUser(service.app, as.rivalOwner, 'PATCH', `/app/api/agents/${shop.agentId}`, { name: 'Stolen' });
      expect(update.statusCode).toBe(404);
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });

    it('is a 404 page, read or posted', async ({ service, shop, prepared: { as } }) => {
      const page = await asUser(service.app, as.rivalOwner, 'GET', `/app/agents/${shop.agentId}`);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toContain('Our shop assistant');
      const post = await asUser(service.app, as.rivalOwner, 'POST', `/app/agents/${shop.agentId}`, { name: 'Stolen', site_type: 'saas' }, { form: true });
      expect(post.statusCode).toBe(404);
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });

    it('a malformed id is 404 too, never a server error', async ({ service, prepared: { as } }) => {
      expect((await asUser(service.app, as.owner, 'GET', '/app/api/agents/not-a-uuid')).statusCode).toBe(404);
      expect((await asUser(service.app, as.owner, 'PATCH', '/app/api/agents/not-a-uuid', { name: 'x' })).statusCode).toBe(404);
      expect((await asUser(service.app, as.owner, 'GET', '/app/agents/not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('CSRF', () => {
    it('a JSON change without the X-CSRF-Token header is 403 csrf_failed and changes nothing', async ({ service, shop, prepared: { as } }) => {
      const response = await asUser(service.app, as.owner, 'PATCH', `/app/api/agents/${shop.agentId}`, { name: 'No token' }, { csrf: false });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_failed' });
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
    });

    it("another session's token does not do", async ({ service, shop, prepared: { as } }) => {
      const response = await service.app.inject({
        method: 'PATCH',
        url: `/app/api/agents/${shop.agentId}`,
        headers: { cookie: as.owner.cookie, 'x-csrf-token': as.editor.csrf },
        payload: { name: 'Wrong token' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_failed');
    });

    it('a form without its hidden _csrf field is a 403 page and changes nothing', async ({ service, shop, prepared: { as } }) => {
      const response = await asUser(
        service.app,
        as.owner,
        'POST',
        `/app/agents/${shop.agentId}`,
        { name: 'No token', site_type: 'saas' },
        { form: true, csrf: false },
      );
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('CSRF');
      expect(await agentName(service, shop.agentId)).toBe('Our shop assistant');
      for (const url of ['/app/tokens', `/app/tokens/${shop.tokenId}/revoke`, '/app/members', '/app/workspace']) {
        expect((await asUser(service.app, as.owner, 'POST', url, { name: 'x' }, { form: true, csrf: false })).statusCode, url).toBe(403);
      }
      expect((await asUser(service.app, as.owner, 'DELETE', `/app/api/tokens/${shop.tokenId}`, undefined, { csrf: false })).statusCode).toBe(403);
    });
  });
});
