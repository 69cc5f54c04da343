/**
 * Widget download sizes (issue 6).
 *
 *   npx tsx bench/widget-size.ts
 *
 * gzip (level 9) sizes of the built loader (widget.js, on every page view of every shop) and
 * panel (panel.js, on every first open), against the budgets that `npm run widget:size` enforces
 * (widget/size-budgets.json). Measures widget/dist as built: bench/run.mjs builds it first.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WIDGET_DIST_DIR } from '../service/src/modules/static/routes.js';
import { printTable, round, type BenchRow } from './lib.js';

const budgets = JSON.parse(readFileSync(new URL('../widget/size-budgets.json', import.meta.url), 'utf8')) as { file: string; maxGzipBytes: number }[];
const ROLE: Record<string, string> = { 'widget.js': 'loader', 'panel.js': 'panel' };

if (!existsSync(path.join(WIDGET_DIST_DIR, 'widget.js'))) throw new Error('Build the widget first: npm run build -w widget');
const rows = budgets.map(({ file, maxGzipBytes }): BenchRow => {
  const body = readFileSync(path.join(WIDGET_DIST_DIR, file));
  const gzipKb = gzipSync(body, { level: 9 }).length / 1024;
  const budgetKb = maxGzipBytes / 1024;
  return {
    benchmark: `${file} (${ROLE[file] ?? 'asset'}) size`,
    figure: `${round(gzipKb)} KB gzip (${round(body.length / 1024)} KB raw)`,
    // No run-time baseline: a size is compared with its budget, the target.
    baseline: '-',
    ratio: `${round((gzipKb / budgetKb) * 100, 0)}% of budget`,
    target: `<= ${round(budgetKb)} KB gzip`,
    value: round(gzipKb, 2),
    unit: 'KB',
    ratioValue: round(gzipKb / budgetKb, 3),
    goal: { op: '<=', limit: budgetKb, of: 'value' },
    values: { rawKb: round(body.length / 1024, 2) },
  };
});
printTable(rows);
