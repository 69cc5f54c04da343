import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { seedDemo } from './seed.js';

/**
 * Seeds the demo store once the server listens (the actual port belongs in the agent's allowed
 * origins) and tells the operator where it is and how to sign in. A failure is logged and the
 * service keeps running: the demo is a convenience, not part of the service.
 */
export async function startDemo(app: FastifyInstance, options: { config: Config; database: Database }): Promise<void> {
  const { config } = options;
  try {
    const address = app.server.address() as AddressInfo | null;
    const demo = await seedDemo({ ...options, port: address?.port ?? config.port });
    app.log.info({ demo_url: demo.url, synced: demo.synced }, `Demo store: ${demo.url}`);
    app.log.info(`Dashboard sign-in: ${config.publicBaseUrl}/app with ${demo.ownerEmail} and the password in ${demo.passwordFile} (DEMO=0 turns the demo off)`);
  } catch (error) {
    app.log.error({ err: error }, 'The demo store could not be set up; the service runs without it (DEMO=0 skips it)');
  }
}
