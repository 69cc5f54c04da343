import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/server-process.js';
import { phpMissing } from '../helpers/services.js';

/**
 * `npm test` sniffs the plugin with PHP_CodeSniffer and the WordPress Coding Standards
 * (scripts/php-lint.mjs, wordpress-plugin/phpcs.xml.dist). The check passes on the plugin as it
 * is, and fails on code that breaks the standards' security rules: it is a check that can fail.
 */

const skip = await phpMissing();
const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-phpcs-'));

function sniff(...paths: string[]) {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'php-lint.mjs'), ...paths], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe.skipIf(skip)('the plugin against the WordPress Coding Standards', () => {
  beforeAll(() => {
    writeFileSync(
      path.join(dir, 'unsafe.php'),
      [
        '<?php',
        '/**',
        ' * Prints what the visitor sent.',
        ' *',
        ' * @package StorefrontAssistant',
        ' */',
        '',
        "echo $_GET['name'];",
        '$wpdb->query( "DELETE FROM {$wpdb->posts} WHERE ID = " . $_POST[\'id\'] );',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on the plugin', () => {
    const result = sniff();
    expect(result.output).toContain('follows the WordPress Coding Standards');
    expect(result.status).toBe(0);
  }, 120_000);

  it('fails on unescaped output, form data read without a nonce and an unprepared query', () => {
    const result = sniff(path.join(dir, 'unsafe.php'));
    expect(result.status).toBe(1);
    expect(result.output).toContain('WordPress.Security.EscapeOutput.OutputNotEscaped');
    expect(result.output).toContain('WordPress.Security.NonceVerification.Missing');
    expect(result.output).toContain('WordPress.DB.PreparedSQL.NotPrepared');
  }, 120_000);
});
