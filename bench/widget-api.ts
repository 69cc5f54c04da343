/**
 * Widget API throughput and streaming (issue: widget API).
 *
 *   npx tsx bench/widget-api.ts [--pglite-only|--postgres-only] [--streams 1000,5000]
 *     [--providers openai,anthropic,openai-compatible] [--memory-only] [--snapshot <dir>]
 *
 * Load comes from this process (autocannon) against a target process (targets/widget-target.ts):
 * 1. init requests/s, as a ratio to a bare Fastify route answering a constant in a process of its
 *    own (targets/bare-target.ts): five alternating rounds of each, the median round's ratio.
 * 2. 1,000 and 5,000 concurrent streams against a zero-latency local model: all complete; p99
 *    time to first delta.
 * 3. 1,000 and 5,000 streams held open by the model: resident memory (and V8 heap) per open
 *    stream over the idle process, sampled after a full GC, once the streams have been held for
 *    a few seconds (and, shown beside it, right after the last one opened). Once per provider
 *    (`--providers`, all three by default), each against the local stand-in speaking its wire
 *    format; 1. and 2. use the `openai` provider.
 *
 * `--memory-only` runs 3. alone. `--snapshot <dir>` also writes heap snapshots of the target idle and with the streams held
 * (memory phase only), for comparing retained sizes by constructor.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startFakeAnthropic, startFakeOpenAI, type FakeLlm } from '../service/test/assistant/helpers/fake-llm.js';
import { load, printTable, round, summarize, type BenchRow } from './lib.js';
import { ask, databaseKinds, settledMemory, startProcess, stopTarget } from './processes.js';

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const STREAM_COUNTS = (option('--streams') ?? '1000,5000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const SNAPSHOT_DIR = option('--snapshot');
const PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;
type Provider = (typeof PROVIDERS)[number];
const HELD_PROVIDERS = (option('--providers') ?? PROVIDERS.join(',')).split(',').map((name) => {
  if (!PROVIDERS.includes(name as Provider)) throw new Error(`unknown provider "${name}"; one of ${PROVIDERS.join(', ')}`);
  return name as Provider;
});
const ORIGIN = 'https://shop.example';

interface Ready {
  url: string;
  agentId: string;
}

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
}

function startTarget(kind: string, modelUrl: string, provider: Provider): Promise<{ child: ChildProcess; ready: Ready }> {
  return startProcess<Ready>('widget-target.ts', [kind, modelUrl, provider]);
}

/** The local model server speaking the provider's wire format (the same stand-ins as the tests). */
function startModel(provider: Provider, script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeLlm> {
  return provider === 'anthropic' ? startFakeAnthropic(script) : startFakeOpenAI(script);
}

/** Times this process's main thread, where autocannon runs, has gone to sleep (Linux; else NaN). */
function sleepsSoFar(): number {
  try {
    return Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

interface Round {
  perSecond: number;
  /**
   * How often the load generator slept, per answer. When it sleeps, the target's write of the
   * next answer pays for waking it (bench/README.md), so this says which regime a round ran in.
   */
  sleepsPerAnswer: number;
}

async function rps(url: string, body: string, headers: Record<string, string>, duration: number): Promise<Round> {
  const sleepsBefore = sleepsSoFar();
  const result = await autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, connections: 32, duration });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { perSecond: result.requests.average, sleepsPerAnswer: (sleepsSoFar() - sleepsBefore) / result.requests.total };
}

/**
 * Init against the bare route in alternating rounds, and the median of the rounds' ratios. On a
 * 2-core machine the load generator shares the cores with the target, and one window of a few
 * seconds moves by ±15 % from the next; alternating keeps both routes under the same
 * conditions, and the median keeps one disturbed round from deciding the figure. The bare route
 * runs in a process of its own (see targets/bare-target.ts); only one of the two is under load
 * at a time.
 */
const THROUGHPUT_ROUNDS = 5;
const ROUND_SECONDS = 4;

async function initRatio(ready: Ready, bareUrl: string): Promise<{ init: Round; bare: Round; ratio: number; ratios: number[] }> {
  const initBody = JSON.stringify({ agent_id: ready.agentId });
  await rps(`${ready.url}/v1/widget/init`, initBody, { origin: ORIGIN }, 2); // warm-up
  await rps(`${bareUrl}/constant`, '{}', {}, 2);
  const rounds: { init: Round; bare: Round; ratio: number }[] = [];
  for (let i = 0; i < THROUGHPUT_ROUNDS; i += 1) {
    const bare = await rps(`${bareUrl}/constant`, '{}', {}, ROUND_SECONDS);
    const init = await rps(`${ready.url}/v1/widget/init`, initBody, { origin: ORIGIN }, ROUND_SECONDS);
    rounds.push({ init, bare, ratio: init.perSecond / bare.perSecond });
  }
  const ratios = rounds.map((r) => r.ratio).sort((a, b) => a - b);
  const median = rounds.find((r) => r.ratio === ratios[Math.floor(ratios.length / 2)])!;
  return { ...median, ratios };
}

async function initSession(ready: Ready): Promise<string> {
  const response = await fetch(`${ready.url}/v1/widget/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ agent_id: ready.agentId }),
  });
  if (response.status !== 200) throw new Error(`init answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Sessions for `count` visitors, a few hundred inits at a time. */
async function initSessions(ready: Ready, count: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < count) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(500, count - tokens.length) }, () => initSession(ready)))));
  }
  return tokens;
}

