/**
 * Assistant runtime overhead (issue: assistant runtime).
 *
 *   npx tsx bench/runtime-overhead.ts [--turns 1000] [--pglite-only|--postgres-only]
 *
 * What the runtime adds before the visitor sees text: time from the start of a turn to its first
 * `delta` event, minus the model's own time to first token, for a zero-latency model (it emits
 * its answer the moment it is called). Measured over 1,000 production turns (leak guard on) in
 * conversations as the widget starts them, with the page's locale, each with retrieval on a
 * 10,000-chunk index, in the embedded database and then in PostgreSQL
 * (TEST_POSTGRES_URL; left out when not reachable). Baselines in the same run: the zero-latency
 * model's own time to first token (what the figure is on top of), and one searchKnowledge call on
 * the same index (the floor any grounded turn pays; the ratio is to it). A third figure takes each
 * turn's retrieval time (from its stored diagnostics) out as well: what the runtime itself adds.
 * A fourth measures 1,000 more turns in conversations without a locale (a custom client that
 * sends none), where the language of each message is detected. Target: p50 <= 5 ms, p99 <= 25 ms.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { LanguageModel } from 'ai';
import { inArray } from 'drizzle-orm';
import { queryRows } from '../service/src/db/client.js';
import { messages } from '../service/src/db/schema.js';
import { runTurn, type RuntimeDeps } from '../service/src/modules/assistant/runtime.js';
import { searchKnowledge } from '../service/src/modules/knowledge/search.js';
import { applyDocuments, type IndexableDocument } from '../service/src/modules/knowledge/indexer.js';
import { freshDatabase, type DatabaseKind } from '../service/test/helpers/database.js';
import { postgresMissing } from '../service/test/helpers/services.js';
import { createConversation, createShop } from '../service/test/assistant/helpers/fixtures.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<LanguageModelV3['doStream']>[0];
type StreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;

const TURNS = Number(process.argv[process.argv.indexOf('--turns') + 1]) || 1000;
const WARMUP = 50;
const POSTS = 2500;
const SECTIONS_PER_POST = 4;

/** Answers instantly; records when it was called and when its first token left it. */
class ZeroLatencyModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'bench';
  readonly modelId = 'zero-latency';
  readonly supportedUrls = {};
  calledAt = 0;
  firstTokenAt = 0;

  async doGenerate(): Promise<never> {
    throw new Error('streaming only');
  }

  async doStream(_options: CallOptions): Promise<StreamResult> {
    this.calledAt = performance.now();
    const markFirstToken = () => {
      if (this.firstTokenAt < this.calledAt) this.firstTokenAt = performance.now();
    };
    const usage = {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 5, text: 5, reasoning: undefined },
    };
    const parts: StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Our warehouse ships within two days. ' },
      { type: 'text-delta', id: 't', delta: 'See the shipping page for details.' },
      { type: 'text-end', id: 't' },
      { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
    ];
    let next = 0;
    return {
      stream: new ReadableStream<StreamPart>({
        pull(controller) {
          const part = parts[next++];
          if (!part) return controller.close();
          if (part.type === 'text-delta') markFirstToken();
          controller.enqueue(part);
        },
      }),
    };
  }
}

/**
 * Text shaped like a real site's: word frequencies follow Zipf's law over shop words and 20,000
 * other terms, so a few words are everywhere and most are rare. Deterministic (mulberry32), so
 * every run indexes the same corpus.
 */
