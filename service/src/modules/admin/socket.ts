import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { toAppError } from '../../lib/error-handler.js';
import { AppError } from '../../lib/errors.js';
import { isCommandName, runCommand, type CommandContext } from './commands.js';

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

/**
 * What commands run through the socket reach of the running server: its public address, its
 * models, and its suite scheduler, so that a change to the owner's answers made from the command
 * line schedules the agents' automatic runs as the dashboard's changes do.
 */
export function serverCommandContext(deps: AppDeps): CommandContext {
  return { publicBaseUrl: deps.config.publicBaseUrl, runtime: { providerEnv: deps.providerEnv, addressPolicy: deps.sitePolicy }, suites: deps.suites };
}

/** Room for an import of answers (answer:import sends the file's text). */
const MAX_BODY = 4 * 1024 * 1024;

/**
 * A Unix socket in the data directory (mode 0600) through which the operator CLI runs commands
 * while this process owns the embedded database. Reaching it requires the server's OS user,
 * which already has the data directory; it is never a network listener.
 */
export async function startAdminSocket(dataDir: string, db: Db, log: FastifyBaseLogger, context: CommandContext): Promise<{ close: () => Promise<void> }> {
  const socketPath = adminSocketPath(dataDir);
  if (existsSync(socketPath)) rmSync(socketPath);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/commands\//, ''));
      const respond = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      (async () => {
        if (req.method !== 'POST' || !isCommandName(name)) throw new AppError('not_found', `Unknown command ${name}`);
        if (size > MAX_BODY) throw new AppError('payload_too_large', 'Command arguments are too large');
        const args = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
        const result = await runCommand(db, name, args, context);
        log.info({ command: name }, 'admin command');
        respond(200, result);
      })().catch((error: unknown) => {
        const appError = toAppError(error);
        respond(appError.status, appError.toEnvelope());
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}

/** Sends one command to a running server's admin socket. */
export function sendAdminCommand(dataDir: string, name: string, args: unknown): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(args);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: adminSocketPath(dataDir),
        path: `/commands/${encodeURIComponent(name)}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 500, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