/** Why streams failed before their first delta, with counts; printed and cleared per phase. */
const failures = new Map<string, number>();

function reportFailures(phase: string): void {
  for (const [reason, count] of failures) console.warn(`${phase}: ${count} streams failed before a delta: ${reason}`);
  failures.clear();
}

/**
 * Opens a stream; resolves `first` at the first delta (NaN if none) and `done` at the end of the
 * stream. Plain node:http rather than fetch: thousands of simultaneous connections outlast
 * fetch's 10 s connect timeout while the target's accept queue drains, and the load process
 * should spend as little of the two cores as it can.
 */
const streamAgent = new http.Agent({ keepAlive: true });

function openStream(ready: Ready, token: string, signal?: AbortSignal) {
  const started = performance.now();
  let sawFirst = false;
  let markFirst: (ms: number) => void = () => {};
  const first = new Promise<number>((resolve) => (markFirst = resolve));
  const body = JSON.stringify({ message: 'When will my order ship?' });
  const done = new Promise<boolean>((resolve, reject) => {
    const request = http.request(
      `${ready.url}/v1/widget/messages/stream`,
      {
        method: 'POST',
        agent: streamAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: ORIGIN, authorization: `Bearer ${token}` },
        ...(signal ? { signal } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (!sawFirst && text.includes('event: delta')) {
            sawFirst = true;
            markFirst(performance.now() - started);
          }
        });
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}: ${text}`));
          if (!text.includes('event: done')) console.warn(`stream ended without done: ${text.slice(-300)}`);
          resolve(text.includes('event: done'));
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  done.catch((error: Error) => {
    if (sawFirst) return;
    const seconds = (performance.now() - started) / 1000;
    const when = seconds < 1 ? 'within 1 s' : seconds < 10 ? 'within 10 s' : seconds < 60 ? 'within 60 s' : 'after 60 s';
    const reason = `${String(error.cause ?? error.message).slice(0, 200)} (${when})`;
    failures.set(reason, (failures.get(reason) ?? 0) + 1);
    markFirst(Number.NaN);
  });
  return { first, done };
}

/**
 * Memory is measured twice: right after the last stream got its first delta, and after the
 * streams were held for SETTLE_SECONDS more. Opening thousands of streams within a second leaves
 * V8 with heap pages it returns to the system only over the next seconds (after the same full
 * collections, the heap's used size stays put while its committed size and the resident size
 * fall); answers stream for seconds, so the held figure is what a stream costs while it is open,
 * and the other is shown beside it. The idle baseline is taken after the same settling, after
 * the sessions were created.
 */
const SETTLE_SECONDS = 10;
/**
 * The count whose resident figure decides the target: the cost of a stream does not depend on how
 * many there are (the V8 heap per stream is the same at 1,000 and 5,000), but the resident size
 * of this process moves by tens of MB as V8 returns pages, which at 1,000 streams (about 44 MB of
 * them) is as large as what is measured.
 */
const JUDGED_AT_STREAMS = 5000;

/**
 * Resident memory per open stream, on a fresh target for each count: resident memory does not
 * shrink back after a phase, so a second phase on the same process would reuse pages the first
 * one left behind and look cheaper than it is.
 */
async function heldStreams(kind: string, count: number, provider: Provider): Promise<BenchRow> {
  // The model runs here, not in the target, so the target's memory is the service's alone.
  let hold = false;
  const model = await startModel(provider, () => (hold ? [{ text: 'Holding on. ' }, { hang: true }] : [{ text: 'Orders ship within two days.' }]));
  const { child, ready } = await startTarget(kind, model.baseUrl, provider);
  try {
    // Warmed up (code compiled, pools filled), otherwise fresh.
    await Promise.all((await initSessions(ready, 20)).map((token) => openStream(ready, token).done));
    const tokens = await initSessions(ready, count);
    const idle = await settledMemory<Memory>(child, SETTLE_SECONDS);
    if (SNAPSHOT_DIR) await ask(child, { type: 'snapshot', path: path.join(SNAPSHOT_DIR, `${kind}-${count}-idle.heapsnapshot`) }, 'snapshot');
    hold = true;
    // Each visitor leaves on their own; one shared signal would also gather thousands of listeners.
    const leaving = tokens.map(() => new AbortController());
    const held = tokens.map((token, i) => openStream(ready, token, leaving[i]!.signal));
    const firsts = await Promise.all(held.map((s) => s.first));
    const open = firsts.filter((ms) => !Number.isNaN(ms)).length;
    const opened = await ask<Memory>(child, { type: 'memory' }, 'memory');
    const busy = await settledMemory<Memory>(child, SETTLE_SECONDS);
    const loadNow = load();
    reportFailures(`held ${count}`);
    if (SNAPSHOT_DIR) await ask(child, { type: 'snapshot', path: path.join(SNAPSHOT_DIR, `${kind}-${count}-busy.heapsnapshot`) }, 'snapshot');
    // The visitors leave: each turn is aborted and its partial answer saved.
    for (const controller of leaving) controller.abort();
    await Promise.allSettled(held.map((s) => s.done));
    // Per stream actually open: a stream that failed holds (almost) nothing.
    const perStream = (sample: Memory, key: keyof Memory) => (sample[key] - idle[key]) / Math.max(open, 1) / 1024;
    const describe = (sample: Memory) =>
      `rss ${round(perStream(sample, 'rss'), 1)} KB, heap used ${round(perStream(sample, 'heapUsed'), 1)} KB, heap total ${round(perStream(sample, 'heapTotal'), 1)} KB, external ${round(perStream(sample, 'external'), 1)} KB`;
    console.log(
      `held ${count} (${kind}, ${provider}): ${open}/${count} open, per open stream, held ${SETTLE_SECONDS} s: ${describe(busy)}; right after opening: ${describe(opened)}; load ${loadNow}`,
    );
    // The V8 heap a stream keeps is the steady part; the resident figures move with the pages V8
    // has not yet returned, by tens of MB either way, which at 1,000 streams is as much as the
    // streams themselves (see bench/README.md): read them at 5,000.
    const memory =
      `V8 heap ${round(perStream(busy, 'heapUsed'), 1)} KB per open stream; resident ${round(perStream(busy, 'rss'), 1)} KB held ${SETTLE_SECONDS} s, ` +
      `${round(perStream(opened, 'rss'), 1)} KB right after opening`;
    const everyStreamOpen = open === count;
    const judged = count >= JUDGED_AT_STREAMS;
    return {
      benchmark: `${count} streams held open (${kind}, ${provider} provider)`,
      // Only a run that held every stream can meet the target; the text says which happened.
      figure: everyStreamOpen ? `${memory}; ${open}/${count} open` : `only ${open}/${count} streams opened; ${memory}`,
      baseline: `${round(idle.rss / 1024 / 1024, 0)} MB idle`,
      ratio: '-',
      target: judged ? '<= 64 KB resident, held' : `<= 64 KB: judged at ${JUDGED_AT_STREAMS} streams`,
      value: round(perStream(busy, 'rss'), 1),
      unit: 'KB',
      values: { heapUsed: round(perStream(busy, 'heapUsed'), 1), rssRightAfterOpening: round(perStream(opened, 'rss'), 1), open },
      ...(judged ? { goal: { op: '<=', limit: 64, of: 'value' }, ...(everyStreamOpen ? {} : { met: false }) } : { met: null }),
    };
  } finally {
    await stopTarget(child);
    await model.close();
  }
}

async function throughput(kind: string): Promise<BenchRow[]> {
  const model = await startFakeOpenAI(() => [{ text: 'Orders ship within two days.' }]);
  const { child, ready } = await startTarget(kind, model.baseUrl, 'openai');
  const baseline = await startProcess<{ url: string }>('bare-target.ts', []);
  try {
    const { init, bare, ratio, ratios } = await initRatio(ready, baseline.ready.url);
    const slept = Number.isNaN(init.sleepsPerAnswer)
      ? 'load generator sleeps not measured here'
      : `load generator slept before ${round(init.sleepsPerAnswer, 2)} of the answers (bare route: ${round(bare.sleepsPerAnswer, 2)})`;
    console.log(
      `init (${kind}): ${round(init.perSecond, 0)} req/s, bare ${round(bare.perSecond, 0)} req/s (median round); ratios ${ratios.map((r) => round(r, 3)).join(', ')}; ${slept}; load ${load()}`,
    );
    const rows: BenchRow[] = [
      {
        benchmark: `init requests/s (${kind}), median of ${THROUGHPUT_ROUNDS} alternating rounds`,
        figure: `${round(init.perSecond, 0)} req/s (rounds' ratios ${round(ratios[0]!, 3)}–${round(ratios.at(-1)!, 3)}; ${slept})`,
        baseline: `${round(bare.perSecond, 0)} req/s (bare Fastify constant, own process)`,
        ratio: round(ratio, 3).toString(),
        target: kind === 'postgres' ? '>= 0.35' : '-',
        ...(Number.isNaN(init.sleepsPerAnswer)
          ? {}
          : { values: { loadGeneratorSleepsPerInit: round(init.sleepsPerAnswer, 3), loadGeneratorSleepsPerBare: round(bare.sleepsPerAnswer, 3) } }),
      },
    ];
    for (const count of STREAM_COUNTS) {
      const tokens = await initSessions(ready, count);
      const streams = tokens.map((token) => openStream(ready, token));
      const completed = (await Promise.allSettled(streams.map((s) => s.done))).filter((r) => r.status === 'fulfilled' && r.value).length;
      const firstDelta = summarize((await Promise.all(streams.map((s) => s.first))).filter((ms) => !Number.isNaN(ms)));
      reportFailures(`${count} concurrent`);
      console.log(`${count} concurrent (${kind}): ${completed}/${count} complete, p99 ${round(firstDelta.p99, 0)} ms, load ${load()}`);
      rows.push({
        benchmark: `${count} concurrent streams, zero-latency model (${kind})`,
        figure: `${completed}/${count} complete, first delta p50 ${round(firstDelta.p50, 0)} ms, p99 ${round(firstDelta.p99, 0)} ms`,
        baseline: '-',
        ratio: '-',
        target: completed === count ? 'all complete: met' : 'all complete: not met',
      });
    }
    return rows;
  } finally {
    await Promise.all([stopTarget(child), stopTarget(baseline.child)]);
    await model.close();
  }
}

const args = new Set(process.argv.slice(2));
const kinds = await databaseKinds(args);
const rows: BenchRow[] = [];
for (const kind of kinds) {
  for (const provider of HELD_PROVIDERS) for (const count of STREAM_COUNTS) rows.push(await heldStreams(kind, count, provider));
  if (!args.has('--memory-only')) rows.push(...(await throughput(kind)));
}
printTable(rows);
