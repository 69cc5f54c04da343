import { describe, expect } from 'vitest';
import { widgetEvents } from '../../src/db/schema.js';
import { init, widgetPost } from '../helpers/widget.js';
import { appTest } from '../helpers/fixtures.js';

const it = appTest();

describe('event times the service cannot use', () => {
  it.for([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['year 9999, a moment before the end', '9999-12-31T23:59:59Z'],
    ['past year 9999 once its offset is applied', '9999-12-31T23:00:00-05:00'],
    ['before 2000', '1999-12-31T23:59:59Z'],
    ['more than a day ahead of the service clock', 'ahead'],
  ])('%s is 400 validation_failed on events.<i>.at, and nothing is stored', async ([_name, at], { service, shop }) => {
    const session = (await init(service.app, { agent_id: shop.agentId })).json();
    const value = at === 'ahead' ? new Date(service.clock.now().getTime() + 25 * 60 * 60 * 1000).toISOString() : at;
    const before = await service.database.db.$count(widgetEvents);
    const response = await widgetPost(service.app, '/v1/widget/events', session.token, {
      events: [
        { name: 'launcher_open', at: service.clock.now().toISOString() },
        { name: 'cta_click', at: value },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: { 'events.1.at': [expect.stringContaining('2000')] } });
    expect(await service.database.db.$count(widgetEvents)).toBe(before);
  });

  it('accepts the edges of the window: 2000-01-01, and a day ahead of the service clock', async ({ service, shop }) => {
    const session = (await init(service.app, { agent_id: shop.agentId })).json();
    const aDayAhead = new Date(service.clock.now().getTime() + 24 * 60 * 60 * 1000 - 1000).toISOString();
    const response = await widgetPost(service.app, '/v1/widget/events', session.token, {
      events: [
        { name: 'launcher_open', at: '2000-01-01T00:00:00Z' },
        { name: 'launcher_close', at: aDayAhead },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 2 });
  });
});
