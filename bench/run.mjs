// `npm run bench`: every benchmark in turn, then one table of all their figures, written to
// bench/results.json and summarised at the top of bench/README.md.
// `npm run bench -- <name> [flags]` runs the named ones only (flags go to each of them) and
// replaces just their rows in an existing results.json.
// Run on a quiet machine: the figures are ratios against baselines measured in the same run, but
// other load still shows in the tails, which is why the load average around each bench is kept.
// BENCH_NOTE="..." is recorded with the results (say why the machine was busy, for instance).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESULTS_FILE, formatDuration, loadText, renderTable, sameMachine, updateReadme } from './summarize.mjs';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
// Cheapest first, so that a broken setup shows in seconds rather than after the long ones.
const BENCHES = [
  'widget-size',
  'text-scan',
  'sync-and-search',
  'runtime-overhead',
  'agent-suite',
  'healthz-under-load',
  'handoff-live',
  'widget-api',
  'widget-launcher',
  'woocommerce-sync',
];
const NEEDS_WIDGET_BUILD = new Set(['widget-size', 'widget-launcher']);
const LOAD_SAMPLE_MS = 2000;

const argv = process.argv.slice(2);
const selected = new Set();
const flags = [];
for (const [i, arg] of argv.entries()) {
  // A prefix names every bench it starts ("widget" runs all three widget ones), as before.
  const matches = arg.startsWith('-') ? [] : BENCHES.filter((name) => name.startsWith(arg.replace(/\.ts$/, '')));
  if (matches.length > 0) for (const name of matches) selected.add(name);
  else if (arg.startsWith('-') || argv[i - 1]?.startsWith('--')) flags.push(arg);
  else {
    console.error(`unknown benchmark "${arg}"; one of: ${BENCHES.join(', ')}`);
    process.exit(2);
  }
}
const partial = selected.size > 0;
const toRun = partial ? BENCHES.filter((name) => selected.has(name)) : BENCHES;

function git() {
  const run = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const commit = run('rev-parse', '--short', 'HEAD');
  if (commit.status !== 0) return null;
  return { commit: commit.stdout.trim(), dirty: run('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '' };
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
  memoryGb: os.totalmem() / 1024 ** 3,
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
};

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU seconds used by this process's finished children and their descendants (Linux): with
 * the wall time, it tells how much a busy machine slowed a bench down. The PostgreSQL server's
 * own work is not in it.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime: fields 16 and 17 of the line, so 13 and 14 once pid and name are cut off.
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Runs one bench as its own process; its rows arrive through BENCH_ROWS_FILE. */
async function runBench(name, rowsFile) {
  rmSync(rowsFile, { force: true });
  const before = os.loadavg();
  let peak = before[0];
  const sampler = setInterval(() => (peak = Math.max(peak, os.loadavg()[0])), LOAD_SAMPLE_MS);
  const startedAt = new Date();
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const child = spawn(tsx, [path.join(here, `${name}.ts`), ...flags], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_ROWS_FILE: rowsFile, BENCH_NAME: name },
  });
  const exitCode = await new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  clearInterval(sampler);
  const cpuS = childrenCpuSeconds() - cpuBefore;
  const after = os.loadavg();
  const rows = existsSync(rowsFile)
    ? readFileSync(rowsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  rmSync(rowsFile, { force: true });
  const entry = {
    startedAt: startedAt.toISOString(),
    durationS: Number(((performance.now() - started) / 1000).toFixed(1)),
    cpuS: Number.isFinite(cpuS) ? Number(cpuS.toFixed(1)) : null,
    exitCode,
    args: flags,
    load: { before, after, peak: Math.max(peak, after[0]) },
    git: git(),
    machine,
  };
  return { entry, rows };
}

const runStarted = performance.now();
const runStartedAt = new Date().toISOString();
const tmp = path.join(here, '.tmp');
mkdirSync(tmp, { recursive: true });

const benches = {};
const rows = [];
let widgetBuilt;
for (const name of toRun) {
  if (NEEDS_WIDGET_BUILD.has(name) && widgetBuilt === undefined) {
    // Sizes and load times are of the widget as the sources stand now, not of a stale dist/.
    console.log('\n## building the widget\n');
    widgetBuilt = spawnSync('npm', ['run', 'build', '-w', 'widget'], { cwd: root, stdio: 'inherit' }).status === 0;
  }
  console.log(`\n## ${name}${flags.length ? ` ${flags.join(' ')}` : ''}  (load ${os.loadavg()[0].toFixed(1)})\n`);
  if (NEEDS_WIDGET_BUILD.has(name) && !widgetBuilt) {
    console.error(`${name}: skipped, the widget did not build`);
    const load = os.loadavg();
    benches[name] = {
      startedAt: new Date().toISOString(),
      durationS: 0,
      exitCode: 'widget build failed',
      args: flags,
      load: { before: load, after: load, peak: load[0] },
      git: git(),
      machine,
    };
    continue;
  }
  const result = await runBench(name, path.join(tmp, `${name}-${process.pid}.jsonl`));
  benches[name] = result.entry;
  rows.push(...result.rows);
  console.log(`\n${name}: ${formatDuration(result.entry.durationS)}, exit ${result.entry.exitCode}, load ${loadText(result.entry.load)}`);
}
const durationS = Number(((performance.now() - runStarted) / 1000).toFixed(1));

let results = {
  date: runStartedAt,
  machine,
  ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
  lastRun: { startedAt: runStartedAt, durationS, benches: toRun, partial },
  benches,
  rows,
};
if (partial && existsSync(RESULTS_FILE)) {
  const previous = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
  // Entries recorded before each bench carried its own machine ran on the run's machine.
  const kept = Object.fromEntries(
    Object.entries(previous.benches ?? {})
      .filter(([name]) => !toRun.includes(name))
      .map(([name, bench]) => [name, { ...bench, machine: bench.machine ?? previous.machine }]),
  );
  if (Object.values(kept).some((bench) => !sameMachine(bench.machine, machine))) {
    console.warn('results.json holds benches recorded on another machine or Node version: each keeps its own, but compare with care');
  }
  const ordered = Object.fromEntries(BENCHES.filter((name) => kept[name] || benches[name]).map((name) => [name, benches[name] ?? kept[name]]));
  results = {
    ...results,
    ...(previous.note && !process.env.BENCH_NOTE ? { note: previous.note } : {}),
    benches: ordered,
    // Rows in bench order, whichever run they came from.
    rows: [...(previous.rows ?? []).filter((row) => !toRun.includes(row.bench)), ...rows].sort((a, b) => BENCHES.indexOf(a.bench) - BENCHES.indexOf(b.bench)),
  };
}
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
updateReadme(results);

console.log(`\n## all benchmarks${partial ? ` (${toRun.join(', ')} re-run; the others from results.json)` : ''}\n`);
console.log(renderTable(results));
console.log(`\nwritten: ${path.relative(root, RESULTS_FILE)}, summary in bench/README.md`);
console.log(`total: ${formatDuration(durationS)}`);
const failed = toRun.filter((name) => benches[name].exitCode !== 0);
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
