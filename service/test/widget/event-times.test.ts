import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetEvents } from '../../src/db/schema.js';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { init, widgetPost } from '../helpers/widget.js';

describe('event times the service cannot use', () => {
  let t: TestApp;
  let shop: SeededWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    shop = await seedWorkspace(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 9999, a moment before the end', '9999-12-31T23:59:59Z'],
    ['past year 9999 once its offset is applied', '9999-12-31T23:00:00-05:00'],
    ['before 2000', '1999-12-31T23:59:59Z'],
    ['more than a day ahead of the service clock', 'ahead'],
  ])('%s is 400 validation_failed on events.<i>.at, and nothing is stored', async (_name, at) => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const value = at === 'ahead' ? new Date(t.clock.now().getTime() + 25 * 60 * 60 * 1000).toISOString() : at;
    const before = await t.database.db.$count(widgetEvents);
    const response = await widgetPost(t.app, '/v1/widget/events', session.token, {
      events: [
        { name: 'launcher_open', at: t.clock.now().toISOString() },
        { name: 'cta_click', at: value },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { 'events.1.at': [expect.stringContaining('2000')] } });
    expect(await t.database.db.$count(widgetEvents)).toBe(before);
  });

  it('accepts the edges of the window: 2000-01-01, and a day ahead of the service clock', async () => {
    const session = (await init(t.app, { agent_id: shop.agentId })).json();
    const aDayAhead = new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000 - 1000).toISOString();
    const response = await widgetPost(t.app, '/v1/widget/events', session.token, {
      events: [
        { name: 'launcher_open', at: '2000-01-01T00:00:00Z' },
        { name: 'launcher_close', at: aDayAhead },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 2 });
  });
});
