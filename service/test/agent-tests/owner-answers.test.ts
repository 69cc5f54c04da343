import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agents } from '../../src/db/schema.js';
import { runSuite } from '../../src/modules/agent-tests/runner.js';
import { runCommand } from '../../src/modules/admin/commands.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import { integrationClient, handshakeRequest, post, product } from '../helpers/integration.js';
import { parseSse } from '../helpers/widget.js';
import { waitFor } from '../helpers/wait.js';
import type { ProductDocument } from '@storefront-assistant/client/integration';
import { asUser, seedPlaygroundConversation, seedProductionConversation, type SignedIn, signedInMember } from '../dashboard/helpers.js';

const UNANSWERED = 'Do you offer gift wrapping for presents?';
const VARIANT = 'Is gift wrapping available?';
const ANSWER = 'Yes: every order can be **gift wrapped** for 3 EUR. Tick "Gift wrap" at checkout.';

const it = appTest({
  config: { testSuiteDelayMs: 50 },
  shop: { name: 'Gift shop' },
  prepare: async (service, shop) => {
    const other = await seedWorkspace(service.database, 'Other shop');
    const owner = await signedInMember(service, shop.workspaceId, 'owner');
    const viewer = await signedInMember(service, shop.workspaceId, 'viewer');
    const outsider = await signedInMember(service, other.workspaceId, 'owner');
    expect((await handshakeRequest(service.app, shop.token)).statusCode).toBe(200);
    const plugin = integrationClient(service.app, shop.token);
    await plugin.syncPosts([post(1, { title: 'Shipping', content_html: '<p>Orders leave our warehouse within two days.</p>' })]);
    await plugin.syncProducts([product(10, { name: 'Ridgeline Waterproof Jacket' }) as ProductDocument]);
    return { other, owner, viewer, outsider };
  },
});

/**
 * Gaps, answers the owner writes and regression suites on the real app and the embedded
 * database, answered by the offline responder: a question nothing answers is a gap; the owner's
 * answer makes it answered and cited; a suite run after a sync that removes a product reports
 * the test that depended on it as newly failing.
 */
