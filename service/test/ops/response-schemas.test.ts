import type { RouteOptions } from 'fastify';
import { describe, expect } from 'vitest';
import { appTest } from '../helpers/fixtures.js';

/**
 * Every answer a suite meets is checked against its route's declared response schema (the
 * serializer in lib/route-schema.ts; createTestApp's close() fails on a mismatch). That check
 * covers only routes that declare their answers: this suite makes sure every JSON route does.
 */

/** JSON APIs: the widget's, the integration's, the probes and the dashboard's own. */
const JSON_ROUTE = /^\/(v1|api|app\/api)\/|^\/(healthz|readyz)$/;

/** Routes whose success is not a JSON value, each with what it answers instead. */
const NOT_JSON: Record<string, string> = {
  'GET /app/api/leads.csv': 'a CSV file',
  'GET /app/api/answers/export': 'a CSV or JSON file to download',
};

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
const successOf = (route: RouteOptions) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).filter((status) => /^2\d\d$/.test(status));

const it = appTest({ demo: true });

describe('response schemas', () => {
  it('are declared by every JSON route, for its success answers', ({ service }) => {
    const jsonRoutes = service.routes
      .filter((route) => JSON_ROUTE.test(route.url))
      .flatMap((route) => methodsOf(route).map((method) => ({ name: `${method} ${route.url}`, route })));
    // The app's listing reached the routes: the widget, the integration and the dashboard are all in it.
    expect(jsonRoutes.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['POST /v1/widget/init', 'POST /api/v1/wp/handshake', 'GET /app/api/agents', 'GET /app/api/members']),
    );
    const undeclared = jsonRoutes.filter(({ name, route }) => !(name in NOT_JSON) && successOf(route).length === 0).map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it('leave no stale exception behind', ({ service }) => {
    const names = new Set(service.routes.flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`)));
    for (const name of Object.keys(NOT_JSON)) expect(names.has(name), name).toBe(true);
  });
});
