/** Small helpers shared by the benchmarks: percentiles and a result table. */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), n: sorted.length };
}

/** A target as a comparison, so that whether it is met is computed rather than typed. */
export interface Goal {
  op: '<=' | '>=';
  limit: number;
  /** What is compared: the row's value, its ratio, or one of its `values` (e.g. 'p95'). */
  of: string;
}

/**
 * One line of a result table. The five strings are what is printed; the optional numbers are what
 * bench/results.json records. Rows that give only the strings still get numbers where the strings
 * say them plainly ("944 req/s", ">= 0.35"); see structure().
 */
export interface BenchRow {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
  /** The figure's headline number, in `unit`. */
  value?: number;
  unit?: string;
  baselineValue?: number;
  baselineUnit?: string;
  ratioValue?: number;
  goal?: Goal;
  met?: boolean | null;
  /** Further numbers of the figure or baseline (p95, p99, n, ...). */
  values?: Record<string, number>;
}

/** The form a row takes in bench/results.json. */
export interface RecordedRow {
  bench: string;
  benchmark: string;
  value: number | null;
  unit: string | null;
  baseline: { value: number; unit: string | null } | null;
  ratio: number | null;
  target: Goal | null;
  met: boolean | null;
  values: Record<string, number>;
  text: { figure: string; baseline: string; ratio: string; target: string };
}

const NUMBER = String.raw`(-?\d[\d,]*(?:\.\d+)?)`;
const toNumber = (text: string) => Number(text.replaceAll(',', ''));

/** "944 req/s", "314.2 KB resident per stream": a leading number and the word after it. */
function leadingQuantity(text: string): { value: number; unit: string | null } | undefined {
  const match = new RegExp(`^${NUMBER}(?:\\s*(%|[A-Za-z][A-Za-z/]*)(?=[\\s,(]|$)|(?=\\s|$))`).exec(text.trim());
  return match ? { value: toNumber(match[1]!), unit: match[2] ?? null } : undefined;
}

/** "<= 64 KB", ">= 0.35", "p95 <= 30 ms": a unitless limit applies to the ratio. */
function parseGoal(target: string, unit: string | null): Goal | undefined {
  const match = new RegExp(`^(?:([a-z]\\w*)\\s+)?(<=|>=)\\s*${NUMBER}\\s*([A-Za-z/%]+)?`).exec(target.trim());
  if (!match) return undefined;
  const [, label, op, limit, limitUnit] = match;
  if (label) return { op: op as Goal['op'], limit: toNumber(limit!), of: label };
  if (!limitUnit) return { op: op as Goal['op'], limit: toNumber(limit!), of: 'ratio' };
  return limitUnit === unit ? { op: op as Goal['op'], limit: toNumber(limit!), of: 'value' } : undefined;
}

export function structure(bench: string, row: BenchRow): RecordedRow {
  const figure = leadingQuantity(row.figure);
  const value = row.value ?? figure?.value ?? null;
  const unit = row.unit ?? (row.value === undefined ? figure?.unit : undefined) ?? null;
  const parsedBaseline = leadingQuantity(row.baseline);
  const baseline =
    row.baselineValue !== undefined
      ? { value: row.baselineValue, unit: row.baselineUnit ?? unit }
      : parsedBaseline
        ? { value: parsedBaseline.value, unit: parsedBaseline.unit }
        : null;
  const ratio =
    row.ratioValue ?? leadingQuantity(row.ratio)?.value ?? (value !== null && baseline && baseline.unit === unit ? round(value / baseline.value, 4) : null);
  const goal = row.goal ?? parseGoal(row.target, unit) ?? null;
  const values = row.values ?? {};
  let met = row.met;
  if (met === undefined) {
    const compared = goal ? (goal.of === 'value' ? value : goal.of === 'ratio' ? ratio : values[goal.of]) : undefined;
    met = goal && compared != null && Number.isFinite(compared) ? (goal.op === '<=' ? compared <= goal.limit : compared >= goal.limit) : null;
    // A bench that judged the target itself said so in the text.
    if (met === null && /:\s*met\b/i.test(row.target)) met = true;
    if (met === null && /\b(not met|missed)\b/i.test(row.target)) met = false;
  }
  return {
    bench,
    benchmark: row.benchmark,
    value,
    unit,
    baseline,
    ratio: ratio !== null && Number.isFinite(ratio) ? ratio : null,
    target: goal,
    met,
    values,
    text: { figure: row.figure, baseline: row.baseline, ratio: row.ratio, target: targetText(row.target, met) },
  };
}

/** The target with whether it was met, unless the bench already said so. */
function targetText(target: string, met: boolean | null): string {
  if (met === null || target === '-' || /\b(met|missed)\b/i.test(target)) return target;
  return `${target}: ${met ? 'met' : 'not met'}`;
}

/**
 * Prints the rows; under bench/run.mjs (BENCH_ROWS_FILE set) also appends them there, one JSON
 * object a line, so that one combined table and bench/results.json come out of the whole run.
 */
export function printTable(rows: BenchRow[]): void {
  const bench = process.env.BENCH_NAME ?? path.basename(process.argv[1] ?? 'bench', '.ts');
  const recorded = rows.map((row) => structure(bench, row));
  const headers = ['benchmark', 'figure', 'baseline', 'ratio', 'target'];
  const cells = recorded.map((row) => [row.benchmark, row.text.figure, row.text.baseline, row.text.ratio, row.text.target]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
  const file = process.env.BENCH_ROWS_FILE;
  if (file) appendFileSync(file, recorded.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The 1, 5 and 15-minute load averages, for a bench's log lines. */
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
