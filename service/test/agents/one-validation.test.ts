import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { isAppError } from '../../src/lib/errors.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { agentToWire } from '../../src/modules/agents/store.js';
import { asUser, createMember, signIn } from '../dashboard/helpers.js';
import { appTest } from '../helpers/fixtures.js';

/**
 * Agents are created in one place (agents/store.ts) with one validation (agents/settings.ts):
 * the operator's command line and the dashboard's API refuse the same input with the same
 * messages, and an agent made either way is stored alike.
 */

const it = appTest({
  prepare: async (service, shop) => ({ owner: await signIn(service.app, await createMember(service.database, shop.workspaceId, 'owner')) }),
});

async function commandErrors(run: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  expect(error.code).toBe('validation_failed');
  return error.errors;
}

describe('one validation of an agent for the command line and the dashboard', () => {
  it('refuses an origin with a path and an unknown language with the same messages', async ({ service, shop, prepared: { owner } }) => {
    const before = await service.database.db.$count(agents);
    const cli = await commandErrors(
      runCommand(service.database.db, 'agent:create', {
        workspace: shop.workspaceId,
        name: 'X',
        'site-type': 'saas',
        origin: ['https://a.example/path'],
        locale: 'xx-nope',
      }),
    );
    const api = (
      await asUser(service.app, owner, 'POST', '/app/api/agents', {
        name: 'X',
        site_type: 'saas',
        allowed_origins: ['https://a.example/path'],
        default_locale: 'xx-nope',
      })
    ).json();
    expect(api.code).toBe('validation_failed');
    expect(cli['origin.0']).toEqual(api.errors['allowed_origins.0']);
    expect(cli['origin.0']![0]).toContain('must be an origin');
    expect(cli.locale).toEqual(api.errors.default_locale);
    expect(await service.database.db.$count(agents)).toBe(before);
  });

  it('stores an agent made by the command line as the API stores the same settings', async ({ service, shop, prepared: { owner } }) => {
    const made = await runCommand(service.database.db, 'agent:create', {
      workspace: shop.workspaceId,
      name: 'Twin',
      'site-type': 'generic',
      origin: ['https://Twin.example:443/'],
      locale: 'de',
      published: true,
    });
    const viaApi = (
      await asUser(service.app, owner, 'POST', '/app/api/agents', {
        name: 'Twin',
        site_type: 'generic',
        allowed_origins: ['https://Twin.example:443/'],
        default_locale: 'de',
        published: true,
      })
    ).json().agent;
    const [row] = await service.database.db
      .select()
      .from(agents)
      .where(eq(agents.id, String(made.id)));
    const {
      id: _cliId,
      embed_snippet: _cliSnippet,
      created_at: _cliCreated,
      updated_at: _cliUpdated,
      ...fromCli
    } = agentToWire(row!, service.config.publicBaseUrl);
    const { id: _apiId, embed_snippet: _apiSnippet, created_at: _apiCreated, updated_at: _apiUpdated, ...fromApi } = viaApi;
    expect(fromCli).toEqual(fromApi);
    expect(fromCli.allowed_origins).toEqual(['https://twin.example']);
  });
});
