// The gzip (level 9) sizes of the built widget against its budgets (size-budgets.json), for
// check-size.mjs and bench/widget-size.ts. A budget `withLargestCatalogue` counts its file with
// the largest language catalogue (dist/i18n/<tag>.js): the panel is never loaded without one.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

async function largestCatalogue(dist) {
  const files = (await readdir(join(dist, 'i18n')).catch(() => [])).filter((file) => file.endsWith('.js'));
  let largest = { name: 'no catalogue', rawBytes: 0, gzipBytes: 0 };
  for (const file of files) {
    const bytes = await readFile(join(dist, 'i18n', file));
    const gzipBytes = gzipped(bytes);
    if (gzipBytes > largest.gzipBytes) largest = { name: `i18n/${file}`, rawBytes: bytes.length, gzipBytes };
  }
  return largest;
}

/** One row per budget: what it measures, its raw and gzip bytes (undefined when not built) and its limit. */
export async function measureBudgets(dist = join(root, 'dist')) {
  const budgets = JSON.parse(await readFile(join(root, 'size-budgets.json'), 'utf8'));
  const rows = [];
  for (const { file, maxGzipBytes, withLargestCatalogue } of budgets) {
    const bytes = await readFile(join(dist, file)).catch(() => undefined);
    const extra = withLargestCatalogue ? await largestCatalogue(dist) : { name: '', rawBytes: 0, gzipBytes: 0 };
    rows.push({
      file,
      label: withLargestCatalogue ? `${file} + ${extra.name}` : file,
      rawBytes: bytes ? bytes.length + extra.rawBytes : undefined,
      gzipBytes: bytes ? gzipped(bytes) + extra.gzipBytes : undefined,
      maxGzipBytes,
    });
  }
  return rows;
}
