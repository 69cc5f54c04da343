// Builds dist/widget.js (the loader), dist/panel.js (the lazily loaded chat panel),
// dist/markdown.js (the panel's Markdown renderer, for the service's own pages) and
// dist/playground.js (the Playground page's script, web/playground/playground.ts, which draws
// replies with the panel's own renderers).
// Output is deterministic: same sources, same bytes (no timestamps, no absolute paths).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');

const common = {
  bundle: true,
  minify: true,
  // Both files are classic scripts (IIFE): no module loading, no CORS requirement, nothing global.
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  // esbuild's default ASCII output (non-ASCII escaped): the script decodes the same whatever
  // charset the host page or its server declares.
  charset: 'ascii',
  logLevel: 'warning',
};

await build({ ...common, entryPoints: [join(root, 'src/panel/panel.ts')], outfile: join(dist, 'panel.js') });
const panelVersion = createHash('sha256')
  .update(await readFile(join(dist, 'panel.js')))
  .digest('hex')
  .slice(0, 12);
await build({
  ...common,
  entryPoints: [join(root, 'src/loader.ts')],
  outfile: join(dist, 'widget.js'),
  define: { __PANEL_VERSION__: JSON.stringify(panelVersion) },
});
// The same Markdown renderer for the dashboard's transcripts and the Playground (web/, which has no
// build step of its own), as one global: window.StorefrontAssistantMarkdown.renderMarkdown(text).
await build({
  ...common,
  entryPoints: [join(root, 'src/panel/markdown-dom.ts')],
  outfile: join(dist, 'markdown.js'),
  globalName: 'StorefrontAssistantMarkdown',
});
await build({ ...common, entryPoints: [join(root, '../web/playground/playground.ts')], outfile: join(dist, 'playground.js') });
process.stdout.write(`built ${dist} (panel ${panelVersion})\n`);
