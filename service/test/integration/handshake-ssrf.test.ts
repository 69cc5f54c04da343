import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../src/db/schema.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest } from '../helpers/integration.js';

describe('handshake refuses site URLs on private addresses when they are not allowed', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp({ config: { allowPrivateSiteUrls: false } });
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    'http://127.0.0.1',
    'http://localhost:8080',
    'http://169.254.169.254/latest',
    'http://10.0.0.5',
    'http://192.168.1.1',
    'http://172.16.0.1',
    'http://[::1]',
    'http://[::ffff:127.0.0.1]',
    'http://2130706433',
    'http://0x7f000001',
    'http://0177.0.0.1',
    'http://0',
  ])('%s → 400 on site_url, and no site is recorded', async (siteUrl) => {
    const response = await handshakeRequest(t.app, shop.token, { site_url: siteUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { site_url: [expect.any(String)] } });
    const rows = await t.database.db.select().from(sites).where(eq(sites.workspaceId, shop.workspaceId));
    expect(rows).toHaveLength(0);
  });
});
