// `php -l` over every PHP file of the WordPress plugin. Without PHP the check is skipped with a
// visible reason, except under REQUIRE_SERVICES=1 (CI), where a missing PHP is a failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'wordpress-plugin');

function phpFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'build') return [];
    if (statSync(full).isDirectory()) return phpFiles(full);
    return name.endsWith('.php') ? [full] : [];
  });
}

const files = phpFiles(root);
const hasPhp = spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasPhp) {
  const reason = 'php is not installed (apt-get install php-cli)';
  if (process.env.REQUIRE_SERVICES === '1') {
    console.error(`php-lint: REQUIRE_SERVICES=1 but ${reason}`);
    process.exit(1);
  }
  console.warn(`php-lint: [skipped] ${reason}`);
  process.exit(0);
}

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
process.exit(failed > 0 ? 1 : 0);
