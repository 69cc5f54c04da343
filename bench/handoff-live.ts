/**
 * The widget's live channel at scale (issue 22): idle visitors' subscriptions held open against
 * one service process, and team replies reaching them.
 *
 *   npx tsx bench/handoff-live.ts [--subscriptions 5000] [--pglite-only|--postgres-only]
 *
 * The target (targets/handoff-target.ts) is the real app; this process opens the subscriptions
 * (GET /v1/widget/updates/stream, one per visitor's conversation) and reads them.
 * 1. Resident memory (and V8 heap) per open subscription over the same process idle with the
 *    same visitors' sessions, sampled after a full collection once the subscriptions have been
 *    held for a few seconds (the least of SETTLE_SECONDS samples, as in widget-api.ts).
 * 2. One team reply reaching its visitor while all the other subscriptions stay open: p50 and
 *    max of ONE_BY_ONE replies, from the bench's request to the target to the event read here.
 * 3. A team reply in every one of the conversations at once: the time until the last visitor has
 *    it, beside the time the service took to store them all (the baseline: a reply cannot arrive
 *    before it is stored).
 *
 * The service allows UPDATES_STREAMS_PER_ADDRESS live channels per client address, so the
 * visitors connect from many loopback addresses (127.0.x.y, all of which reach the host on
 * Linux), PER_ADDRESS each.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { load, printTable, round, summarize, type BenchRow } from './lib.js';
import { ask, databaseKinds, settledMemory, startProcess, stopTarget } from './processes.js';

const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const SUBSCRIPTIONS = Number(option('--subscriptions') ?? 5000);
const ORIGIN = 'https://shop.example';
const PER_ADDRESS = 10;
const SETTLE_SECONDS = 10;
const ONE_BY_ONE = 20;
const TARGET_KB = 32;

interface Ready {
  url: string;
  agentId: string;
}
interface Memory {
  rss: number;
  heapUsed: number;
}

const startTarget = (kind: string) => startProcess<Ready>('handoff-target.ts', [kind]);

interface Visitor {
  token: string;
  conversationId: string;
}

async function initVisitors(ready: Ready, count: number): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  while (visitors.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, count - visitors.length) }, async () => {
        const response = await fetch(`${ready.url}/v1/widget/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ agent_id: ready.agentId }),
        });
        if (response.status !== 200) throw new Error(`init answered ${response.status}`);
        const body = (await response.json()) as { token: string; conversation_id: string };
        return { token: body.token, conversationId: body.conversation_id };
      }),
    );
    visitors.push(...batch);
  }
  return visitors;
}

/** The loopback address visitor `i` connects from: PER_ADDRESS visitors each. */
function addressOf(i: number): string {
  const n = Math.floor(i / PER_ADDRESS) + 256; // from 127.0.1.0
  return `127.0.${Math.floor(n / 256)}.${n % 256}`;
}

interface Subscription {
  /** Resolves once the channel sent its first event (the handoff state): it is open. */
  opened: Promise<boolean>;
  /** Called with the time each team reply arrives. */
  onMessage: (at: number) => void;
  close: () => void;
}

function subscribe(ready: Ready, visitor: Visitor, localAddress: string): Subscription {
  const controller = new AbortController();
  let markOpened: (ok: boolean) => void = () => {};
  const opened = new Promise<boolean>((resolve) => (markOpened = resolve));
  const subscription: Subscription = { opened, onMessage: () => {}, close: () => controller.abort() };
  const request = http.get(
    `${ready.url}/v1/widget/updates/stream`,
    {
      headers: { origin: ORIGIN, authorization: `Bearer ${visitor.token}`, accept: 'text/event-stream' },
      localAddress,
      signal: controller.signal,
      agent: false,
    },
    (response) => {
      if (response.statusCode !== 200) {
        markOpened(false);
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk: string) => {
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (event.startsWith('event: state') || event.includes('\nevent: state')) markOpened(true);
          if (event.startsWith('event: message') || event.includes('\nevent: message')) subscription.onMessage(performance.now());
        }
      });
      response.on('error', () => markOpened(false));
    },
  );
  request.on('error', () => markOpened(false));
  return subscription;
}

