import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin } from '../helpers/admin-cli.js';

/**
 * `npm run admin -- agent:test` as CI runs it, on the embedded database: it passes while the
 * owner's answer is there, exits 1 and prints the difference once it is removed (a regression),
 * and passes again, "newly passing", once the answer is imported back from its export.
 */
describe('agent:test on the command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sa-suite-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits non-zero on a regression and prints the difference', async () => {
    const workspace = JSON.parse((await admin(dataDir, ['workspace:create', '--name', 'Suite shop', '--json'])).stdout).id as string;
    const agent = JSON.parse(
      (
        await admin(dataDir, [
          'agent:create',
          '--workspace',
          workspace,
          '--name',
          'Helper',
          '--site-type',
          'ecommerce',
          '--origin',
          'https://shop.example',
          '--json',
        ])
      ).stdout,
    ).id as string;
    const added = await admin(dataDir, [
      'answer:add',
      '--workspace',
      workspace,
      '--question',
      'Do you offer gift wrapping?',
      '--answer',
      'Yes, orders can be gift wrapped for 3 EUR.',
      '--json',
    ]);
    expect(added.code).toBe(0);
    const answerId = JSON.parse(added.stdout).id as string;
    expect(
      (await admin(dataDir, ['test:add', '--agent', agent, '--question', 'Do you offer gift wrapping?', '--pattern', 'gift wrapped | geschenk'])).code,
    ).toBe(0);

    const first = await admin(dataDir, ['agent:test', '--agent', agent]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('1 of 1 tests passed, 0 failed (first run: nothing to compare with).');

    const exported = await admin(dataDir, ['answer:export', '--workspace', workspace, '--format', 'csv']);
    expect(exported.stdout.split('\r\n')[0]).toBe('questions,answer,languages,agent_ids');
    const file = path.join(dataDir, 'answers.csv');
    writeFileSync(file, exported.stdout);
    expect((await admin(dataDir, ['answer:remove', '--workspace', workspace, '--id', answerId])).code).toBe(0);

    const regressed = await admin(dataDir, ['agent:test', '--agent', agent]);
    expect(regressed.code).toBe(1);
    expect(regressed.stdout).toContain('0 of 1 tests passed, 1 failed.');
    expect(regressed.stdout).toContain('Newly failing (1):\n  - Do you offer gift wrapping?');
    expect(regressed.stdout).toContain('does not say "gift wrapped" or "geschenk"');

    expect(JSON.parse((await admin(dataDir, ['answer:import', '--workspace', workspace, '--file', file, '--json'])).stdout)).toEqual({ imported: 1 });
    const back = await admin(dataDir, ['agent:test', '--agent', agent, '--json']);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ regression: false, passed: 1, diff: { newly_passing: [{ question: 'Do you offer gift wrapping?' }] } });

    const bad = await admin(dataDir, ['agent:test', '--agent', 'not-an-id']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('must be an agent id');
  }, 120_000);
});
