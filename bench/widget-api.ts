/**
 * Widget API throughput and streaming (issue: widget API).
 *
 *   npx tsx bench/widget-api.ts [--pglite-only|--postgres-only]
 *
 * Load comes from this process (autocannon) against a target process (targets/widget-target.ts):
 * 1. init requests/s, as a ratio to a bare Fastify route answering a constant in the same target.
 * 2. 1,000 concurrent streams against a zero-latency local model: all complete; p99 time to first delta.
 * 3. 1,000 streams held open by the model: resident memory per open stream.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startFakeOpenAI } from '../service/test/assistant/helpers/fake-llm.js';
import { postgresMissing } from '../service/test/helpers/services.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

const STREAMS = Number(process.argv[process.argv.indexOf('--streams') + 1]) || 1000;
const ORIGIN = 'https://shop.example';

interface Ready {
  url: string;
  bareUrl: string;
  agentId: string;
}

function startTarget(kind: string, modelUrl: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(new URL('./targets/widget-target.ts', import.meta.url)), [kind, modelUrl], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
    child.once('message', (message: Ready & { type: string }) => resolve({ child, ready: message }));
  });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type === answer) {
        child.off('message', listener);
        resolve(message as T);
      }
    };
    child.on('message', listener);
    child.send({ type });
  });
}

async function rps(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, connections: 32, duration: 8 });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function initSession(ready: Ready): Promise<string> {
  const response = await fetch(`${ready.url}/v1/widget/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ agent_id: ready.agentId }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Opens a stream; resolves `first` at the first delta and `done` at the end of the stream. */
function openStream(ready: Ready, token: string, signal?: AbortSignal) {
  const started = performance.now();
  let markFirst: (ms: number) => void = () => {};
  const first = new Promise<number>((resolve) => (markFirst = resolve));
  const done = (async () => {
    const response = await fetch(`${ready.url}/v1/widget/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: 'When will my order ship?' }),
      ...(signal ? { signal } : {}),
    });
    if (response.status !== 200) {
      markFirst(Number.NaN);
      throw new Error(`stream answered ${response.status}: ${await response.text()}`);
    }
    let text = '';
    let sawFirst = false;
    for await (const chunk of response.body!) {
      text += Buffer.from(chunk).toString('utf8');
      if (!sawFirst && text.includes('event: delta')) {
        sawFirst = true;
        markFirst(performance.now() - started);
      }
    }
    if (!sawFirst) markFirst(Number.NaN);
    if (!text.includes('event: done')) console.warn(`stream ended without done: ${text.slice(-300)}`);
    return text.includes('event: done');
  })();
  return { first, done };
}

async function benchKind(kind: string): Promise<BenchRow[]> {
  // The model runs here, not in the target, so the target's memory is the service's alone.
  let hold = false;
  const model = await startFakeOpenAI(() => (hold ? [{ text: 'Holding on. ' }, { hang: true }] : [{ text: 'Orders ship within two days.' }]));
  const { child, ready } = await startTarget(kind, model.baseUrl);
  // Memory first, on a warmed-up but otherwise fresh process: later phases grow the heap and
  // resident memory does not shrink back.
  await Promise.all((await Promise.all(Array.from({ length: 20 }, () => initSession(ready)))).map((token) => openStream(ready, token).done));
  const heldTokens = await Promise.all(Array.from({ length: STREAMS }, () => initSession(ready)));
  const idle = await ask<{ rss: number }>(child, 'memory', 'memory');
  hold = true;
  const leave = new AbortController();
  const held = heldTokens.map((token) => openStream(ready, token, leave.signal));
  await Promise.all(held.map((s) => s.first));
  const busy = await ask<{ rss: number }>(child, 'memory', 'memory');
  // The visitors leave: each turn is aborted and its partial answer saved.
  leave.abort();
  await Promise.allSettled(held.map((s) => s.done));
  hold = false;

  const bare = await rps(`${ready.bareUrl}/constant`, '{}', {});
  const init = await rps(`${ready.url}/v1/widget/init`, JSON.stringify({ agent_id: ready.agentId }), { origin: ORIGIN });

  const tokens = await Promise.all(Array.from({ length: STREAMS }, () => initSession(ready)));
  const streams = tokens.map((token) => openStream(ready, token));
  const completed = (await Promise.all(streams.map((s) => s.done))).filter(Boolean).length;
  const firstDelta = summarize(await Promise.all(streams.map((s) => s.first)));
  child.send({ type: 'stop' });
  await model.close();

  const perStreamKb = (busy.rss - idle.rss) / STREAMS / 1024;
  return [
    { benchmark: `init requests/s (${kind})`, figure: `${round(init, 0)} req/s`, baseline: `${round(bare, 0)} req/s (bare Fastify constant)`, ratio: round(init / bare, 3).toString(), target: kind === 'postgres' ? '>= 0.35' : '-' },
    { benchmark: `${STREAMS} concurrent streams, zero-latency model (${kind})`, figure: `${completed}/${STREAMS} complete, first delta p50 ${round(firstDelta.p50, 0)} ms, p99 ${round(firstDelta.p99, 0)} ms`, baseline: '-', ratio: '-', target: 'all complete' },
    { benchmark: `${STREAMS} streams held open (${kind})`, figure: `${round(perStreamKb, 1)} KB resident per stream`, baseline: `${round(idle.rss / 1024 / 1024, 0)} MB idle`, ratio: '-', target: '<= 64 KB' },
  ];
}

const args = new Set(process.argv.slice(2));
const kinds: string[] = [];
if (!args.has('--postgres-only')) kinds.push('pglite');
if (!args.has('--pglite-only')) {
  if (await postgresMissing()) console.warn('PostgreSQL not reachable: its rows are left out');
  else kinds.push('postgres');
}
const rows: BenchRow[] = [];
for (const kind of kinds) rows.push(...(await benchKind(kind)));
printTable(rows);
