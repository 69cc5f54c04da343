import { buildApp } from './app.js';
import { ConfigError, demoRequested, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { restrictDataDir, restrictNewFiles } from './lib/data-dir.js';
import { safeErrorText } from './lib/safe-errors.js';
import { serverCommandContext, startAdminSocket } from './modules/admin/socket.js';
import { startRetention } from './modules/ops/retention.js';
import { serviceOutboxWorker } from './modules/outbox/worker.js';

async function main(): Promise<void> {
  // Before anything is written: the data directory and every file in it are this user's only.
  restrictNewFiles();
  const config = loadConfig();
  const unchanged = restrictDataDir(config.dataDir);
  if (unchanged.length > 0) {
    console.warn(
      `Could not make these readable by this OS user only (owned by another user?): ${unchanged.slice(0, 5).join(', ')}${unchanged.length > 5 ? ` and ${unchanged.length - 5} more` : ''}`,
    );
  }
  const demo = demoRequested(process.argv.slice(2));
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  const app = await buildApp({ config, database, demo });
  // With the embedded database this process owns the data directory, so the operator CLI talks
  // to it through a socket that only the same OS user can open.
  const adminSocket = database.kind === 'pglite' ? await startAdminSocket(config.dataDir, database.db, app.log, serverCommandContext(app.deps)) : undefined;

  const outbox = serviceOutboxWorker(app.deps);
  outbox.start();
  const retention = startRetention(database.db, { now: app.deps.now, days: config.telemetryRetentionDays, log: app.log });

  let closing = false;
  /**
   * Stops accepting at once (requests arriving on kept-alive connections get 503), lets running
   * turns go on for SHUTDOWN_GRACE_MS, then aborts those left: each saves its partial answer and
   * its stream ends with an `error` event. The outbox worker finishes the delivery in hand.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, running_turns: app.deps.turns.size, grace_ms: config.shutdownGraceMs }, 'shutting down');
    // Beyond the grace period and the wait for aborted turns to save, a clean exit is not coming.
    const forceExit = setTimeout(() => process.exit(1), config.shutdownGraceMs + 20_000);
    forceExit.unref();
    const closed = app.close();
    const outboxStopped = outbox.stop();
    const retentionStopped = retention.stop();
    const { aborted } = await app.deps.turns.drain(config.shutdownGraceMs);
    if (aborted > 0) app.log.warn({ aborted }, 'turns aborted at the shutdown deadline; their partial answers are saved');
    // A finished stream's connection can stay open as an idle keep-alive, which would hold the close.
    app.server.closeIdleConnections();
    await closed;
    await outboxStopped;
    await retentionStopped;
    await adminSocket?.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Every open page may reconnect its stream at once after a deploy or network blip; Node's
  // default backlog (511) makes the kernel reset connections beyond it (the OS caps it anyway).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  app.log.info(
    { database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgres', redis: Boolean(config.redisUrl) },
    `Storefront Assistant is running at ${config.publicBaseUrl}`,
  );
  if (demo) {
    // Loaded only when asked for: a production start never imports the demo store's code.
    const { startDemo } = await import('./modules/demo/start.js');
    await startDemo(app, { config, database });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(safeErrorText(error));
  }
  process.exit(1);
});
