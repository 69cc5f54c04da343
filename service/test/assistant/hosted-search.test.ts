import { eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { agents } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { appTest } from '../helpers/fixtures.js';
import {
  hasToolResult,
  startFakeAnthropic,
  startFakeOpenAI,
  systemPromptOf,
  toolResultText,
  type FakeLlm,
  type LlmRequest,
  type Step,
} from './helpers/fake-llm.js';
import { openWidget, productAt, productNamed, productUrl, syncStore } from './helpers/outdoor-store.js';
import { machineReadableFactLines } from './helpers/prompt-data.js';

/**
 * With a hosted model the model drives the search: it writes the query of search_knowledge (or
 * show_products) in the language of the store's content, with filters for what the visitor
 * bounded. Here the fake servers speak the real OpenAI and Anthropic streaming wire formats to
 * the AI SDK's providers, scripted as a model that does that; the store is synced through the
 * integration API and asked through the widget API. What is held: the tool finds the product the
 * model's query names, the filters bound the results, the answer's source is shown, the prompt
 * says the content language and has no machine-readable facts, and the offline responder's turn
 * facts never reach a hosted provider.
 */

const CORKSCREW = productNamed("Waiter's Corkscrew");

/** Everything the visitor said in the request, whatever the wire format. */
function visitorText(request: LlmRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

/** The links of the tool's results, in its order (the result is JSON in both formats). */
function resultLinks(request: LlmRequest): { title: string; url: string }[] {
  const text = toolResultText(request);
  return [...text.matchAll(/"(?:name|title)":"((?:[^"\\]|\\.)*)","url":"((?:[^"\\]|\\.)*)"/g)].map((m) => ({
    title: JSON.parse(`"${m[1]}"`) as string,
    url: JSON.parse(`"${m[2]}"`) as string,
  }));
}

/**
 * The scripted model: for the German corkscrew question it searches in English; for a bounded
 * question it passes max_price; once the tool answered, it links the first result.
 */
function script(request: LlmRequest): Step[] {
  const asked = visitorText(request);
  if (!hasToolResult(request)) {
    if (asked.includes('Korkenzieher')) return [{ toolCall: { name: 'search_knowledge', arguments: { query: 'corkscrew' } } }];
    if (asked.includes('merino') && asked.includes('$30'))
      return [{ toolCall: { name: 'search_knowledge', arguments: { query: 'merino wool', max_price: 30 } } }];
    if (asked.includes('gifts') && asked.includes('$30')) return [{ toolCall: { name: 'show_products', arguments: { query: '', max_price: 30, limit: 4 } } }];
    return [{ text: 'How can I help?' }];
  }
  const [first] = resultLinks(request);
  return [{ text: first ? `Ja: [${first.title}](${first.url}).` : 'Leider nichts gefunden.' }];
}

const providers = [
  { provider: 'openai', start: startFakeOpenAI },
  { provider: 'anthropic', start: startFakeAnthropic },
] as const;

type Provider = (typeof providers)[number]['provider'];
type Shops = Partial<Record<Provider, SeededWorkspace>>;

// The fake model servers are up before the app is made: its provider settings point at them.
const openai: FakeLlm = await startFakeOpenAI(script);
const anthropic: FakeLlm = await startFakeAnthropic(script);
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});

/** The app with a workspace per provider, each with the store synced, its agent on that provider. */
const it = appTest({
  providerEnv: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: anthropic.baseUrl },
  shop: false,
  prepare: async (service) => {
    const shops: Shops = {};
    for (const { provider } of providers) {
      const shop = await seedWorkspace(service.database, `Northwind (${provider})`);
      await service.database.db.update(agents).set({ provider, model: 'test-model' }).where(eq(agents.id, shop.agentId));
      await syncStore(service.app, shop.token);
      shops[provider] = shop;
    }
    return shops;
  },
});

