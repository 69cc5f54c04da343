import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, demoRequested, type Config } from '../../src/config.js';
import { agents, apiTokens, documents, memberships, sites, users, workspaces } from '../../src/db/schema.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { verifyPassword } from '../../src/modules/auth/passwords.js';
import { PAGES, PRODUCTS } from '../../src/modules/demo/catalog.js';
import { DEMO_AGENT_ID, DEMO_OWNER_EMAIL, DEMO_TOKEN_NAME, DEMO_WORKSPACE_ID } from '../../src/modules/demo/identity.js';
import { DEMO_PASSWORD_FILE, seedDemo } from '../../src/modules/demo/seed.js';
import { searchKnowledge } from '../../src/modules/knowledge/search.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { handshakeRequest, product, signedSync } from '../helpers/integration.js';

const BASE = 'http://127.0.0.1:4100';

describe('the demo store seed', () => {
  let t: TestApp;
  let dataDir: string;
  let config: Config;
  const seed = (overrides: Partial<Config> = {}, port = 4100) => seedDemo({ config: { ...config, ...overrides }, database: t.database, port });
  const db = () => t.database.db;
  const activeDemoTokens = () =>
    db()
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.workspaceId, DEMO_WORKSPACE_ID), eq(apiTokens.name, DEMO_TOKEN_NAME), isNull(apiTokens.revokedAt)));
  const demoDocuments = (siteUrl: string) =>
    db()
      .select({ kind: documents.kind, permalink: documents.permalink })
      .from(documents)
      .innerJoin(sites, eq(sites.id, documents.siteId))
      .where(and(eq(sites.workspaceId, DEMO_WORKSPACE_ID), eq(sites.siteUrl, siteUrl)));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-seed-'));
    t = await createTestApp({ config: { publicBaseUrl: BASE, port: 4100, dataDir, allowPrivateSiteUrls: false } });
    config = t.config;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the store on a first start, its catalog synced through the integration API', async () => {
    const result = await seed();
    expect(result).toMatchObject({ url: `${BASE}/demo`, agentId: DEMO_AGENT_ID, ownerEmail: DEMO_OWNER_EMAIL, synced: true });

    const [workspace] = await db().select().from(workspaces).where(eq(workspaces.id, DEMO_WORKSPACE_ID));
    expect(workspace?.name).toBe('Fernhill Outfitters');
    const [agent] = await db().select().from(agents).where(eq(agents.id, DEMO_AGENT_ID));
    expect(agent).toMatchObject({
      siteType: 'ecommerce',
      published: true,
      provider: 'offline',
      allowedOrigins: [BASE, 'http://localhost:4100'],
      theme: { color: '#2f6b4f' },
      coupons: [{ code: 'WELCOME10', description: expect.any(String) }],
      handoff: { type: 'lead_form' },
      leadCapture: { enabled: true, consent_text: expect.stringContaining('Fernhill Outfitters may email me') },
    });
    expect(agent?.greeting).toContain('Fernhill assistant');

    // Signed requests of a plugin reached the real routes: the token was used, the site synced.
    const [token, ...others] = await activeDemoTokens();
    expect(others).toEqual([]);
    expect(token?.lastUsedAt).not.toBeNull();
    const [site] = await db().select().from(sites).where(eq(sites.workspaceId, DEMO_WORKSPACE_ID));
    expect(site).toMatchObject({ siteUrl: `${BASE}/demo`, tokenId: token?.id });
    expect(site?.lastSyncAt).not.toBeNull();
    const docs = await demoDocuments(`${BASE}/demo`);
    expect(docs.filter((d) => d.kind === 'product')).toHaveLength(PRODUCTS.length);
    expect(docs.filter((d) => d.kind === 'post')).toHaveLength(PAGES.length);

    const hits = await searchKnowledge(db(), { workspaceId: DEMO_WORKSPACE_ID, query: 'waterproof jacket price', language: 'en' });
    expect(hits[0]?.url).toBe(`${BASE}/demo/products/ridgeline-waterproof-jacket`);
    const shipping = await searchKnowledge(db(), { workspaceId: DEMO_WORKSPACE_ID, query: 'how long does shipping take', language: 'en' });
    expect(shipping.map((hit) => hit.url)).toContain(`${BASE}/demo/pages/shipping`);
  });

  it('keeps the owner password in DATA_DIR, readable by the service user only', async () => {
    const file = path.join(dataDir, DEMO_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(10);
    const [owner] = await db()
      .select({ hash: users.passwordHash, role: memberships.role })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(users.email, DEMO_OWNER_EMAIL), eq(memberships.workspaceId, DEMO_WORKSPACE_ID)));
    expect(owner?.role).toBe('owner');
    expect(await verifyPassword(password, owner!.hash)).toBe(true);
  });

  it('changes nothing on a second start', async () => {
    const tokensBefore = await activeDemoTokens();
    const password = readFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), 'utf8');
    const result = await seed();
    expect(result.synced).toBe(false);
    expect(await activeDemoTokens()).toEqual(tokensBefore);
    expect(readFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), 'utf8')).toBe(password);
    expect(await db().select().from(agents).where(eq(agents.workspaceId, DEMO_WORKSPACE_ID))).toHaveLength(1);
  });

  it('adds the new port to the allowed origins and keeps origins added by hand', async () => {
    await db()
      .update(agents)
      .set({ allowedOrigins: [BASE, 'http://localhost:4100', 'https://my-shop.example'] })
      .where(eq(agents.id, DEMO_AGENT_ID));
    const result = await seed({}, 4200);
    expect(result.synced).toBe(false);
    const [agent] = await db().select({ origins: agents.allowedOrigins }).from(agents).where(eq(agents.id, DEMO_AGENT_ID));
    expect(agent?.origins).toEqual([BASE, 'http://localhost:4100', 'https://my-shop.example', 'http://localhost:4200', 'http://127.0.0.1:4200']);
  });

  it('removes content the catalog no longer has, through the sync route', async () => {
    // A product the demo's catalog does not have, synced as the demo site.
    const extra = await runCommand(db(), 'token:create', { workspace: DEMO_WORKSPACE_ID, name: 'someone else' });
    const token = String(extra.token);
    const t2 = await createTestApp({ database: t.database, config: { publicBaseUrl: BASE } });
    try {
      expect((await handshakeRequest(t2.app, token, { site_url: `${BASE}/demo` })).statusCode).toBe(200);
      expect((await signedSync(t2.app, token, 'products', { items: [product(999)] })).statusCode).toBe(200);
    } finally {
      await t2.app.close();
    }
    expect(await demoDocuments(`${BASE}/demo`)).toHaveLength(PRODUCTS.length + PAGES.length + 1);

    expect((await seed()).synced).toBe(true);
    const docs = await demoDocuments(`${BASE}/demo`);
    expect(docs).toHaveLength(PRODUCTS.length + PAGES.length);
    expect(docs.map((d) => d.permalink)).not.toContain('https://shop.example/product/trail-runner-999');
    expect(await activeDemoTokens()).toHaveLength(1);
  });

  it('moves the catalog when PUBLIC_BASE_URL changes, leaving no dead links in search', async () => {
    const moved = 'https://shop-demo.example';
    const result = await seed({ publicBaseUrl: moved });
    expect(result).toMatchObject({ url: `${moved}/demo`, synced: true });
    expect(await demoDocuments(`${BASE}/demo`)).toEqual([]);
    expect(await demoDocuments(`${moved}/demo`)).toHaveLength(PRODUCTS.length + PAGES.length);
    const hits = await searchKnowledge(db(), { workspaceId: DEMO_WORKSPACE_ID, query: 'Ridgeline jacket', language: 'en', limit: 50 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.url.startsWith(`${moved}/demo/`))).toBe(true);
    expect(await activeDemoTokens()).toHaveLength(1);
  });

  it('sets a new password when the file was lost', async () => {
    const file = path.join(dataDir, DEMO_PASSWORD_FILE);
    const old = readFileSync(file, 'utf8').trim();
    rmSync(file);
    await seed();
    const renewed = readFileSync(file, 'utf8').trim();
    expect(renewed).not.toBe(old);
    const [owner] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
    expect(await verifyPassword(renewed, owner!.hash)).toBe(true);
  });
});

describe('DEMO', () => {
  it('follows --demo (npm start) unless DEMO says otherwise, and a typo stops the start', () => {
    expect(demoRequested([], {})).toBe(false);
    expect(demoRequested([], { DEMO: '' })).toBe(false);
    expect(demoRequested(['--demo'], {})).toBe(true);
    expect(demoRequested([], { DEMO: '1' })).toBe(true);
    for (const off of ['0', 'false', 'no', 'off']) expect(demoRequested(['--demo'], { DEMO: off })).toBe(false);
    expect(() => demoRequested(['--demo'], { DEMO: 'maybe' })).toThrow(ConfigError);
  });
});
