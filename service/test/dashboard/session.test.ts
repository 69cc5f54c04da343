import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../../src/modules/auth/sessions.js';
import { LOGIN_LIMITS } from '../../src/modules/dashboard/session-routes.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { asUser, createMember, PASSWORD, sessionCookieOf, signIn, type SignedIn } from './helpers.js';

const HOUR = 60 * 60 * 1000;

describe('dashboard sign-in and sessions', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let ownerEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Session shop');
    ownerEmail = await createMember(t.database, shop.workspaceId, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  // Each test signs in as its own member: the per-account sign-in limit would stop a suite that
  // signed one account in a dozen times within fifteen minutes.
  describe('POST /app/login', () => {
    it('answers the user and a CSRF token, and sets an HttpOnly SameSite=Lax cookie for /app', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email: ownerEmail.toUpperCase(), password: PASSWORD } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        user: { email: ownerEmail, role: 'owner' },
        workspace: { id: shop.workspaceId, name: 'Session shop' },
        permissions: ['agent-update', 'token-manage', 'spend-manage', 'member-manage', 'conversation-reply'],
        csrf_token: expect.stringMatching(/^[\w-]{43}$/),
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^sa_session=[\w-]{43}; Path=\/app; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      expect(cookie).not.toContain('Secure');
      // Only the hash of the cookie's token is stored.
      const token = cookie.split(';')[0]!.split('=')[1]!;
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.id, token));
      expect(rows).toEqual([]);
    });

    it('refuses a wrong password and an unknown email alike', async () => {
      for (const payload of [
        { email: ownerEmail, password: 'not the password' },
        { email: 'nobody@shop.example', password: PASSWORD },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/app/login', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'unauthenticated', message: 'The email or password is incorrect', errors: {} });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it('refuses a body without email or password with the validation envelope', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email: ownerEmail } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { password: expect.any(Array) } });
    });

    it('signs in from the HTML form and redirects to the page asked for, only inside the dashboard', async () => {
      const form = (next: string, password = PASSWORD) =>
        t.app.inject({
          method: 'POST',
          url: '/app/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: ownerEmail, password, next }).toString(),
        });
      const ok = await form('/app/inbox?q=shoes');
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/app/inbox?q=shoes');
      expect(sessionCookieOf(ok.headers['set-cookie'])).toMatch(/^sa_session=/);
      for (const next of ['https://evil.example/', '//evil.example', '/elsewhere', '/app/login']) {
        expect((await form(next)).headers.location).toBe('/app/agents');
      }
      const wrong = await form('/app/inbox', 'wrong password!');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['content-type']).toContain('text/html');
      expect(wrong.body).toContain('The email or password is incorrect');
      expect(wrong.body).toContain(`value="${ownerEmail}"`);
    });

    it('refuses a sign-in posted from another site (login CSRF)', async () => {
      const ownerEmail = await createMember(t.database, shop.workspaceId, 'owner');
      const response = await t.app.inject({
        method: 'POST',
        url: '/app/login',
        headers: { origin: 'https://evil.example' },
        payload: { email: ownerEmail, password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_failed');
      const sameSite = await t.app.inject({
        method: 'POST',
        url: '/app/login',
        headers: { origin: t.config.publicBaseUrl },
        payload: { email: ownerEmail, password: PASSWORD },
      });
      expect(sameSite.statusCode).toBe(200);
    });

    it('shows the sign-in page, and skips it when already signed in', async () => {
      const ownerEmail = await createMember(t.database, shop.workspaceId, 'owner');
      const page = await t.app.inject({ method: 'GET', url: '/app/login?next=/app/leads' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('name="next" value="/app/leads"');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const user = await signIn(t.app, ownerEmail);
      const again = await asUser(t.app, user, 'GET', '/app/login?next=/app/leads');
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe('/app/leads');
    });
  });

  describe('GET /app/api/session', () => {
    it('answers the session for its cookie, 401 without one', async () => {
      const user = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'admin'));
      const response = await asUser(t.app, user, 'GET', '/app/api/session');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(user.body);
      const anonymous = await t.app.inject({ method: 'GET', url: '/app/api/session' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('unauthenticated');
      const forged = await t.app.inject({
        method: 'GET',
        url: '/app/api/session',
        headers: { cookie: 'sa_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(forged.statusCode).toBe(401);
    });
  });

  it('rotates the session on sign-in: the cookie the browser had stops working', async () => {
    const ownerEmail = await createMember(t.database, shop.workspaceId, 'owner');
    const first = await signIn(t.app, ownerEmail);
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/login',
      headers: { cookie: first.cookie },
      payload: { email: ownerEmail, password: PASSWORD },
    });
    const second = { cookie: sessionCookieOf(response.headers['set-cookie']), csrf: response.json().csrf_token, body: response.json() };
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.csrf).not.toBe(first.csrf);
    expect((await asUser(t.app, first, 'GET', '/app/api/session')).statusCode).toBe(401);
    expect((await asUser(t.app, second, 'GET', '/app/api/session')).statusCode).toBe(200);
  });

  it('expires a session after 12 idle hours', async () => {
    const user = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
    t.clock.advance(SESSION_IDLE_MS - HOUR);
    expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - HOUR);
    expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(401);
  });

  it('expires a session 7 days after sign-in however active it is', async () => {
    const user = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));
    for (let elapsed = 0; elapsed + 10 * HOUR < SESSION_LIFETIME_MS; elapsed += 10 * HOUR) {
      t.clock.advance(10 * HOUR);
      expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(200);
    }
    t.clock.advance(10 * HOUR);
    expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(401);
    expect((await asUser(t.app, user, 'GET', '/app/agents')).headers.location).toBe('/app/login?next=%2Fapp%2Fagents');
  });

  describe('POST /app/logout', () => {
    it('needs the CSRF token, then ends the session and clears the cookie', async () => {
      const user = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'editor'));
      const forged = await asUser(t.app, user, 'POST', '/app/logout', undefined, { csrf: false });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('csrf_failed');
      expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(200);

      const response = await asUser(t.app, user, 'POST', '/app/logout');
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/^sa_session=; Path=\/app; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
      expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(401);
    });

    it('signs out from the form with its hidden _csrf field and redirects to sign-in', async () => {
      const user = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'editor'));
      const response = await asUser(t.app, user, 'POST', '/app/logout', {}, { form: true });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/app/login');
      expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(401);
    });
  });

  it('switches to another workspace of the user as a new session; a foreign workspace is 404', async () => {
    const other = await seedWorkspace(t.database, 'Second shop');
    const email = await createMember(t.database, shop.workspaceId, 'editor');
    await runCommand(t.database.db, 'user:create', { workspace: other.workspaceId, email, password: PASSWORD, role: 'viewer' });
    const user = await signIn(t.app, email);
    expect(user.body.workspaces).toHaveLength(2);
    const switched = await asUser(t.app, user, 'POST', '/app/api/session/workspace', { workspace_id: other.workspaceId });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ workspace: { id: other.workspaceId }, user: { role: 'viewer' } });
    const next = { cookie: sessionCookieOf(switched.headers['set-cookie']), csrf: switched.json().csrf_token, body: switched.json() };
    expect((await asUser(t.app, user, 'GET', '/app/api/session')).statusCode).toBe(401);
    const stranger = await seedWorkspace(t.database, 'Not theirs');
    const refused = await asUser(t.app, next, 'POST', '/app/api/session/workspace', { workspace_id: stranger.workspaceId });
    expect(refused.statusCode).toBe(404);
  });

  it('ends the sessions of a member the owner removes', async () => {
    const owner = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'owner'));
    const email = await createMember(t.database, shop.workspaceId, 'editor');
    const editor = await signIn(t.app, email);
    const userId = (editor.body.user as { id: string }).id;
    const removed = await asUser(t.app, owner, 'DELETE', `/app/api/members/${userId}`);
    expect(removed.statusCode).toBe(200);
    expect((await asUser(t.app, editor, 'GET', '/app/api/session')).statusCode).toBe(401);
  });
});

