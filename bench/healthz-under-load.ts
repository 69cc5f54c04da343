/**
 * /healthz under hostile load (issue: hold under hostile load).
 *
 *   npx tsx bench/healthz-under-load.ts [--seconds 30] [--pglite-only|--postgres-only]
 *
 * The issue's attack: four conversations each sending a 4,000-character message without spaces
 * (Arabic letters, one Latin letter, "a@", digits, "#1", mixed scripts, in turn) every three
 * seconds, 20 a minute, through the widget's streaming endpoint, each reading its answer to the
 * end; the conversations' histories fill with such messages as it goes. Before the scans were
 * linear, each message cost 1.7–8 s of synchronous CPU and 80 % of /healthz checks failed.
 * Meanwhile /healthz is asked one request at a time, every 10 ms, from this process; the app
 * runs in a process of its own (bench/targets/healthz-target.ts), on the embedded database and
 * then on PostgreSQL (TEST_POSTGRES_URL; left out when not reachable). Baseline in the same run:
 * /healthz on the same target, idle, for as long. Figure: /healthz p99 under the attack.
 * Target: within 2x of the idle p99.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { postgresMissing } from '../service/test/helpers/services.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const SECONDS = Number(option('--seconds')) || 30;
const CLIENTS = 4;
const MESSAGE_EVERY_MS = 3000;
const CHECK_EVERY_MS = 10;
const ORIGIN = 'https://shop.example';
const HOSTILE = ['ب', 'a', 'a@', '1', '#1', 'aب1ж你'].map((unit) => unit.repeat(Math.ceil(4000 / unit.length)).slice(0, 4000));

interface Ready {
  url: string;
  agentId: string;
}

function startTarget(kind: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(new URL('./targets/healthz-target.ts', import.meta.url)), [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
    child.once('message', (ready: Ready) => resolve({ child, ready }));
  });
}

function stopTarget(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

const agent = new http.Agent({ keepAlive: true });

/** One request; resolves with its status and body once the body has ended. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', agent, headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /healthz one request at a time, every CHECK_EVERY_MS, until `until`: the latencies, and how many failed. */
async function checkHealth(url: string, until: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const answer = await Promise.race([request(`${url}/healthz`), sleep(2000).then(() => ({ status: 0, body: '' }))]);
      if (answer.status !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    const took = performance.now() - started;
    latencies.push(took);
    await sleep(Math.max(0, CHECK_EVERY_MS - took));
  }
  return { latencies, failed };
}

/** A visitor sending a hostile message every MESSAGE_EVERY_MS (or as soon as the last answer ends) until `until`. */
async function attacker(ready: Ready, index: number, until: number): Promise<{ sent: number; turnMs: number[]; failed: number }> {
  const init = await request(`${ready.url}/v1/widget/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ agent_id: ready.agentId }),
  });
  if (init.status !== 200) throw new Error(`init answered ${init.status}: ${init.body}`);
  const { token } = JSON.parse(init.body) as { token: string };
  const turnMs: number[] = [];
  let sent = 0;
  let failed = 0;
  // The four visitors start a quarter of the interval apart, as unrelated visitors would.
  await sleep((MESSAGE_EVERY_MS / CLIENTS) * index);
  while (performance.now() < until) {
    const started = performance.now();
    const body = JSON.stringify({ message: HOSTILE[(sent + index) % HOSTILE.length] });
    const answer = await request(`${ready.url}/v1/widget/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${token}` },
      body,
    });
    sent += 1;
    if (answer.status !== 200 || !answer.body.includes('event: done')) failed += 1;
    turnMs.push(performance.now() - started);
    await sleep(Math.max(0, MESSAGE_EVERY_MS - (performance.now() - started)));
  }
  return { sent, turnMs, failed };
}

/** One conversation sending one message of each hostile kind, back to back. */
async function warmUp(ready: Ready): Promise<void> {
  const init = await request(`${ready.url}/v1/widget/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ agent_id: ready.agentId }),
  });
  const { token } = JSON.parse(init.body) as { token: string };
  for (const message of HOSTILE) {
    await request(`${ready.url}/v1/widget/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${token}` },
      body: JSON.stringify({ message }),
    });
  }
}

