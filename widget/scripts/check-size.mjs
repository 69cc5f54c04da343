// Fails (exit 1) when a built file exceeds its gzip budget (size-budgets.json): the loader is on
// every page view of every shop (10 KB), the panel with its language's catalogue on every first
// open (30 KB, counted with the largest catalogue).
import { measureBudgets } from './sizes.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
for (const { file, label, rawBytes, gzipBytes, maxGzipBytes } of await measureBudgets()) {
  if (gzipBytes === undefined) {
    process.stderr.write(`${file}: missing, run "npm run build -w widget" first\n`);
    failed = true;
    continue;
  }
  const ok = gzipBytes <= maxGzipBytes;
  failed ||= !ok;
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${kb(rawBytes)} raw, ${kb(gzipBytes)} gzip (budget ${kb(maxGzipBytes)})\n`);
}
process.exit(failed ? 1 : 0);
