import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '../../src/db/schema.js';
import { handshakeRequest } from '../helpers/integration.js';
import { appTest } from '../helpers/fixtures.js';

const it = appTest({ config: { allowPrivateSiteUrls: false } });

describe('handshake refuses site URLs on private addresses when they are not allowed', () => {
  it.for([
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
  ])('%s → 400 on site_url, and no site is recorded', async ([siteUrl], { service, shop }) => {
    const response = await handshakeRequest(service.app, shop.token, { site_url: siteUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { site_url: [expect.any(String)] } });
    const rows = await service.database.db.select().from(sites).where(eq(sites.workspaceId, shop.workspaceId));
    expect(rows).toHaveLength(0);
  });
});