describe('changing a password', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  let other: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database, 'Password shop');
    other = await seedWorkspace(t.database, 'Second shop');
  });
  afterAll(async () => {
    await t?.close();
  });

  const NEW_PASSWORD = 'a brand new passphrase';
  const alive = async (user: SignedIn) => (await asUser(t.app, user, 'GET', '/app/api/session')).statusCode === 200;

  it("ends the user's other sessions, in every workspace; the session that changed it stays", async () => {
    const email = await createMember(t.database, shop.workspaceId, 'editor');
    await runCommand(t.database.db, 'user:create', { workspace: other.workspaceId, email, password: PASSWORD, role: 'viewer' });
    const laptop = await signIn(t.app, email);
    // The "stolen" session: signed in elsewhere with the old password, then moved to the other workspace.
    const stolen = await signIn(t.app, email);
    const switched = await asUser(t.app, stolen, 'POST', '/app/api/session/workspace', { workspace_id: other.workspaceId });
    const stolenElsewhere = { ...stolen, cookie: sessionCookieOf(switched.headers['set-cookie']), csrf: switched.json().csrf_token };
    const bystander = await signIn(t.app, await createMember(t.database, shop.workspaceId, 'viewer'));

    const wrong = await asUser(t.app, laptop, 'POST', '/app/api/account/password', { current_password: 'not it at all', new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: ['is not your current password'] });
    expect(await alive(stolenElsewhere)).toBe(true);

    const changed = await asUser(t.app, laptop, 'POST', '/app/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ password_changed: true, other_sessions_ended: 1 });
    expect(await alive(stolenElsewhere)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    expect(await alive(bystander)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/app/login', payload: { email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await signIn(t.app, email, NEW_PASSWORD)).body).toMatchObject({ user: { email } });
  }, 60_000);

  it('from the account page form: the other sessions end and the page says so', async () => {
    const email = await createMember(t.database, shop.workspaceId, 'viewer');
    const here = await signIn(t.app, email);
    const there = await signIn(t.app, email);
    const page = await asUser(t.app, here, 'GET', '/app/account');
    expect(page.body).toContain('Change your password');
    const posted = await asUser(t.app, here, 'POST', '/app/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, { form: true });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/app/account?notice=password-changed');
    expect((await asUser(t.app, here, 'GET', posted.headers.location as string)).body).toContain('Every other session of your account has been signed out');
    expect(await alive(there)).toBe(false);
    expect(await alive(here)).toBe(true);
  }, 60_000);

  it('guessing the current password from a session is limited like sign-in', async () => {
    const email = await createMember(t.database, shop.workspaceId, 'viewer');
    const session = await signIn(t.app, email);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      const response = await asUser(t.app, session, 'POST', '/app/api/account/password', { current_password: `guess ${i}`, new_password: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
    }
    const limited = await asUser(t.app, session, 'POST', '/app/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await signIn(t.app, email, PASSWORD)).body).toMatchObject({ user: { email } });
  }, 60_000);

  it("an operator's reset (user:create on an existing account) ends all of its sessions; the same password again ends none", async () => {
    const email = await createMember(t.database, shop.workspaceId, 'owner');
    const session = await signIn(t.app, email);
    await runCommand(t.database.db, 'user:create', { workspace: shop.workspaceId, email, password: PASSWORD, role: 'owner' });
    expect(await alive(session)).toBe(true);
    await runCommand(t.database.db, 'user:create', { workspace: shop.workspaceId, email, password: NEW_PASSWORD, role: 'owner' });
    expect(await alive(session)).toBe(false);
    expect((await signIn(t.app, email, NEW_PASSWORD)).body).toMatchObject({ user: { email } });
  }, 60_000);
});

describe('the session cookie behind https', () => {
  it('is Secure when PUBLIC_BASE_URL is https', async () => {
    const t = await createTestApp({ config: { publicBaseUrl: 'https://dash.example' } });
    try {
      const shop = await seedWorkspace(t.database);
      const email = await createMember(t.database, shop.workspaceId, 'owner');
      const response = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email, password: PASSWORD } });
      expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await t.close();
    }
  });
});

