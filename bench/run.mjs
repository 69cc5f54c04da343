// `npm run bench`: every benchmark in turn, each printing its own table of figures and baselines.
// Run on a quiet machine: the figures are ratios against baselines measured in the same run, but
// other load still shows in the tails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const tsx = path.resolve(here, '..', 'node_modules', '.bin', 'tsx');
const benches = ['sync-and-search.ts', 'runtime-overhead.ts', 'widget-api.ts', 'widget-launcher.ts'];
const only = process.argv.slice(2);
let failed = 0;
for (const bench of benches) {
  if (only.length > 0 && !only.some((name) => bench.startsWith(name))) continue;
  console.log(`\n## ${bench}\n`);
  const result = spawnSync(tsx, [path.join(here, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
