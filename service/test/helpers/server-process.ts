import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A port nothing listens on now, for a server whose URL must be known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGKILL if still running; resolves once it is gone. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Environment on top of a clean base (no DATABASE_URL, REDIS_URL or demo unless given here). */
  env: Record<string, string>;
  port?: number;
  startTimeoutMs?: number;
  /** Node options before the entry point (another `--import`), and arguments after it (`--demo`). */
  nodeArgs?: string[];
  args?: string[];
}

/**
 * The real service (`service/src/server.ts`) as its own OS process, started as an operator
 * would, and waited for until /healthz answers. The caller chooses the database (DATA_DIR or
 * DATABASE_URL) and Redis through `env`; nothing of the test process's configuration leaks in.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // Node itself with tsx as a loader, not the tsx command: that one runs the server in a child
  // process of its own, so a SIGKILL would end only the wrapper and leave the server running.
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'service/src/server.ts', ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      DEMO: '0',
      LOG_LEVEL: 'info',
      APP_SECRET: 'server-process-secret-server-process-secret',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    const up = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    baseUrl,
    port,
    output: () => output,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