describe.each(providers)('a hosted model ($provider) drives the search', ({ provider }) => {
  const fake = () => (provider === 'openai' ? openai : anthropic);

  /** The requests of the turn just asked (the fake servers serve every turn of the file). */
  async function askTurn(service: TestApp, shops: Shops, message: string) {
    const before = fake().requests.length;
    const answer = await (await openWidget(service, (shops[provider] as SeededWorkspace).agentId, { locale: 'en' })).ask(message);
    return { answer, requests: fake().requests.slice(before) };
  }

  it('"Haben Sie einen Korkenzieher?" on an English store: the model searches "corkscrew", finds it and its source is shown', async ({ service, prepared }) => {
    const { answer, requests } = await askTurn(service, prepared, 'Haben Sie einen Korkenzieher?');
    expect(requests).toHaveLength(2);
    expect(answer.language).toBe('de');
    expect(answer.toolCalls).toEqual([expect.objectContaining({ name: 'search_knowledge', arguments: { query: 'corkscrew' } })]);
    // The tool found the product the model's English query names, and the model received it.
    const results = (answer.toolCalls[0]?.result as { results: { url: string }[] }).results.map((r) => r.url);
    expect(results[0]).toBe(productUrl(CORKSCREW));
    expect(resultLinks(requests[1]!)[0]).toEqual({ title: CORKSCREW.name, url: productUrl(CORKSCREW) });
    expect(answer.content).toBe(`Ja: [${CORKSCREW.name}](${productUrl(CORKSCREW)}).`);
    expect(answer.sources).toEqual([{ title: CORKSCREW.name, url: productUrl(CORKSCREW) }]);
  });

  it('search_knowledge with max_price returns only products under the bound', async ({ service, prepared }) => {
    const { answer, requests } = await askTurn(service, prepared, 'Do you have any merino gear under $30?');
    expect(answer.toolCalls[0]).toMatchObject({ name: 'search_knowledge', arguments: { query: 'merino wool', max_price: 30 } });
    const urls = (answer.toolCalls[0]?.result as { results: { url: string }[] }).results.map((r) => r.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(productAt(url), url).toBeDefined();
      expect(Number(productAt(url)?.price), url).toBeLessThanOrEqual(30);
    }
    expect(urls).toContain(productUrl(productNamed('Harbor Wool Beanie')));
    // Merino too, but $79: left out by the bound.
    expect(urls).not.toContain(productUrl(productNamed('Summit Merino Base Layer')));
    expect(toolResultText(requests[1]!)).not.toContain('Summit Merino Base Layer');
  });

  it('show_products with max_price shows only products under the bound', async ({ service, prepared }) => {
    const { answer } = await askTurn(service, prepared, 'Any gifts under $30?');
    expect(answer.toolCalls[0]).toMatchObject({ name: 'show_products', arguments: expect.objectContaining({ max_price: 30 }) });
    const products = (answer.toolCalls[0]?.result as { products: { url: string; price: string }[] }).products;
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(Number(product.price), product.url).toBeLessThanOrEqual(30);
    for (const source of answer.sources) expect(Number(productAt(source.url)?.price), source.url).toBeLessThanOrEqual(30);
  });

  it('the hosted prompt names the content language and has no facts section; the offline facts are never sent', async ({ service, prepared }) => {
    const { requests } = await askTurn(service, prepared, 'Haben Sie einen Korkenzieher?');
    const system = systemPromptOf(requests[0]!);
    expect(system).toContain("The website's content is written in English");
    expect(system).toContain('call search_knowledge with a short query you write in English');
    expect(system).not.toContain('## Turn facts');
    expect(machineReadableFactLines(system)).toEqual([]);
    for (const request of requests) {
      const body = JSON.stringify(request.body);
      // The typed facts the runtime gives the offline responder (providerOptions.offline).
      expect(body).not.toMatch(/"offline"\s*:/);
      for (const field of ['"lowConfidence"', '"contentLanguage"', '"smallTalkKinds"', '"analysis"', '"agentName"']) expect(body).not.toContain(field);
    }
  });
});
