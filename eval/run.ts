/**
 * Answer-quality evaluation: `npm run eval [-- flags]`.
 *
 * Starts the real service on loopback (embedded database, or PostgreSQL with --postgres), syncs
 * each store of eval/stores through the real integration API (handshake, signed batches of 50),
 * then asks every golden question of eval/questions through the real widget API (init, earlier
 * messages of the conversation, the question) as a widget on the store's page would. Each answer
 * is scored against what the question expects (see eval/FORMAT.md): retrieval recall from the
 * turn's full ranking (read back from the stored diagnostics), the fact in the answer, the
 * sources shown to the visitor, abstention, and the reply language. Writes eval/results.json and
 * the table in eval/README.md.
 *
 * Flags:
 *   --store <id>        only this store (repeatable)
 *   --kind <kind>       only questions of this kind (repeatable)
 *   --id <id>           only this question (repeatable)
 *   --provider <name>   openai | anthropic | openai-compatible (keys from the environment, as
 *                       for the service); the offline responder otherwise
 *   --model <id>        the provider's model
 *   --postgres          run on DATABASE_URL / TEST_POSTGRES_URL instead of the embedded database
 *   --verbose           print every question that missed something, with its answer
 *   --answers           print every question asked, with its answer (with --id or --store: what a change did)
 *   --no-write          print only; leave results.json and README.md as they are
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createWidgetClient, type InitResponse, type Message } from '@storefront-assistant/client';
import { createIntegrationClient } from '@storefront-assistant/client/integration';
import { buildApp } from '../service/src/app.js';
import { loadConfig } from '../service/src/config.js';
import { openDatabase, type Database } from '../service/src/db/client.js';
import { agents, messages } from '../service/src/db/schema.js';
import { runCommand } from '../service/src/modules/admin/commands.js';
import { sha256Hex } from '../service/src/lib/crypto.js';
import { PRODUCTS, PAGES, STORE } from '../service/src/modules/demo/catalog.js';
import { postItems, productItems } from '../service/src/modules/demo/plugin.js';
import { KINDS, summarize, type Kind, type Outcome, type Summary } from './score.js';
import { renderReadme } from './report.js';

const here = import.meta.dirname;
const argv = process.argv.slice(2);
const flagValues = (name: string) => argv.flatMap((arg, i) => (arg === name && argv[i + 1] ? [argv[i + 1] as string] : []));
const flag = (name: string) => argv.includes(name);

interface StoreMeta {
  id: string;
  name: string;
  site_url: string;
  content_language: string;
  site_type: 'ecommerce' | 'saas' | 'documentation' | 'help_center' | 'marketing' | 'internal_kb' | 'generic';
  default_locale: string;
  currency: string;
}

type Item = Record<string, unknown> & { wp_id: number; permalink: string };

interface Store {
  meta: StoreMeta;
  posts: Item[];
  products: Item[];
}

export interface Question {
  id: string;
  language: string;
  kind: Kind;
  named?: boolean;
  question: string;
  page?: string;
  locale?: string;
  history?: string[];
  expect: { sources?: string[]; fact?: string | string[]; abstain?: boolean; language?: string };
}

const DEMO_SITE_URL = 'https://fernhill.example';

function loadStores(): Store[] {
  const stores: Store[] = [demoStore()];
  const root = path.join(here, 'stores');
  for (const id of readdirSync(root).sort()) {
    const dir = path.join(root, id);
    if (!existsSync(path.join(dir, 'store.json'))) continue;
    const files = readdirSync(dir).sort();
    const read = (prefix: string) =>
      files.filter((f) => f.startsWith(prefix) && f.endsWith('.json')).flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Item[]);
    stores.push({ meta: JSON.parse(readFileSync(path.join(dir, 'store.json'), 'utf8')) as StoreMeta, posts: read('posts'), products: read('products') });
  }
  return stores;
}

/** The demo store as `npm start` seeds it, on a fixed address. */
function demoStore(): Store {
  if (PRODUCTS.length === 0 || PAGES.length === 0) throw new Error('the demo catalog is empty');
  return {
    meta: {
      id: 'demo',
      name: STORE.name,
      site_url: DEMO_SITE_URL,
      content_language: 'en',
      site_type: 'ecommerce',
      default_locale: 'en',
      currency: STORE.currency,
    },
    posts: postItems(DEMO_SITE_URL) as Item[],
    products: productItems(DEMO_SITE_URL) as Item[],
  };
}

function loadQuestions(storeId: string): Question[] {
  const root = path.join(here, 'questions');
  return readdirSync(root)
    .filter((f) => (f === `${storeId}.json` || f.startsWith(`${storeId}-`)) && f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(path.join(root, f), 'utf8')) as Question[]);
}

