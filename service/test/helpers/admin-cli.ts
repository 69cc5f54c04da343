import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const serviceDir = path.resolve(import.meta.dirname, '../..');
export const tsx = path.resolve(serviceDir, '../node_modules/.bin/tsx');

/** `npm run admin -- <args>` on the embedded database in `dataDir`, as an operator runs it: its exit code and output. */
export function admin(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(tsx, ['src/cli/admin.ts', ...args], {
    cwd: serviceDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', INIT_CWD: serviceDir },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}
