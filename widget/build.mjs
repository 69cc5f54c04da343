// Builds dist/widget.js (the loader), dist/panel.js (the lazily loaded chat panel) with
// dist/i18n/<tag>.js (one catalogue of the panel's text per language),
// dist/markdown.js (the panel's Markdown renderer, for the service's own pages) and
// dist/playground.js (the Playground page's script, web/playground/playground.ts, which draws
// replies with the panel's own renderers).
// Output is deterministic: same sources, same bytes (no timestamps, no absolute paths).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

// One script per language's catalogue of the panel's text (src/i18n/load.ts fetches the page's
// one), ASCII-escaped like the bundles. English is bundled in the panel and gets no file.
const catalogueDir = join(root, 'src/i18n/catalogues');
const catalogueTags = (await readdir(catalogueDir))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();
const contentVersion = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
/** One content hash over every catalogue's script (the service's ?v= of them): the loader fetches
 * catalogues too, and one hash keeps it small where one per language would add a kilobyte. */
const catalogueHash = createHash('sha256');
await rm(join(dist, 'i18n'), { recursive: true, force: true });
await mkdir(join(dist, 'i18n'), { recursive: true });
for (const tag of catalogueTags) {
  const catalogue = JSON.stringify(JSON.parse(await readFile(join(catalogueDir, `${tag}.json`), 'utf8')));
  if (tag === 'en') continue;
  const ascii = catalogue.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const script = `(function(){var s=document.currentScript;s&&s.dispatchEvent(new CustomEvent("storefront-assistant:catalogue",{detail:${ascii}}))})();\n`;
  await writeFile(join(dist, 'i18n', `${tag}.js`), script);
  catalogueHash.update(`${tag}\n${script}`);
}
const catalogues = { tags: catalogueTags, version: catalogueHash.digest('hex').slice(0, 12) };

await build({
  ...common,
  entryPoints: [join(root, 'src/panel/panel.ts')],
  outfile: join(dist, 'panel.js'),
  define: { __CATALOGUES__: JSON.stringify(catalogues) },
});
const panelVersion = contentVersion(await readFile(join(dist, 'panel.js')));
await build({
  ...common,
  entryPoints: [join(root, 'src/loader.ts')],
  outfile: join(dist, 'widget.js'),
  // The loader fetches the visitor's catalogue too, for the launcher's and teaser's own words.
  define: { __PANEL_VERSION__: JSON.stringify(panelVersion), __CATALOGUES__: JSON.stringify(catalogues) },
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
