// Fails (exit 1) when a built file exceeds its gzip budget (issue 6): the loader is on every page
// view of every shop, the panel on every first open.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// loader 15 KB, panel 60 KB; in a file of their own because bench/widget-size.ts reports them too.
const budgets = JSON.parse(await readFile(join(root, 'size-budgets.json'), 'utf8'));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
for (const { file, maxGzipBytes } of budgets) {
  let source;
  try {
    source = await readFile(join(dist, file));
  } catch {
    process.stderr.write(`${file}: missing, run "npm run build -w widget" first\n`);
    failed = true;
    continue;
  }
  const gzipped = gzipSync(source, { level: 9 }).length;
  const ok = gzipped <= maxGzipBytes;
  failed ||= !ok;
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${file}: ${kb(source.length)} raw, ${kb(gzipped)} gzip (budget ${kb(maxGzipBytes)})\n`);
}
process.exit(failed ? 1 : 0);
