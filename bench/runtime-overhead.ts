/**
 * Assistant runtime overhead (issue: assistant runtime).
 *
 *   npx tsx bench/runtime-overhead.ts [--turns 1000]
 *
 * What the runtime adds before the visitor sees text: time from the start of a turn to its first
 * `delta` event, minus the model's own time to first token, for a zero-latency model (it emits
 * its answer the moment it is called). Measured over 1,000 production turns (leak guard on),
 * each with retrieval on a 10,000-chunk index in the embedded database. Baseline in the same run:
 * one searchKnowledge call on the same index, the floor any grounded turn pays.
 * Target: p50 <= 5 ms, p99 <= 25 ms.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { LanguageModel } from 'ai';
import { queryRows } from '../service/src/db/client.js';
import { runTurn, type RuntimeDeps } from '../service/src/modules/assistant/runtime.js';
import { searchKnowledge } from '../service/src/modules/knowledge/search.js';
import { applyDocuments, type IndexableDocument } from '../service/src/modules/knowledge/indexer.js';
import { freshDatabase } from '../service/test/helpers/database.js';
import { createConversation, createShop } from '../service/test/assistant/helpers/fixtures.js';
import { printTable, round, summarize } from './lib.js';

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
    const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
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

/** A deterministic pseudo-random vocabulary, so every run indexes the same text. */
function corpus(): { posts: IndexableDocument[]; topics: string[] } {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const syllables = ['ka', 'lo', 'mi', 'ter', 'van', 'sul', 'pre', 'dor', 'fin', 'gal', 'ny', 'ost', 'ra', 'bel', 'cu', 'dex'];
  const filler = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  const topics = ['shipping', 'returns', 'refund', 'warranty', 'sizing', 'payment', 'delivery', 'exchange', 'waterproof', 'jacket', 'boots', 'backpack', 'tent', 'gloves', 'discount', 'invoice'];
  const sentence = (topic: string) => `${topic} ${Array.from({ length: 40 }, () => filler[Math.floor(random() * filler.length)]).join(' ')}.`;
  const posts = Array.from({ length: POSTS }, (_, i): IndexableDocument => {
    const sections = Array.from({ length: SECTIONS_PER_POST }, (_, s) => {
      const topic = topics[(i + s) % topics.length]!;
      return { heading: `${topic} ${s + 1}`, text: `${sentence(topic)} ${sentence(topics[(i * 7 + s) % topics.length]!)}` };
    });
    return {
      wpId: i + 1,
      postType: 'post',
      title: `Guide ${i + 1}: ${topics[i % topics.length]}`,
      permalink: `https://shop.example/?p=${i + 1}`,
      language: 'en',
      contentHash: `bench-${i}`,
      modifiedAt: null,
      deleted: false,
      sections: () => sections,
      data: {},
    };
  });
  return { posts, topics };
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

async function main(): Promise<void> {
  const database = await freshDatabase('pglite');
  try {
    const shop = await createShop(database.db, { agent: { budgetTurns: 1_000_000, budgetTokens: 1_000_000_000 } });
    const { posts } = corpus();
    const indexStarted = performance.now();
    for (let i = 0; i < posts.length; i += 50) {
      await applyDocuments(database.db, { workspaceId: shop.workspaceId, siteId: shop.siteId }, 'post', posts.slice(i, i + 50));
    }
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM chunks WHERE workspace_id = ${shop.workspaceId}`);
    console.log(`indexed ${count} chunks in ${round((performance.now() - indexStarted) / 1000)} s`);
    if (count !== POSTS * SECTIONS_PER_POST) throw new Error(`expected ${POSTS * SECTIONS_PER_POST} chunks, got ${count}`);

    const model = new ZeroLatencyModel();
    const deps: RuntimeDeps = {
      db: database.db,
      providerEnv: {},
      addressPolicy: { allowPrivate: false },
      resolveModel: () => ({ model, provider: 'openai', modelId: model.modelId }),
    };

    const overhead: number[] = [];
    const modelFirstToken: number[] = [];
    let conversation = await createConversation(database.db, shop);
    for (let turn = 0; turn < WARMUP + TURNS; turn += 1) {
      // A fresh conversation now and then, so histories stay at the size real ones have.
      if (turn % 20 === 0) conversation = await createConversation(database.db, shop);
      const message = QUESTIONS[turn % QUESTIONS.length]!;
      const started = performance.now();
      let firstDelta = 0;
      for await (const event of runTurn(deps, { agent: shop.agent, conversation, message, mode: 'production' })) {
        if (event.type === 'delta' && firstDelta === 0) firstDelta = performance.now();
        if (event.type === 'error') throw new Error(`${event.code}: ${event.message}`);
      }
      if (turn < WARMUP) continue;
      const ownTtft = model.firstTokenAt - model.calledAt;
      modelFirstToken.push(ownTtft);
      overhead.push(firstDelta - started - ownTtft);
    }

    const search: number[] = [];
    for (let i = 0; i < TURNS; i += 1) {
      const started = performance.now();
      await searchKnowledge(database.db, { workspaceId: shop.workspaceId, query: QUESTIONS[i % QUESTIONS.length]!, language: 'en', limit: 12 });
      search.push(performance.now() - started);
    }

    const o = summarize(overhead);
    const s = summarize(search);
    const m = summarize(modelFirstToken);
    console.log(`model's own time to first token: p50 ${round(m.p50, 3)} ms, p99 ${round(m.p99, 3)} ms (subtracted)`);
    printTable([
      { benchmark: `runtime overhead to first delta, p50 (${o.n} turns, ${count} chunks)`, figure: `${round(o.p50)} ms`, baseline: `${round(s.p50)} ms search`, ratio: `${round(o.p50 / s.p50)}x`, target: '<= 5 ms' },
      { benchmark: `runtime overhead to first delta, p99 (${o.n} turns, ${count} chunks)`, figure: `${round(o.p99)} ms`, baseline: `${round(s.p99)} ms search`, ratio: `${round(o.p99 / s.p99)}x`, target: '<= 25 ms' },
    ]);
  } finally {
    await database.close();
  }
}

await main();