describe('sign-in rate limits', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`allows ${LOGIN_LIMITS.perAccount} attempts per account, then 429 with Retry-After even for the right password`, async () => {
    const email = await createMember(t.database, shop.workspaceId, 'owner');
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email, password: `wrong password ${i}` } });
      expect(response.statusCode).toBe(401);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/app/login', payload: { email: email.toUpperCase(), password: PASSWORD } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not locked out by it.
    const other = await createMember(t.database, shop.workspaceId, 'viewer');
    expect((await t.app.inject({ method: 'POST', url: '/app/login', payload: { email: other, password: PASSWORD } })).statusCode).toBe(200);
  }, 60_000);

  it('a repeated email field neither dodges the per-account limit nor signs in', async () => {
    const victim = await createMember(t.database, shop.workspaceId, 'owner');
    const form = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/app/login',
        remoteAddress: '203.0.113.21',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    // Repeated, the field is refused before any password is checked, even the right one.
    const repeated = await form(`email=someone%40else.example&email=${encodeURIComponent(victim)}&password=${encodeURIComponent(PASSWORD)}`);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.headers['set-cookie']).toBeUndefined();
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/app/login',
        remoteAddress: '203.0.113.22',
        payload: { email: victim, password: `wrong password ${i}` },
      });
      expect(response.statusCode).toBe(401);
    }
    // The account's limit is spent: neither a repeated field nor a JSON array reaches the password check.
    for (const body of [
      `email=${encodeURIComponent(victim)}&email=${encodeURIComponent(victim)}&password=${encodeURIComponent(PASSWORD)}`,
      `email=decoy%40else.example&email=${encodeURIComponent(victim)}&password=${encodeURIComponent(PASSWORD)}`,
      `email=${encodeURIComponent(victim.toUpperCase())}&password=${encodeURIComponent(PASSWORD)}`,
    ]) {
      const response = await form(body);
      expect(response.statusCode, body).not.toBe(303);
      expect([400, 429], body).toContain(response.statusCode);
      expect(response.headers['set-cookie'], body).toBeUndefined();
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/app/login',
      remoteAddress: '203.0.113.23',
      payload: { email: [victim, victim], password: PASSWORD },
    });
    expect(json.statusCode).toBe(400);
    const single = await t.app.inject({
      method: 'POST',
      url: '/app/login',
      remoteAddress: '203.0.113.23',
      payload: { email: ` ${victim.toUpperCase()} `, password: PASSWORD },
    });
    expect(single.statusCode).toBe(429);
  }, 60_000);

  it(`allows ${LOGIN_LIMITS.perIp} attempts per address whatever the account`, async () => {
    const fresh = await createTestApp({ database: t.database });
    try {
      const ip = '203.0.113.9';
      for (let i = 0; i < LOGIN_LIMITS.perIp; i += 1) {
        // Malformed attempts are cheap, and they count too.
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/app/login',
          remoteAddress: ip,
          payload: { email: `guess${i}@shop.example`, password: '' },
        });
        expect(response.statusCode).toBe(400);
      }
      const limited = await fresh.app.inject({
        method: 'POST',
        url: '/app/login',
        remoteAddress: ip,
        payload: { email: 'guess@shop.example', password: PASSWORD },
      });
      expect(limited.statusCode).toBe(429);
      const form = await fresh.app.inject({
        method: 'POST',
        url: '/app/login',
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.c&password=x',
      });
      expect(form.statusCode).toBe(429);
      expect(form.headers['retry-after']).toBeDefined();
      expect(form.body).toContain('Too many requests');
      const elsewhere = await fresh.app.inject({
        method: 'POST',
        url: '/app/login',
        remoteAddress: '203.0.113.10',
        payload: { email: 'guess@shop.example', password: PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await fresh.app.close();
    }
  }, 60_000);

  it(`allows ${LOGIN_LIMITS.perIp} attempts per IPv6 /64, whichever address of it each comes from`, async () => {
    const fresh = await createTestApp({ database: t.database });
    try {
      const attempt = (remoteAddress: string, i: number) =>
        fresh.app.inject({ method: 'POST', url: '/app/login', remoteAddress, payload: { email: `guess${i}@shop.example`, password: '' } });
      for (let i = 1; i <= LOGIN_LIMITS.perIp; i += 1) {
        expect((await attempt(`2001:db8:10:1:${i.toString(16)}:${i.toString(16)}::1`, i)).statusCode).toBe(400);
      }
      expect((await attempt('2001:db8:10:1:ffff::2', 0)).statusCode).toBe(429);
      expect((await attempt('2001:db8:10:2::1', 0)).statusCode).toBe(400);
    } finally {
      await fresh.app.close();
    }
  }, 60_000);
});