describe('gaps, owner answers and regression suites', () => {
  const api = (service: TestApp, user: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    asUser(service.app, user, method, url, payload);
  const playgroundTurn = async (service: TestApp, shop: SeededWorkspace, owner: SignedIn, message: string) => {
    const response = await asUser(service.app, owner, 'POST', `/app/agents/${shop.agentId}/playground/stream`, { message });
    return parseSse(response.body);
  };

  it('a question nothing answers is a gap with its signals; Playground turns never are', async ({ service, shop, prepared: { other, owner, outsider } }) => {
    await seedProductionConversation(service.app, shop.agentId, UNANSWERED);
    await seedProductionConversation(service.app, shop.agentId, VARIANT);
    await seedPlaygroundConversation(service.database, shop.agentId, 'Playground only: do you sell unicorn saddles?');
    const gaps = (await api(service, owner, 'GET', '/app/api/gaps?days=7')).json().gaps;
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ count: 2, languages: ['en'], agent_ids: [shop.agentId] });
    expect([gaps[0].question, ...gaps[0].variants].sort()).toEqual([UNANSWERED, VARIANT].sort());
    expect(gaps[0].signals.low_confidence).toBe(2);
    expect(gaps[0].examples).toHaveLength(2);
    // Another workspace sees none of it, and filtering by another agent finds nothing.
    expect((await api(service, outsider, 'GET', '/app/api/gaps')).json().gaps).toEqual([]);
    expect((await api(service, owner, 'GET', `/app/api/gaps?agent_id=${other.agentId}`)).json().gaps).toEqual([]);
    const page = await api(service, owner, 'GET', '/app/gaps');
    expect(page.body).toContain('gift wrapping');
    expect(page.body).toContain('/app/answers/new?question=');
  });

  it('a thumbs down on an answered question makes it a gap too', async ({ service, shop, prepared: { owner } }) => {
    const { conversationId } = await seedProductionConversation(service.app, shop.agentId, 'How long does shipping take?');
    // The widget's feedback endpoint is built elsewhere; until then the row is written as it would write it.
    await service.database.db.execute(sql`
      INSERT INTO message_feedback (message_id, conversation_id, workspace_id, agent_id, rating, reason)
      SELECT id, conversation_id, workspace_id, ${shop.agentId}, 'down', 'too vague' FROM messages
       WHERE conversation_id = ${conversationId} AND role = 'assistant'`);
    const gaps = (await api(service, owner, 'GET', '/app/api/gaps')).json().gaps as { question: string; signals: { thumbs_down: number } }[];
    expect(gaps.find((gap) => gap.question === 'How long does shipping take?')?.signals.thumbs_down).toBe(1);
  });

  it("the owner's answer is ranked with synced content, answers the question, is cited and named in the diagnostics", async ({
    service,
    shop,
    prepared: { other, owner, viewer, outsider },
  }) => {
    expect((await api(service, viewer, 'POST', '/app/api/answers', { questions: [UNANSWERED], answer: ANSWER })).statusCode).toBe(403);
    const refused = await api(service, owner, 'POST', '/app/api/answers', { questions: [], answer: ANSWER });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('questions');
    expect((await api(service, owner, 'POST', '/app/api/answers', { questions: ['x'], answer: 'y', agent_ids: [other.agentId] })).statusCode).toBe(400);
    expect((await api(service, owner, 'GET', '/app/api/answers')).json().answers).toEqual([]);

    const created = await api(service, owner, 'POST', '/app/api/answers', { questions: [UNANSWERED, VARIANT], answer: ANSWER, languages: ['en'] });
    expect(created.statusCode).toBe(201);
    const answer = created.json().answer;
    expect(answer.url).toBe(`${service.config.publicBaseUrl}/answers/${answer.id}`);

    const events = await playgroundTurn(service, shop, owner, 'Do you offer gift wrapping?');
    const done = events.find((e) => e.event === 'done')!.data as { message: { content: string; sources: { url: string }[] } };
    expect(done.message.content).toContain('gift wrapped');
    expect(done.message.sources.map((s) => s.url)).toContain(answer.url);
    const diagnostics = events.find((e) => e.event === 'diagnostics')!.data as { outcome: { answered_by: string; gap: boolean }; sources: { kind: string }[] };
    expect(diagnostics.outcome).toMatchObject({ answered_by: 'owner_answer', gap: false });
    expect(diagnostics.sources[0]!.kind).toBe('snippet');

    // The gap now names the answer that covers it.
    const gaps = (await api(service, owner, 'GET', '/app/api/gaps')).json().gaps as { question: string; variants: string[]; answer_id: string | null }[];
    expect(gaps.find((gap) => [gap.question, ...gap.variants].includes(UNANSWERED))?.answer_id).toBe(answer.id);
    expect(gaps.find((gap) => gap.question === 'How long does shipping take?')?.answer_id).toBeNull();

    // Its public page shows the answer as text.
    const page = await service.app.inject({ method: 'GET', url: `/answers/${answer.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tick &quot;Gift wrap&quot; at checkout.');
    expect((await service.app.inject({ method: 'GET', url: `/answers/${randomUUID()}` })).statusCode).toBe(404);
    // Another workspace can neither read nor change it.
    expect((await api(service, outsider, 'GET', `/app/api/answers/${answer.id}`)).statusCode).toBe(404);
    expect((await api(service, outsider, 'DELETE', `/app/api/answers/${answer.id}`)).statusCode).toBe(404);
  });

  it("the owner's answer comes before the tool a question's words suggest, not before a request for a person", async ({
    service,
    shop,
    prepared: { owner },
  }) => {
    expect(
      (
        await api(service, owner, 'POST', '/app/api/answers', {
          questions: ['Do you offer a student discount?'],
          answer: 'Yes: 10% with a valid student card, in the shop only.',
        })
      ).statusCode,
    ).toBe(201);
    const discount = await playgroundTurn(service, shop, owner, 'Do you offer a student discount?');
    expect(discount.some((e) => e.event === 'tool_call')).toBe(false);
    expect((discount.find((e) => e.event === 'done')!.data as { message: { content: string } }).message.content).toContain('valid student card');
    const person = await playgroundTurn(service, shop, owner, 'Do you offer a student discount? I want to talk to a person');
    expect(person.filter((e) => e.event === 'tool_call').map((e) => (e.data as { name: string }).name)).toContain('escalate');
  });

  it('an answer written in another language than the question is not used', async ({ service, shop, prepared: { owner } }) => {
    expect(
      (
        await api(service, owner, 'POST', '/app/api/answers', {
          questions: ['Do you offer engraving on flasks?'],
          answer: 'Ja, Gravur für 5 EUR.',
          languages: ['de-CH'],
        })
      ).statusCode,
    ).toBe(201);
    const english = await playgroundTurn(service, shop, owner, 'Do you offer engraving on flasks?');
    expect((english.find((e) => e.event === 'done')!.data as { message: { content: string } }).message.content).not.toContain('Gravur');
    expect(
      (
        await api(service, owner, 'POST', '/app/api/answers', {
          questions: ['Do you offer engraving on flasks?'],
          answer: 'Yes, engraving for 5 EUR.',
          languages: ['en'],
        })
      ).statusCode,
    ).toBe(201);
    const again = await playgroundTurn(service, shop, owner, 'Do you offer engraving on flasks?');
    expect((again.find((e) => e.event === 'done')!.data as { message: { content: string } }).message.content).toContain('engraving for 5 EUR');
  });

  it('an answer for another agent is not used', async ({ service, shop, prepared: { owner } }) => {
    const second = await runCommand(service.database.db, 'agent:create', {
      workspace: shop.workspaceId,
      name: 'Second',
      'site-type': 'ecommerce',
      origin: ['https://shop.example'],
    });
    const created = await api(service, owner, 'POST', '/app/api/answers', {
      questions: ['Can I pay with vouchers from the county fair?'],
      answer: 'Only at the fair stand.',
      agent_ids: [String(second.id)],
    });
    expect(created.statusCode).toBe(201);
    const events = await playgroundTurn(service, shop, owner, 'Can I pay with vouchers from the county fair?');
    const done = events.find((e) => e.event === 'done')!.data as { message: { content: string } };
    expect(done.message.content).not.toContain('fair stand');
  });

  it('exports and imports answers as CSV and JSON; a bad file imports nothing', async ({ service, prepared: { owner } }) => {
    const csv = await api(service, owner, 'GET', '/app/api/answers/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('gift wrapped');
    const before = (await api(service, owner, 'GET', '/app/api/answers')).json().answers.length;
    const bad = await api(service, owner, 'POST', '/app/api/answers/import', {
      format: 'json',
      content: JSON.stringify({
        answers: [
          { questions: ['ok?'], answer: 'ok' },
          { questions: [], answer: 'no question' },
        ],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['answers.1.questions']);
    expect((await api(service, owner, 'GET', '/app/api/answers')).json().answers).toHaveLength(before);
    const imported = await api(service, owner, 'POST', '/app/api/answers/import', { format: 'csv', content: csv.body });
    expect(imported.json()).toEqual({ imported: before });
    const all = (await api(service, owner, 'GET', '/app/api/answers')).json().answers as { questions: string[]; answer: string }[];
    expect(all.filter((a) => a.answer === ANSWER && a.questions.join('|') === [UNANSWERED, VARIANT].join('|'))).toHaveLength(2);

    // The dashboard's import form: a broken file is shown with its reason and changes nothing.
    const refusedForm = await asUser(
      service.app,
      owner,
      'POST',
      '/app/answers/import',
      { format: 'csv', content: 'questions,answer\n"unclosed,quote' },
      { form: true },
    );
    expect(refusedForm.statusCode).toBe(400);
    expect(refusedForm.body).toContain('not valid CSV');
    expect((await api(service, owner, 'GET', '/app/api/answers')).json().answers).toHaveLength(all.length);
    const viaForm = await asUser(
      service.app,
      owner,
      'POST',
      '/app/answers/import',
      { format: 'csv', content: 'questions,answer\nDo you ship to Iceland?,Yes.' },
      { form: true },
    );
    expect(viaForm.statusCode).toBe(303);
    expect((await api(service, owner, 'GET', '/app/api/answers')).json().answers).toHaveLength(all.length + 1);
  });

  it('a suite run is stored and diffed; a sync removing a product makes the automatic run report it newly failing; the CLI exits on it', async ({
    service,
    shop,
    prepared: { owner, viewer, outsider },
  }) => {
    const jacketUrl = product(10).permalink as string;
    const add = (body: Record<string, unknown>) => api(service, owner, 'POST', `/app/api/agents/${shop.agentId}/tests`, body);
    expect((await api(service, viewer, 'POST', `/app/api/agents/${shop.agentId}/tests`, { question: 'x' })).statusCode).toBe(403);
    expect((await api(service, outsider, 'GET', `/app/api/agents/${shop.agentId}/tests`)).statusCode).toBe(404);
    expect((await add({ question: 'How much is the Ridgeline jacket?', expected_sources: [jacketUrl] })).statusCode).toBe(201);
    expect((await add({ question: UNANSWERED, fact_pattern: 'gift wrapped | geschenk' })).statusCode).toBe(201);
    expect((await add({ question: 'Do you ship to the moon?' })).statusCode).toBe(201);

    const first = (await api(service, owner, 'POST', `/app/api/agents/${shop.agentId}/tests/run`)).json().run;
    expect(first).toMatchObject({ total: 3, passed: 2, failed: 1, trigger: 'manual' });
    expect(first.diff.added).toHaveLength(3);
    const moon = first.results.find((r: { question: string }) => r.question === 'Do you ship to the moon?');
    expect(moon.failures[0]).toMatch(/^not answered/);
    expect(moon.diagnostics.outcome.gap).toBe(true);
    // The runs are Playground turns in conversations of their own, deleted once read: nothing
    // is left for the inbox, analytics or usage.
    const conversationCount = async () => {
      const result = (await service.database.db.execute(
        sql`SELECT count(*)::int AS n FROM conversations WHERE workspace_id = ${shop.workspaceId}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    };
    const before = await conversationCount();
    const second = (await api(service, owner, 'POST', `/app/api/agents/${shop.agentId}/tests/run`)).json().run;
    expect(await conversationCount()).toBe(before);
    expect(second.diff).toMatchObject({ previous_run_id: first.id, newly_failing: [], newly_passing: [], added: [] });
    const conversationsBefore = (await api(service, owner, 'GET', '/app/api/analytics?days=1')).json().totals.conversations;

    await integrationClient(service.app, shop.token).syncProducts([{ wp_id: 10, deleted: true }]);
    const automatic = await waitFor('the run after the sync', async () => {
      const runs = (await api(service, owner, 'GET', `/app/api/agents/${shop.agentId}/test-runs`)).json().runs as {
        trigger: string;
        finished_at: string | null;
        id: string;
      }[];
      return runs.find((run) => run.trigger === 'sync' && run.finished_at);
    });
    const run = (await api(service, owner, 'GET', `/app/api/test-runs/${automatic.id}`)).json().run;
    expect(run.diff.previous_run_id).toBe(second.id);
    expect(run.diff.newly_failing.map((e: { question: string }) => e.question)).toEqual(['How much is the Ridgeline jacket?']);
    expect((await api(service, owner, 'GET', '/app/api/analytics?days=1')).json().totals.conversations).toBe(conversationsBefore);

    // The product comes back: the command line's run reports it newly passing and succeeds;
    // removed again, the command line's run is a regression.
    await integrationClient(service.app, shop.token).syncProducts([
      product(10, { name: 'Ridgeline Waterproof Jacket', content_hash: 'again' }) as ProductDocument,
    ]);
    const back = await runCommand(service.database.db, 'agent:test', { agent: shop.agentId });
    expect(back.regression).toBe(false);
    await integrationClient(service.app, shop.token).syncProducts([{ wp_id: 10, deleted: true }]);
    const regressed = await runCommand(service.database.db, 'agent:test', { agent: shop.agentId });
    expect(regressed).toMatchObject({ regression: true, failed: 2 });
    expect((regressed.failures as { failures: string[] }[]).some((f) => f.failures.includes(`does not cite ${jacketUrl}`))).toBe(true);

    // A run stopped by a shutdown leaves nothing behind: the next is compared with the last complete one.
    await service.app.deps.suites.settled(); // the runs the syncs above scheduled are stored before counting
    const runsBefore = (await api(service, owner, 'GET', `/app/api/agents/${shop.agentId}/test-runs?limit=50`)).json().runs.length;
    const [agent] = await service.database.db.select().from(agents).where(eq(agents.id, shop.agentId));
    const shutdown = new AbortController();
    shutdown.abort();
    expect(
      await runSuite({ db: service.database.db, providerEnv: {}, addressPolicy: { allowPrivate: true } }, agent!, 'sync', shutdown.signal),
    ).toBeUndefined();
    expect((await api(service, owner, 'GET', `/app/api/agents/${shop.agentId}/test-runs?limit=50`)).json().runs).toHaveLength(runsBefore);
  });
});