function corpus(): IndexableDocument[] {
  let state = 42;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shopWords = (
    'shipping delivery return returns refund warranty exchange order invoice payment voucher discount size sizing ' +
    'jacket boots backpack tent gloves waterproof leather wool germany days policy item'
  ).split(' ');
  const syllables = 'ka lo mi ne ru sa ti vo ze bra cle dri fro glu pla ste tri vu xo'.split(' ');
  const vocabulary = new Set(shopWords);
  while (vocabulary.size < 20_000)
    vocabulary.add(Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  const words = [...vocabulary];
  for (let i = words.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [words[i], words[j]] = [words[j]!, words[i]!];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= words.length; rank += 1) cumulative.push((total += 1 / rank));
  const pick = () => {
    const target = random() * total;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const text = (count: number) => Array.from({ length: count }, pick).join(' ');
  return Array.from({ length: POSTS }, (_, i): IndexableDocument => {
    // One chunk per section: the chunker never joins text across headings.
    const sections = Array.from({ length: SECTIONS_PER_POST }, () => ({ heading: text(3), text: `${text(120)}.` }));
    return {
      wpId: i + 1,
      postType: 'post',
      title: `Guide ${i + 1}: ${text(4)}`,
      permalink: `https://shop.example/?p=${i + 1}`,
      language: 'en',
      contentHash: `bench-${i}`,
      modifiedAt: null,
      deleted: false,
      sections: () => sections,
      data: {},
    };
  });
}

const QUESTIONS = [
  'How long does shipping take to Germany?',
  'What is your returns policy for boots?',
  'Can I get a refund on a waterproof jacket?',
  'How does the warranty work for tents?',
  'Which sizing should I pick for gloves?',
  'Do you accept payment by invoice?',
  'Is there a discount on backpacks?',
  'Can I exchange an item after delivery?',
];

async function benchKind(kind: DatabaseKind): Promise<BenchRow[]> {
  const database = await freshDatabase(kind);
  try {
    const shop = await createShop(database.db, { agent: { budgetTurns: 1_000_000, budgetTokens: 1_000_000_000 } });
    const posts = corpus();
    const indexStarted = performance.now();
    for (let i = 0; i < posts.length; i += 50) {
      if (i % 500 === 0) console.log(`${kind}: indexing ${i}/${posts.length} posts, ${round((performance.now() - indexStarted) / 1000)} s`);
      await applyDocuments(database.db, { workspaceId: shop.workspaceId, siteId: shop.siteId }, 'post', posts.slice(i, i + 50));
    }
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM chunks WHERE workspace_id = ${shop.workspaceId}`,
    );
    console.log(`${kind}: indexed ${count} chunks in ${round((performance.now() - indexStarted) / 1000)} s`);
    if (count !== POSTS * SECTIONS_PER_POST) throw new Error(`expected ${POSTS * SECTIONS_PER_POST} chunks, got ${count}`);
    await database.exec('ANALYZE chunks; ANALYZE documents;');

    const model = new ZeroLatencyModel();
    const deps: RuntimeDeps = {
      db: database.db,
      providerEnv: {},
      addressPolicy: { allowPrivate: false },
      resolveModel: () => ({ model, provider: 'openai', modelId: model.modelId }),
    };

    /**
     * 1,000 measured turns. `locale`: the visitor's locale the conversation carries. Every
     * conversation the widget starts has one (the page's lang, else the browser's language);
     * a custom client may send none, and then each message's language is detected.
     */
    const measureTurns = async (locale: string | null) => {
      const overhead: number[] = [];
      const modelFirstToken: number[] = [];
      const replyIds: string[] = [];
      let conversation = await createConversation(database.db, shop, { locale });
      for (let turn = 0; turn < WARMUP + TURNS; turn += 1) {
        // A fresh conversation now and then, so histories stay at the size real ones have.
        if (turn % 20 === 0) conversation = await createConversation(database.db, shop, { locale });
        const message = QUESTIONS[turn % QUESTIONS.length]!;
        const started = performance.now();
        let firstDelta = 0;
        for await (const event of runTurn(deps, { agent: shop.agent, conversation, message, mode: 'production' })) {
          if (event.type === 'delta' && firstDelta === 0) firstDelta = performance.now();
          if (event.type === 'done' && turn >= WARMUP) replyIds.push(event.message.id);
          if (event.type === 'error') throw new Error(`${event.code}: ${event.message}`);
        }
        if (turn < WARMUP) continue;
        const ownTtft = model.firstTokenAt - model.calledAt;
        modelFirstToken.push(ownTtft);
        overhead.push(firstDelta - started - ownTtft);
      }
      return { overhead, modelFirstToken, replyIds };
    };
    const { overhead, modelFirstToken, replyIds } = await measureTurns('en-US');
    const detected = summarize((await measureTurns(null)).overhead);

    const stored = await database.db.select({ id: messages.id, diagnostics: messages.diagnostics }).from(messages).where(inArray(messages.id, replyIds));
    const retrievalById = new Map(stored.map((row) => [row.id, (row.diagnostics as { latency_ms: { retrieval: number } }).latency_ms.retrieval]));
    const ownOverhead = overhead.map((value, i) => value - (retrievalById.get(replyIds[i]!) ?? Number.NaN));

    const search: number[] = [];
    for (let i = 0; i < TURNS; i += 1) {
      const started = performance.now();
      await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: QUESTIONS[i % QUESTIONS.length]!, language: 'en', limit: 12 });
      search.push(performance.now() - started);
    }

    const o = summarize(overhead);
    const s = summarize(search);
    const m = summarize(modelFirstToken);
    const own = summarize(ownOverhead);
    const label = `${o.n} turns, ${count} chunks, ${kind}`;
    const row = (p: 'p50' | 'p99', limit: number): BenchRow => ({
      benchmark: `runtime overhead to first delta, ${p} (${label})`,
      figure: `${round(o[p], 2)} ms`,
      baseline: `model's own first token ${round(m[p], 3)} ms; search ${round(s[p], 2)} ms`,
      ratio: `${round(o[p] / s[p], 2)}x search`,
      target: `<= ${limit} ms`,
      value: round(o[p], 3),
      unit: 'ms',
      baselineValue: round(s[p], 3),
      ratioValue: round(o[p] / s[p], 3),
      goal: { op: '<=', limit, of: 'value' },
      values: { modelFirstToken: round(m[p], 4), firstDelta: round(o[p] + m[p], 3), searchP50: round(s.p50, 3), searchP99: round(s.p99, 3), n: o.n },
    });
    /** A row reporting a distribution's p50 / p99 beside the model's own first token, with no target. */
    const informational = (what: string, stats: typeof own, values: Record<string, number>) => ({
      benchmark: `${what}, p50 / p99 (${kind})`,
      figure: `${round(stats.p50, 2)} / ${round(stats.p99, 2)} ms`,
      baseline: `model's own first token ${round(m.p50, 3)} / ${round(m.p99, 3)} ms`,
      ratio: '-',
      target: '-',
      value: round(stats.p50, 3),
      unit: 'ms',
      values: { p99: round(stats.p99, 3), ...values },
    });
    return [
      row('p50', 5),
      row('p99', 25),
      { ...informational('same, retrieval excluded', own, { modelFirstTokenP99: round(m.p99, 4) }), baselineValue: round(m.p50, 4) },
      informational('same, conversations without a visitor locale (language detected per message)', detected, { n: detected.n }),
    ];
  } finally {
    await database.close();
  }
}

const args = new Set(process.argv.slice(2));
const kinds: DatabaseKind[] = [];
if (!args.has('--postgres-only') && !args.has('--postgres')) kinds.push('pglite');
if (!args.has('--pglite-only')) {
  if (await postgresMissing()) console.warn('PostgreSQL not reachable: its rows are left out');
  else kinds.push('postgres');
}
const rows: BenchRow[] = [];
for (const kind of kinds) rows.push(...(await benchKind(kind)));
printTable(rows);
