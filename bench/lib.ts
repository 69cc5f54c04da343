/** Small helpers shared by the benchmarks: percentiles and a result table. */

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), n: sorted.length };
}

export interface BenchRow {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
  target: string;
}

export function printTable(rows: BenchRow[]): void {
  const headers: (keyof BenchRow)[] = ['benchmark', 'figure', 'baseline', 'ratio', 'target'];
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => r[h].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(headers.map((h) => row[h])));
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
