import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { startAdminSocket } from './modules/admin/socket.js';
import { demoEnabled } from './modules/demo/env.js';
import { startDemo } from './modules/demo/start.js';
import { serviceOutboxWorker } from './modules/outbox/worker.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const demo = demoEnabled();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  // With the embedded database this process owns the data directory, so the operator CLI talks
  // to it through a socket that only the same OS user can open.
  const adminSocket = database.kind === 'pglite' ? await startAdminSocket(config.dataDir, database.db, app.log) : undefined;

  const outbox = serviceOutboxWorker(app.deps);
  outbox.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 30_000);
    forceExit.unref();
    await app.close();
    await outbox.stop();
    await adminSocket?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgres', redis: Boolean(config.redisUrl) },
    `Storefront Assistant is running at ${config.publicBaseUrl}`,
  );
  if (demo) await startDemo(app, { config, database });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
