/**
 * Widget launcher (issue 6).
 *
 *   npx tsx bench/widget-launcher.ts [--loads 20]
 *
 * Time from inserting the embed tag into a page to the launcher being laid out and visible, in
 * Debian's Chromium against the real service (widget.js served by the static module, demo store
 * seeded, so init also runs as on a shop). Cold: a fresh browser context (empty HTTP cache);
 * warm: the same page reloaded (widget.js from the cache, as on a visitor's second page view).
 * Baseline in the same run: a script of a few lines that draws a plain 56-px button, served by
 * the same server the same way: the floor any script-drawn launcher pays. Target: p50 <= 100 ms.
 * (The gzip sizes of widget.js and panel.js are bench/widget-size.ts.)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../service/src/app.js';
import { loadConfig } from '../service/src/config.js';
import { seedDemo } from '../service/src/modules/demo/seed.js';
import { WIDGET_DIST_DIR } from '../service/src/modules/static/routes.js';
import { freshDatabase } from '../service/test/helpers/database.js';
import { CHROMIUM_PATH } from '../service/test/helpers/services.js';
import { launchChromium } from '../service/test/browser/helpers/chromium.js';
import { freePort } from '../service/test/browser/helpers/demo-service.js';
import { printTable, round, summarize, type BenchRow } from './lib.js';

const LOADS = Number(process.argv[process.argv.indexOf('--loads') + 1]) || 20;
const TARGET_MS = 100;

/** The baseline launcher: the least a script can do to put a button on the page. */
const BASELINE_JS = `(function(){var b=document.createElement('button');b.id='bench-launcher';b.textContent='Chat';
b.style.cssText='position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#2563eb;color:#fff';
document.body.appendChild(b);})();`;

/**
 * Runs in the page: inserts the tag, then reports when the launcher has a layout box (visible
 * from the next frame on) and when that next frame has run. A MutationObserver catches the
 * insertion as soon as the script has run, without the 16 ms granularity of polling per frame.
 */
const MEASURE = `(async ({ src, agentId, kind }) => {
  const locate = kind === 'widget'
    ? () => document.querySelector('storefront-assistant')?.shadowRoot?.querySelector('[data-testid="sa-launcher"]')
    : () => document.getElementById('bench-launcher');
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible'; };
  const start = performance.now();
  const shown = new Promise((resolve) => {
    const check = () => { const el = locate(); if (el && visible(el)) { observer.disconnect(); resolve(performance.now()); return true; } return false; };
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { childList: true, subtree: true });
  });
  const tag = document.createElement('script');
  tag.src = src;
  tag.async = true;
  tag.dataset.agentId = agentId;
  document.body.appendChild(tag);
  const laidOut = await shown;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { visible: laidOut - start, painted: performance.now() - start };
})`;

type Kind = 'widget' | 'baseline';

interface Sample {
  visible: number;
  painted: number;
}

async function measure(page: Page, src: string, agentId: string, kind: Kind): Promise<Sample> {
  return page.evaluate(`${MEASURE}(${JSON.stringify({ src, agentId, kind })})`) as Promise<Sample>;
}

/** One cold load in a fresh context, then one warm load of the same page. */
async function loadPair(browser: Browser, base: string, agentId: string, kind: Kind): Promise<{ cold: Sample; warm: Sample }> {
  const src = `${base}/${kind === 'widget' ? 'widget.js' : 'bench-baseline.js'}`;
  const context = await browser.newContext();
  await context.route(`${base}/bench-host.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop</h1></body></html>' }),
  );
  const page = await context.newPage();
  await page.goto(`${base}/bench-host.html`);
  const cold = await measure(page, src, agentId, kind);
  await page.reload();
  const warm = await measure(page, src, agentId, kind);
  await context.close();
  return { cold, warm };
}

function row(benchmark: string, samples: number[], baseline: number[], target = true): BenchRow {
  const s = summarize(samples);
  const b = summarize(baseline);
  return {
    benchmark,
    figure: `p50 ${round(s.p50)} ms, p95 ${round(s.p95)} ms (n=${s.n})`,
    baseline: `p50 ${round(b.p50)} ms`,
    ratio: `${round(s.p50 / b.p50, 2)}x`,
    target: target ? `p50 <= ${TARGET_MS} ms` : '-',
    value: round(s.p50, 2),
    unit: 'ms',
    baselineValue: round(b.p50, 2),
    ratioValue: round(s.p50 / b.p50, 3),
    ...(target ? { goal: { op: '<=', limit: TARGET_MS, of: 'value' } as const } : {}),
    values: { p95: round(s.p95, 2), n: s.n, baselineP95: round(b.p95, 2) },
  };
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  if (!existsSync(path.join(WIDGET_DIST_DIR, 'widget.js'))) throw new Error('Build the widget first: npm run build -w widget');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-bench-'));
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    LOG_LEVEL: 'silent',
  });
  const database = await freshDatabase('pglite');
  const app = await buildApp({ config, database, logger: false });
  // Served like widget.js (same server, same connection), so the two differ only in what runs.
  app.get('/bench-baseline.js', async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(BASELINE_JS),
  );
  await app.listen({ host: '127.0.0.1', port });
  const demo = await seedDemo({ config, database, port });
  const browser = await launchChromium();
  try {
    // Warm-up: Chromium's first context and the service's first requests are slower than any later one.
    await loadPair(browser, base, demo.agentId, 'widget');
    await loadPair(browser, base, demo.agentId, 'baseline');
    const widget: { cold: Sample; warm: Sample }[] = [];
    const baseline: { cold: Sample; warm: Sample }[] = [];
    for (let i = 0; i < LOADS; i += 1) {
      // Interleaved, so that drift on the machine affects both alike.
      widget.push(await loadPair(browser, base, demo.agentId, 'widget'));
      baseline.push(await loadPair(browser, base, demo.agentId, 'baseline'));
    }
    const pick = (runs: { cold: Sample; warm: Sample }[], kind: 'cold' | 'warm', key: keyof Sample) => runs.map((run) => run[kind][key]);
    printTable([
      row('launcher visible, cold cache', pick(widget, 'cold', 'visible'), pick(baseline, 'cold', 'visible')),
      row('launcher visible, warm cache', pick(widget, 'warm', 'visible'), pick(baseline, 'warm', 'visible')),
      row('launcher painted (next frame), cold', pick(widget, 'cold', 'painted'), pick(baseline, 'cold', 'painted'), false),
    ]);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
