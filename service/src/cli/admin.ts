import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, readLockHolder } from '../db/client.js';
import { restrictNewFiles } from '../lib/data-dir.js';
import { toAppError } from '../lib/error-handler.js';
import { safeErrorText } from '../lib/safe-errors.js';
import { COMMAND_NAMES, isCommandName, runCommand } from '../modules/admin/commands.js';
import { sendAdminCommand } from '../modules/admin/socket.js';

const USAGE = `Usage: npm run admin -- <command> [options] [--json]

Commands:
  workspace:create --name <name>
  user:create      --workspace <id> --email <email> --password <password> --role owner|admin|editor|viewer
  agent:create     --workspace <id> --name <name> --site-type <type> --origin <origin> [--origin ...] [--locale <tag>] [--published]
  token:create     --workspace <id> --name <name> [--ability wp:integration]
  token:revoke     --workspace <id> --id <token id>
  price:set        --workspace <id> --provider openai|anthropic|openai-compatible --model <model> --input <usd> --output <usd>
                   (US dollars per million prompt / completion tokens, over the built-in price table)
  price:remove     --workspace <id> --provider <provider> --model <model>
  answer:list      --workspace <id>
  answer:add       --workspace <id> --question <text> [--question <variant> ...] --answer <markdown> [--language <tag> ...] [--agent <id> ...]
  answer:update    --workspace <id> --id <answer id> [--question <text> ...] [--answer <markdown>] [--language <tag> ...] [--agent <id> ...]
                   (the options given replace the answer's; those left out keep it; --language '' or --agent '' clears the list)
  answer:remove    --workspace <id> --id <answer id>
  answer:export    --workspace <id> [--format json|csv]      (prints the file)
  answer:import    --workspace <id> --file <answers.csv|answers.json> [--format json|csv]
  test:add         --agent <id> --question <text> [--source <url> ...] [--pattern <"phrase | other phrase">] [--language <tag>] [--site-type <type>]
                   [--page-url <url> [--page-title <title>]]   (the page the question is asked from)
  test:list        --agent <id>
  agent:test       --agent <id>
                   (runs the agent's suite; prints the difference from the previous run and exits 1 when a test newly fails)

With --json each command prints one JSON object.`;

function fail(message: string, json: boolean, code = 'validation_failed', errors: Record<string, string[]> = {}): never {
  if (json) console.log(JSON.stringify({ message, code, errors }));
  else
    console.error(
      message +
        (Object.keys(errors).length
          ? `\n${Object.entries(errors)
              .map(([k, v]) => `  ${k}: ${v.join('; ')}`)
              .join('\n')}`
          : ''),
    );
  process.exit(1);
}

function printResult(name: string, result: Record<string, unknown>, json: boolean): void {
  if (json) console.log(JSON.stringify(result));
  else if (name === 'agent:test') console.log(suiteReport(result as unknown as SuiteResult));
  else if (name === 'answer:export') process.stdout.write(String(result.content));
  else printFields(name, result);
  // A regression fails the command, for CI and scripts, whatever the output format.
  if (name === 'agent:test' && result.regression === true) process.exitCode = 1;
}

interface SuiteResult {
  total: number;
  passed: number;
  failed: number;
  diff: Record<'newly_failing' | 'newly_passing' | 'changed_answer' | 'added', { question: string }[]> & { previous_run_id: string | null };
  failures: { question: string; failures: string[] }[];
}

/** The run and its difference from the previous one, as a person reads it. */
function suiteReport(run: SuiteResult): string {
  const lines = [`${run.passed} of ${run.total} tests passed, ${run.failed} failed${run.diff.previous_run_id ? '' : ' (first run: nothing to compare with)'}.`];
  const list = (title: string, entries: { question: string }[], mark: string) => {
    if (entries.length > 0) lines.push('', `${title} (${entries.length}):`, ...entries.map((entry) => `  ${mark} ${entry.question}`));
  };
  list('Newly failing', run.diff.newly_failing, '-');
  list('Newly passing', run.diff.newly_passing, '+');
  list('Answer changed', run.diff.changed_answer, '~');
  list('New tests', run.diff.added, '*');
  if (run.failures.length > 0) lines.push('', 'Failing:', ...run.failures.map((failure) => `  ${failure.question}: ${failure.failures.join('; ')}`));
  return lines.join('\n');
}

function printFields(name: string, result: Record<string, unknown>): void {
  const shown = (value: unknown): string => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  for (const [key, value] of Object.entries(result)) console.log(`${key}: ${Array.isArray(value) ? value.map(shown).join(', ') : shown(value)}`);
  if (name === 'token:create') console.log('\nCopy the token now: it is shown only once.');
}

async function main(): Promise<void> {
  // With the server stopped the command line opens the embedded database itself: what it
  // writes into DATA_DIR is its OS user's only, as the server's is.
  restrictNewFiles();
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      name: { type: 'string' },
      workspace: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      'site-type': { type: 'string' },
      origin: { type: 'string', multiple: true },
      locale: { type: 'string' },
      language: { type: 'string', multiple: true },
      published: { type: 'boolean' },
      ability: { type: 'string', multiple: true },
      id: { type: 'string' },
      provider: { type: 'string' },
      model: { type: 'string' },
      input: { type: 'string' },
      output: { type: 'string' },
      question: { type: 'string', multiple: true },
      answer: { type: 'string' },
      agent: { type: 'string', multiple: true },
      format: { type: 'string' },
      file: { type: 'string' },
      source: { type: 'string', multiple: true },
      pattern: { type: 'string' },
      'page-url': { type: 'string' },
      'page-title': { type: 'string' },
    },
  });
  const json = values.json ?? false;
  const [name] = positionals;
  if (values.help || !name) {
    console.log(USAGE);
    process.exit(name ? 0 : 1);
  }
  if (!isCommandName(name)) fail(`Unknown command "${name}". Commands: ${COMMAND_NAMES.join(', ')}`, json, 'not_found');
  const { json: _json, help: _help, file, ...options } = values;
  const args: Record<string, unknown> = { ...options };
  if (name === 'answer:import') {
    if (!file) fail('answer:import needs --file <answers.csv|answers.json>', json);
    args.format ??= file.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    args.content = await readFile(file, 'utf8').catch((error: unknown) =>
      fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, json),
    );
  }

  const config = loadConfig(process.env, () => {});
  if (!config.databaseUrl) {
    const holder = readLockHolder(config.dataDir);
    if (holder !== undefined) {
      // The server owns the embedded database: go through it rather than open the files twice.
      const response = await sendAdminCommand(config.dataDir, name, args).catch(() =>
        fail(
          `The embedded database is in use by process ${holder}, whose admin socket does not answer. Stop that process and retry.`,
          json,
          'service_unavailable',
        ),
      );
      const body = response.body as Record<string, unknown>;
      if (response.status !== 200) fail(String(body.message), json, String(body.code), (body.errors ?? {}) as Record<string, string[]>);
      printResult(name, body, json);
      return;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const context = {
      publicBaseUrl: config.publicBaseUrl,
      runtime: {
        providerEnv: config.providers,
        addressPolicy: { allowPrivate: config.allowPrivateSiteUrls, trustedOrigins: [new URL(config.publicBaseUrl).origin] },
      },
    };
    printResult(name, await runCommand(database.db, name, args, context), json);
  } catch (error) {
    const appError = toAppError(error);
    fail(appError.message, json, appError.code, appError.errors);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(safeErrorText(error));
  process.exit(1);
});