async function measure(kind: 'pglite' | 'postgres'): Promise<BenchRow[]> {
  const { child, ready } = await startTarget(kind);
  try {
    // Warm-up: the first turns and checks compile what a running server has long compiled (one
    // message of each kind: the patterns and detector tables each script reaches).
    await checkHealth(ready.url, performance.now() + 2000);
    await warmUp(ready);

    const idle = await checkHealth(ready.url, performance.now() + SECONDS * 1000);
    const until = performance.now() + SECONDS * 1000;
    const [loaded, ...attackers] = await Promise.all([checkHealth(ready.url, until), ...Array.from({ length: CLIENTS }, (_, i) => attacker(ready, i, until))]);
    const idleStats = summarize(idle.latencies);
    const loadedStats = summarize(loaded.latencies);
    const turns = summarize(attackers.flatMap((a) => a.turnMs));
    const sent = attackers.reduce((sum, a) => sum + a.sent, 0);
    const failedTurns = attackers.reduce((sum, a) => sum + a.failed, 0);
    const perMinute = (sent / SECONDS) * 60;
    console.log(
      `${kind}: idle /healthz p50 ${idleStats.p50.toFixed(2)} ms p99 ${idleStats.p99.toFixed(2)} ms (n=${idleStats.n}, ${idle.failed} failed); ` +
        `under attack p50 ${loadedStats.p50.toFixed(2)} ms p99 ${loadedStats.p99.toFixed(2)} ms max ${Math.max(...loaded.latencies).toFixed(1)} ms (n=${loadedStats.n}, ${loaded.failed} failed); ` +
        `${sent} hostile messages (${perMinute.toFixed(0)}/min, ${failedTurns} failed), turn p50 ${turns.p50.toFixed(1)} ms p99 ${turns.p99.toFixed(1)} ms`,
    );
    return [
      {
        benchmark: `/healthz p99 while ${CLIENTS} visitors send 4,000-character hostile messages (${kind})`,
        figure: `${round(loadedStats.p99, 2)} ms (p50 ${round(loadedStats.p50, 2)} ms, max ${round(Math.max(...loaded.latencies), 1)} ms, ${loaded.failed}/${loadedStats.n} failed; ${sent} messages, ${round(perMinute, 0)}/min, turn p50 ${round(turns.p50, 1)} ms)`,
        baseline: `${round(idleStats.p99, 2)} ms (idle p99; p50 ${round(idleStats.p50, 2)} ms)`,
        ratio: `${round(loadedStats.p99 / idleStats.p99, 2)}x`,
        target: '<= 2',
        value: round(loadedStats.p99, 3),
        unit: 'ms',
        baselineValue: round(idleStats.p99, 3),
        baselineUnit: 'ms',
        ratioValue: round(loadedStats.p99 / idleStats.p99, 3),
        values: {
          p50: round(loadedStats.p50, 3),
          max: round(Math.max(...loaded.latencies), 2),
          checks: loadedStats.n,
          failedChecks: loaded.failed,
          idleP50: round(idleStats.p50, 3),
          messages: sent,
          failedMessages: failedTurns,
          turnP50: round(turns.p50, 2),
          turnP99: round(turns.p99, 2),
        },
      },
    ];
  } finally {
    await stopTarget(child);
  }
}

const rows: BenchRow[] = [];
if (!process.argv.includes('--postgres-only')) rows.push(...(await measure('pglite')));
if (!process.argv.includes('--pglite-only')) {
  if (await postgresMissing()) console.warn('postgres: skipped');
  else rows.push(...(await measure('postgres')));
}
printTable(rows);
agent.destroy();
