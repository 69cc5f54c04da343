// The WordPress plugin's PHP checks, run by `npm run lint:php` (and so by `npm test`):
// 1. `php -l` over every PHP file of the plugin;
// 2. PHP_CodeSniffer with the WordPress Coding Standards (ruleset wordpress-plugin/phpcs.xml.dist),
//    both vendored under wordpress-plugin/tools/ (see its README), so no Composer is needed.
// Without PHP the checks are skipped with a visible reason, except under REQUIRE_SERVICES=1 (CI),
// where a missing PHP is a failure. `node scripts/php-lint.mjs <files or folders>` sniffs those
// paths instead of the ruleset's.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'wordpress-plugin');
const tools = path.join(root, 'tools');

function phpFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'build' || full === tools) return [];
    if (statSync(full).isDirectory()) return phpFiles(full);
    return name.endsWith('.php') ? [full] : [];
  });
}

const hasPhp = spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasPhp) {
  const reason = 'php is not installed (apt-get install php-cli php-xml)';
  if (process.env.REQUIRE_SERVICES === '1') {
    console.error(`php-lint: REQUIRE_SERVICES=1 but ${reason}`);
    process.exit(1);
  }
  console.warn(`php-lint: [skipped] ${reason}`);
  process.exit(0);
}

const files = phpFiles(root);
let failed = 0;
for (const file of files) {
  try {
    execFileSync('php', ['-l', '-d', 'display_errors=1', file], { stdio: 'pipe' });
  } catch (error) {
    failed += 1;
    process.stderr.write(String(error.stdout ?? '') + String(error.stderr ?? ''));
  }
}
console.log(`php-lint: ${files.length - failed} of ${files.length} PHP files are clean`);

const standards = ['wpcs', 'phpcsutils', 'phpcsextra'].map((name) => path.join(tools, name)).join(',');
const sniffed = spawnSync(
  'php',
  [
    path.join(tools, 'php_codesniffer', 'bin', 'phpcs'),
    `--standard=${path.join(root, 'phpcs.xml.dist')}`,
    '--runtime-set',
    'installed_paths',
    standards,
    '--no-colors',
    '-q',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
if (sniffed.status === 0) console.log('phpcs: the plugin follows the WordPress Coding Standards (wordpress-plugin/phpcs.xml.dist)');
else console.error(`phpcs: ${sniffed.status === 3 ? 'could not run' : 'violations above'} (exit ${sniffed.status})`);
process.exit(failed > 0 || sniffed.status !== 0 ? 1 : 0);
