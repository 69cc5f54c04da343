// The typed clients against the real app (on an in-memory database), through the same inject-backed
// fetch the service's tests use: what the generated types promise is what the routes answer.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature as serviceSignature, verifySignature } from '../../service/src/lib/signature.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../../service/test/helpers/app.js';
import { HANDSHAKE_BODY, integrationClient, post, product } from '../../service/test/helpers/integration.js';
import { widgetClient } from '../../service/test/helpers/widget.js';
import { isApiError, type StreamEvent } from '../src/index.js';
import { computeSignature, signatureHeader, type PostDocument, type ProductDocument } from '../src/integration.js';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the typed clients against the service', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('integration client', () => {
    it('connects, syncs documents and products, and removes them', async () => {
      const plugin = integrationClient(t.app, shop.token);
      const handshake = await plugin.handshake(HANDSHAKE_BODY);
      expect(handshake.shopper_signing_secret).toMatch(/^sss_/);
      expect(handshake.agents.map((agent) => agent.id)).toContain(shop.agentId);

      const posts = await plugin.syncPosts([post(1), post(2)] as PostDocument[]);
      expect(posts).toMatchObject({ received: 2, created: 2 });
      const products = await plugin.syncProducts([product(7)] as ProductDocument[]);
      expect(products.results).toEqual([{ wp_id: 7, status: 'created' }]);

      expect(await plugin.removePosts([1])).toMatchObject({ deleted: 1, results: [{ wp_id: 1, status: 'deleted' }] });
      expect(await plugin.removeProducts([7])).toMatchObject({ deleted: 1 });
    });

    it('rejects with the envelope as an ApiError: unknown token, clock outside the window, invalid batch', async () => {
      const stranger = await rejection(integrationClient(t.app, 'svc_unknown').handshake(HANDSHAKE_BODY));
      expect(isApiError(stranger) && [stranger.status, stranger.code]).toEqual([401, 'unauthenticated']);

      const serviceNow = () => Math.floor(t.clock.now().getTime() / 1000);
      const late = await rejection(integrationClient(t.app, shop.token, { now: () => serviceNow() - 301 }).syncPosts([post(3)] as PostDocument[]));
      expect(isApiError(late) && late.code).toBe('signature_expired');

      const invalid = await rejection(integrationClient(t.app, shop.token).syncPosts([post(4, { permalink: 'nope' }) as PostDocument]));
      expect(isApiError(invalid) && [invalid.status, invalid.code]).toEqual([400, 'validation_failed']);
      expect(isApiError(invalid) && invalid.errors).toHaveProperty(['items.0.permalink']);
    });

    it('signs exactly as the service verifies (separate implementations)', () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1 }), fc.nat({ max: 2 ** 34 }), fc.string({ unit: 'grapheme' }), (key, timestamp, body) => {
          expect(computeSignature(key, timestamp, body)).toBe(serviceSignature(key, timestamp, body));
          expect(() => verifySignature(signatureHeader(key, body, timestamp), body, { keys: [key], now: () => timestamp })).not.toThrow();
        }),
      );
    });
  });

  describe('widget client', () => {
    it('inits, answers, streams, takes a lead and events', async () => {
      const widget = widgetClient(t.app);
      const session = await widget.init({ agent_id: shop.agentId, locale: 'en' });
      expect(session.agent.id).toBe(shop.agentId);
      expect(session.messages).toEqual([]);

      const reply = await widget.sendMessage({ message: 'Hello' }, { token: session.token });
      expect(reply.conversation_id).toBe(session.conversation_id);
      expect(reply.message.role).toBe('assistant');

      const events: StreamEvent[] = [];
      for await (const event of await widget.streamMessage({ message: 'How long does shipping take?' }, { token: session.token })) events.push(event);
      expect(events[0]).toMatchObject({ event: 'start', data: { conversation_id: session.conversation_id } });
      const done = events.at(-1);
      expect(done?.event).toBe('done');
      const text = events.flatMap((event) => (event.event === 'delta' ? [event.data.text] : [])).join('');
      expect(done?.event === 'done' && done.data.message.content).toBe(text);

      const lead = await widget.submitLead({ email: 'ana@example.com', consent: { marketing: false } }, { token: session.token });
      expect(lead).toEqual({ lead_id: expect.any(String), created: true });
      const accepted = await widget.sendEvents(
        { events: [{ name: 'launcher_open', at: new Date().toISOString(), props: { source: 'test' } }] },
        { token: session.token },
      );
      expect(accepted).toEqual({ accepted: 1 });

      // A resumed conversation brings its history, typed as the document's Message.
      const resumed = await widget.init({ agent_id: shop.agentId, visitor_id: session.visitor_id, conversation_id: session.conversation_id });
      expect(resumed.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    });

    it('rejects with the envelope as an ApiError: foreign origin, no token, a coupon never offered', async () => {
      const foreign = await rejection(widgetClient(t.app, { origin: 'https://elsewhere.example' }).init({ agent_id: shop.agentId }));
      expect(isApiError(foreign) && [foreign.status, foreign.code]).toEqual([403, 'origin_not_allowed']);

      const widget = widgetClient(t.app);
      const anonymous = await rejection(widget.sendMessage({ message: 'Hello' }));
      expect(isApiError(anonymous) && anonymous.status).toBe(401);

      const { token } = await widget.init({ agent_id: shop.agentId });
      const coupon = await rejection(widget.applyCoupon({ code: 'NEVER-OFFERED' }, { token }));
      expect(isApiError(coupon) && [coupon.status, coupon.code]).toEqual([400, 'coupon_invalid']);
    });
  });
});