async function run(kind: string): Promise<BenchRow[]> {
  const { child, ready } = await startTarget(kind);
  const subscriptions: Subscription[] = [];
  try {
    // Warm-up: a few channels opened, replied to and closed.
    const warm = await initVisitors(ready, 20);
    const warmSubs = warm.map((visitor, i) => subscribe(ready, visitor, addressOf(SUBSCRIPTIONS + PER_ADDRESS * 2 + i)));
    await Promise.all(warmSubs.map((s) => s.opened));
    await ask(child, { type: 'reply', conversationIds: warm.map((v) => v.conversationId) }, 'replied');
    for (const s of warmSubs) s.close();

    const visitors = await initVisitors(ready, SUBSCRIPTIONS);
    const idle = await settledMemory<Memory>(child, SETTLE_SECONDS);
    const openStarted = performance.now();
    // A few hundred at a time: a burst of thousands of handshakes measures the accept queue, not the channel.
    for (let i = 0; i < visitors.length; i += 500) {
      const batch = visitors.slice(i, i + 500).map((visitor, j) => subscribe(ready, visitor, addressOf(i + j)));
      subscriptions.push(...batch);
      await Promise.all(batch.map((s) => s.opened));
    }
    const open = (await Promise.all(subscriptions.map((s) => s.opened))).filter(Boolean).length;
    const openSeconds = (performance.now() - openStarted) / 1000;
    const held = await settledMemory<Memory>(child, SETTLE_SECONDS);
    const perSubscription = (key: keyof Memory) => (held[key] - idle[key]) / Math.max(open, 1) / 1024;
    console.log(
      `${kind}: ${open}/${SUBSCRIPTIONS} subscriptions open in ${round(openSeconds, 1)} s; per subscription held ${SETTLE_SECONDS} s: rss ${round(perSubscription('rss'), 1)} KB, heap used ${round(perSubscription('heapUsed'), 1)} KB; load ${load()}`,
    );

    // One reply at a time, to a visitor among all the idle others.
    const single: number[] = [];
    for (let i = 0; i < ONE_BY_ONE; i += 1) {
      const index = Math.floor((i * visitors.length) / ONE_BY_ONE);
      const arrived = new Promise<number>((resolve) => (subscriptions[index]!.onMessage = resolve));
      const sent = performance.now();
      await ask(child, { type: 'reply', conversationIds: [visitors[index]!.conversationId] }, 'replied');
      single.push((await arrived) - sent);
      subscriptions[index]!.onMessage = () => {};
    }
    const one = summarize(single);

    // A reply in every conversation at once.
    let received = 0;
    let lastAt = 0;
    const everyone = new Promise<void>((resolve) => {
      for (const s of subscriptions) {
        s.onMessage = (at) => {
          received += 1;
          lastAt = at;
          if (received === open) resolve();
        };
      }
    });
    const burstStarted = performance.now();
    const { ms: storeMs } = await ask<{ ms: number }>(child, { type: 'reply', conversationIds: visitors.map((v) => v.conversationId) }, 'replied');
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([everyone, new Promise((resolve) => (giveUp = setTimeout(resolve, 300_000)))]);
    clearTimeout(giveUp);
    const burstMs = lastAt - burstStarted;
    console.log(
      `${kind}: one reply p50 ${round(one.p50, 2)} ms, max ${round(Math.max(...single), 2)} ms; burst: ${received}/${open} received, last after ${round(burstMs, 0)} ms (stored in ${storeMs} ms); load ${load()}`,
    );

    const everyOpen = open === SUBSCRIPTIONS;
    const kb = round(perSubscription('rss'), 1);
    return [
      {
        benchmark: `${SUBSCRIPTIONS} idle live channels (widget subscriptions) held open (${kind})`,
        figure: `${everyOpen ? '' : `only ${open}/${SUBSCRIPTIONS} open; `}resident ${kb} KB per subscription held ${SETTLE_SECONDS} s (V8 heap ${round(perSubscription('heapUsed'), 1)} KB); opened in ${round(openSeconds, 1)} s`,
        baseline: `${round(idle.rss / 1024 / 1024, 0)} MB idle`,
        ratio: '-',
        target: `<= ${TARGET_KB} KB resident`,
        value: kb,
        unit: 'KB',
        values: { heapUsed: round(perSubscription('heapUsed'), 1), open },
        goal: { op: '<=', limit: TARGET_KB, of: 'value' },
        ...(everyOpen ? {} : { met: false }),
      },
      {
        benchmark: `one team reply to its visitor, ${open} channels open (${kind})`,
        figure: `p50 ${round(one.p50, 2)} ms, max ${round(Math.max(...single), 2)} ms (n=${ONE_BY_ONE})`,
        baseline: '-',
        ratio: '-',
        target: '-',
        value: round(one.p50, 2),
        unit: 'ms',
      },
      {
        benchmark: `a team reply in each of ${open} conversations at once, until the last visitor has it (${kind})`,
        figure: `${received}/${open} received, the last after ${round(burstMs, 0)} ms`,
        baseline: `${storeMs} ms (storing the ${open} replies)`,
        ratio: storeMs > 0 ? round(burstMs / storeMs, 2).toString() : '-',
        target: '-',
        value: round(burstMs, 0),
        unit: 'ms',
        baselineValue: storeMs,
        baselineUnit: 'ms',
      },
    ];
  } finally {
    for (const s of subscriptions) s.close();
    await stopTarget(child);
  }
}

const args = new Set(process.argv.slice(2));
const kinds = await databaseKinds(args);
const rows: BenchRow[] = [];
for (const kind of kinds) rows.push(...(await run(kind)));
printTable(rows);
