import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../src/modules/sites/site-client.js';
import { startPluginPeer, type PluginPeer } from './helpers/plugin-peer.js';

describe('the service calling its own origin', () => {
  let peer: PluginPeer;
  beforeAll(async () => {
    peer = await startPluginPeer({ secret: 'sss_secret', coupons: ['WELCOME10'] });
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('refuses a loopback site when private addresses are not allowed', async () => {
    const client = new SiteClient({ siteUrl: peer.siteUrl, shopperSigningSecret: 'sss_secret' }, { allowPrivate: false });
    await expect(client.stageCoupon({ code: 'WELCOME10' })).rejects.toMatchObject({ code: 'site_unreachable' });
  });

  it('calls it when its origin is the service’s own (trusted) origin', async () => {
    const origin = new URL(peer.siteUrl).origin;
    const client = new SiteClient({ siteUrl: peer.siteUrl, shopperSigningSecret: 'sss_secret' }, { allowPrivate: false, trustedOrigins: [origin] });
    await expect(client.stageCoupon({ code: 'WELCOME10' })).resolves.toMatchObject({ staged: true });
    // Another port on the same host is another origin: still refused.
    const other = new SiteClient(
      { siteUrl: peer.siteUrl, shopperSigningSecret: 'sss_secret' },
      { allowPrivate: false, trustedOrigins: ['http://127.0.0.1:1'] },
    );
    await expect(other.stageCoupon({ code: 'WELCOME10' })).rejects.toMatchObject({ code: 'site_unreachable' });
  });
});
