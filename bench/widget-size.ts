/**
 * Widget download sizes (issue 6).
 *
 *   npx tsx bench/widget-size.ts
 *
 * gzip (level 9) sizes of the built loader (widget.js, on every page view of every shop) and
 * panel (panel.js, on every first open) with the largest language catalogue, against the budgets that `npm run widget:size` enforces
 * (widget/size-budgets.json). Measures widget/dist as built: bench/run.mjs builds it first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WIDGET_DIST_DIR } from '../service/src/modules/static/routes.js';
// @ts-expect-error a plain .mjs script of the widget's, without type declarations
import { measureBudgets } from '../widget/scripts/sizes.mjs';
import { printTable, round, type BenchRow } from './lib.js';

type Measured = { file: string; label: string; rawBytes?: number; gzipBytes?: number; maxGzipBytes: number };
const ROLE: Record<string, string> = { 'widget.js': 'loader', 'panel.js': 'panel with its largest language' };

if (!existsSync(path.join(WIDGET_DIST_DIR, 'widget.js'))) throw new Error('Build the widget first: npm run build -w widget');
const rows = ((await measureBudgets(WIDGET_DIST_DIR)) as Measured[]).map(({ file, label, rawBytes = 0, gzipBytes = 0, maxGzipBytes }): BenchRow => {
  const gzipKb = gzipBytes / 1024;
  const budgetKb = maxGzipBytes / 1024;
  return {
    benchmark: `${label} (${ROLE[file] ?? 'asset'}) size`,
    figure: `${round(gzipKb)} KB gzip (${round(rawBytes / 1024)} KB raw)`,
    // No run-time baseline: a size is compared with its budget, the target.
    baseline: '-',
    ratio: `${round((gzipKb / budgetKb) * 100, 0)}% of budget`,
    target: `<= ${round(budgetKb)} KB gzip`,
    value: round(gzipKb, 2),
    unit: 'KB',
    ratioValue: round(gzipKb / budgetKb, 3),
    goal: { op: '<=', limit: budgetKb, of: 'value' },
    values: { rawKb: round(rawBytes / 1024, 2) },
  };
});
printTable(rows);
