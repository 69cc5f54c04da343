/**
 * The bench side of a target process (bench/targets/): started with tsx and --expose-gc, asked
 * questions over IPC, stopped, and sampled for memory once it has settled.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { postgresMissing } from '../service/test/helpers/services.js';

/** A process of bench/targets/, once it has said it is ready. */
export function startProcess<R>(file: string, args: string[]): Promise<{ child: ChildProcess; ready: R }> {
  const child = fork(fileURLToPath(new URL(`./targets/${file}`, import.meta.url)), args, {
    // --expose-gc: every memory sample is taken right after a full collection.
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
    child.once('message', (message: R & { type: string }) => resolve({ child, ready: message }));
  });
}

export function stopTarget(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

/** Sends `message` and resolves with the first reply of type `answer`. */
export function ask<T>(child: ChildProcess, message: { type: string } & Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: { type: string }) => {
      if (reply.type === answer) {
        child.off('message', listener);
        resolve(reply as T);
      }
    };
    child.on('message', listener);
    child.send(message);
  });
}

/**
 * The process's memory once it has settled: sampled every second for `seconds`, the sample with
 * the least resident memory (V8 returns pages in steps; the least is the most settled).
 */
export async function settledMemory<M extends { rss: number }>(child: ChildProcess, seconds: number): Promise<M> {
  let least: M | undefined;
  for (let second = 0; second < seconds; second += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sample = await ask<M>(child, { type: 'memory' }, 'memory');
    if (!least || sample.rss < least.rss) least = sample;
  }
  return least!;
}

/** The databases a target runs on: PGlite and PostgreSQL, unless `--pglite-only` or `--postgres-only`; PostgreSQL only when reachable. */
export async function databaseKinds(args: ReadonlySet<string>): Promise<string[]> {
  const kinds: string[] = [];
  if (!args.has('--postgres-only')) kinds.push('pglite');
  if (!args.has('--pglite-only')) {
    if (await postgresMissing()) console.warn('PostgreSQL not reachable: its rows are left out');
    else kinds.push('postgres');
  }
  return kinds;
}