function withHash(item: Item): Item {
  return { content_hash: sha256Hex(JSON.stringify(item)), ...item };
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** What a widget on `permalink` would send: the page's address, title and, for a product, its JSON-LD. */
function pageContextFor(store: Store, permalink: string): Record<string, unknown> {
  const product = store.products.find((p) => p.permalink === permalink);
  if (product) {
    const pricing = product.pricing as { price: string; currency: string };
    return {
      url: permalink,
      title: `${String(product.name)} – ${store.meta.name}`,
      headings: [String(product.name)],
      json_ld: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          sku: product.sku,
          url: permalink,
          offers: { '@type': 'Offer', price: pricing.price, priceCurrency: pricing.currency },
        },
      ],
    };
  }
  const post = store.posts.find((p) => p.permalink === permalink);
  if (!post) throw new Error(`page ${permalink} is not in store ${store.meta.id}`);
  return { url: permalink, title: `${String(post.title)} – ${store.meta.name}`, headings: [String(post.title)] };
}

interface Setup {
  database: Database;
  baseUrl: string;
  close: () => Promise<void>;
}

async function startService(): Promise<Setup> {
  const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (flag('--postgres')) {
    if (!postgresUrl) throw new Error('--postgres needs DATABASE_URL or TEST_POSTGRES_URL');
    const pg = (await import('pg')).default;
    const name = `sa_eval_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: postgresUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  }
  const config = {
    ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/sa-eval-unused', APP_SECRET: 'eval-secret-eval-secret-eval-secret-0123' }),
    allowPrivateSiteUrls: true,
  };
  const app = await buildApp({
    config,
    database,
    logger: false,
    // The stores' addresses are fictional: nothing is ever called back during the evaluation.
    checkSiteUrl: async () => {},
    // One loopback address asks every question: the per-address limits would stop it.
    limits: { widgetInitPerIp: 1_000_000, integrationPerToken: 1_000_000, messagesPerAddress: 1_000_000, messagesPerConversation: 1_000_000 },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    database,
    baseUrl: address,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

async function setUpStore(setup: Setup, store: Store): Promise<string> {
  const db = setup.database.db;
  const workspace = await runCommand(db, 'workspace:create', { name: store.meta.name });
  const workspaceId = String(workspace.id);
  const agent = await runCommand(db, 'agent:create', {
    workspace: workspaceId,
    name: `${store.meta.name} assistant`,
    'site-type': store.meta.site_type,
    origin: [new URL(store.meta.site_url).origin],
    locale: store.meta.default_locale,
    published: true,
  });
  const agentId = String(agent.id);
  const provider = flagValues('--provider')[0];
  if (provider)
    await db
      .update(agents)
      .set({ provider, model: flagValues('--model')[0] ?? null })
      .where(eq(agents.id, agentId));
  const token = await runCommand(db, 'token:create', { workspace: workspaceId, name: 'eval plugin' });
  const plugin = createIntegrationClient({ baseUrl: setup.baseUrl, token: String(token.token) });
  await plugin.handshake({
    site_url: store.meta.site_url,
    plugin_version: '1.0.0',
    shop_plugin: { active: true, version: '7.9.0' },
    platform_version: '6.6.2',
  });
  for (const batch of chunked(store.posts.map(withHash), 50)) await plugin.syncPosts(batch as never);
  for (const batch of chunked(store.products.map(withHash), 50)) await plugin.syncProducts(batch as never);
  return agentId;
}

interface Asked {
  message: Message;
  ranked: string[];
  replyLanguage: string;
  /** What the turn noted and which tools it called, with their input: printed by --verbose. */
  trace: string[];
}

async function ask(setup: Setup, store: Store, agentId: string, question: Question): Promise<Asked> {
  const origin = new URL(store.meta.site_url).origin;
  const locale = question.locale ?? store.meta.default_locale;
  const pageContext = question.page ? pageContextFor(store, question.page) : undefined;
  const anonymous = createWidgetClient({ baseUrl: setup.baseUrl, headers: { origin } });
  const session: InitResponse = await anonymous.init({ agent_id: agentId, locale, ...(pageContext ? { page_context: pageContext } : {}) });
  const widget = createWidgetClient({ baseUrl: setup.baseUrl, headers: { origin }, token: session.token });
  const send = (text: string) => widget.sendMessage({ message: text, locale, ...(pageContext ? { page_context: pageContext } : {}) });
  for (const earlier of question.history ?? []) await send(earlier);
  const { message } = await send(question.question);
  const [row] = await setup.database.db.select({ diagnostics: messages.diagnostics }).from(messages).where(eq(messages.id, message.id));
  const diagnostics = (row?.diagnostics ?? {}) as {
    sources?: { url: string }[];
    language?: string;
    confidence?: number;
    notes?: string[];
    tool_calls?: { name: string; arguments: unknown }[];
  };
  const trace = [
    `confidence ${diagnostics.confidence ?? '?'}`,
    ...(diagnostics.notes ?? []),
    ...(diagnostics.tool_calls ?? []).map((call) => `${call.name} ${JSON.stringify(call.arguments)}`),
  ];
  return { message, ranked: (diagnostics.sources ?? []).map((s) => s.url), replyLanguage: diagnostics.language ?? '', trace };
}

function score(store: Store, question: Question, asked: Asked): Outcome {
  const expected = question.expect.sources ?? [];
  const shown = asked.message.sources.map((s) => s.url);
  const content = asked.message.content;
  const facts = question.expect.fact === undefined ? [] : Array.isArray(question.expect.fact) ? question.expect.fact : [question.expect.fact];
  const recallAt = (k: number) => (expected.length === 0 ? null : expected.filter((url) => asked.ranked.slice(0, k).includes(url)).length / expected.length);
  const expectedLanguage = (question.expect.language ?? question.language).toLowerCase();
  return {
    id: question.id,
    store: store.meta.id,
    language: question.language,
    kind: question.kind,
    crossLanguage: question.language !== store.meta.content_language,
    named: question.named === true,
    recall1: recallAt(1),
    recall5: recallAt(5),
    grounded: facts.length === 0 ? null : facts.every((fact) => new RegExp(fact, 'iu').test(content)),
    cited: expected.length === 0 ? null : shown.some((url) => expected.includes(url)),
    // Shown sources when none should be shown (small talk, unanswerable) count as imprecise.
    precision: shown.length === 0 ? null : shown.filter((url) => expected.includes(url)).length / shown.length,
    abstained: question.expect.abstain ? shown.length === 0 && !/\]\(https?:\/\//.test(content) : null,
    handoffOffered: asked.message.blocks.some((b) => b.kind === 'escalation_button'),
    languageOk: asked.replyLanguage.toLowerCase().split('-')[0] === expectedLanguage,
    replyLanguage: asked.replyLanguage,
    question: question.question,
    answer: content,
    shown,
    ranked: asked.ranked.slice(0, 5),
  };
}

function missed(outcome: Outcome): string[] {
  const problems: string[] = [];
  if (outcome.recall5 !== null && outcome.recall5 < 1) problems.push('recall@5');
  if (outcome.grounded === false) problems.push('fact');
  if (outcome.cited === false) problems.push('not cited');
  if (outcome.precision !== null && outcome.precision < 1) problems.push('extra sources');
  if (outcome.abstained === false) problems.push('did not abstain');
  if (!outcome.languageOk) problems.push(`language ${outcome.replyLanguage}`);
  return problems;
}

async function main(): Promise<void> {
  const onlyStores = new Set(flagValues('--store'));
  const onlyKinds = new Set(flagValues('--kind'));
  const onlyIds = new Set(flagValues('--id'));
  for (const kind of onlyKinds) if (!KINDS.includes(kind as Kind)) throw new Error(`unknown kind ${kind}; one of ${KINDS.join(', ')}`);
  const stores = loadStores().filter((s) => onlyStores.size === 0 || onlyStores.has(s.meta.id));
  const setup = await startService();
  const outcomes: Outcome[] = [];
  const started = Date.now();
  try {
    for (const store of stores) {
      const questions = loadQuestions(store.meta.id).filter(
        (q) => (onlyKinds.size === 0 || onlyKinds.has(q.kind)) && (onlyIds.size === 0 || onlyIds.has(q.id)),
      );
      if (questions.length === 0) continue;
      const agentId = await setUpStore(setup, store);
      for (const question of questions) {
        const asked = await ask(setup, store, agentId, question);
        const outcome = score(store, question, asked);
        outcomes.push(outcome);
        const problems = missed(outcome);
        if ((flag('--verbose') && problems.length > 0) || flag('--answers')) {
          console.log(
            `\n${problems.length > 0 ? '✗' : '✓'} ${outcome.id} [${outcome.kind}/${outcome.language}] ${problems.join(', ')}\n  Q: ${outcome.question}\n  A: ${outcome.answer.replace(/\n+/g, ' ⏎ ').slice(0, 400)}\n  ranked: ${outcome.ranked.join(' ')}\n  shown: ${outcome.shown.join(' ')}\n  expected: ${JSON.stringify(question.expect)}\n  trace: ${asked.trace.join(' | ')}`,
          );
        }
      }
    }
  } finally {
    await setup.close();
  }
  const summary: Summary = summarize(outcomes);
  const provider = flagValues('--provider')[0] ?? 'offline';
  const result = {
    run_at: new Date().toISOString(),
    provider,
    model: flagValues('--model')[0] ?? null,
    database: flag('--postgres') ? 'postgres' : 'pglite',
    seconds: Math.round((Date.now() - started) / 100) / 10,
    stores: stores.map((s) => ({ id: s.meta.id, products: s.products.length, pages: s.posts.length, content_language: s.meta.content_language })),
    summary,
    questions: outcomes,
  };
  console.log(renderReadme(result).table);
  const partial = onlyStores.size > 0 || onlyKinds.size > 0 || onlyIds.size > 0;
  if (!flag('--no-write') && !partial) {
    const file = provider === 'offline' ? 'results.json' : `results-${provider}.json`;
    writeFileSync(path.join(here, file), `${JSON.stringify(result, null, 2)}\n`);
    if (provider === 'offline') {
      const readmePath = path.join(here, 'README.md');
      writeFileSync(readmePath, renderReadme(result, readFileSync(readmePath, 'utf8')).readme);
    }
  }
  const failed = summary.targets.filter((t) => !t.met);
  if (failed.length > 0) console.log(`\nTargets not met: ${failed.map((t) => t.name).join('; ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
