/**
 * The process under load for the sync part of bench/sync-and-search.ts: the real app on a fresh
 * database (argv[2]: pglite or postgres) with one workspace whose site has shaken hands, and a
 * bare Fastify route that only parses the JSON, as the baseline. Talks to the bench over IPC.
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../service/src/app.js';
import { queryRows } from '../../service/src/db/client.js';
import { testConfig, seedWorkspace } from '../../service/test/helpers/app.js';
import { freshDatabase, type DatabaseKind } from '../../service/test/helpers/database.js';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const database = await freshDatabase(kind);
// The per-token limit (60/min) would stop the run after 60 batches: measure indexing, not it.
const app = await buildApp({ config: testConfig(), database, logger: false, limits: { integrationPerToken: 1e9 } });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const shop = await seedWorkspace(database, 'Bench shop');
const handshake = await fetch(`${url}/api/v1/wp/handshake`, {
  method: 'POST',
  headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ site_url: 'https://shop.example', plugin_version: '1.0.0', shop_plugin: { active: true } }),
});
if (handshake.status !== 200) throw new Error(`handshake answered ${handshake.status}: ${await handshake.text()}`);
const bare = Fastify();
bare.post('/sync', async (request) => ({ received: (request.body as { items: unknown[] }).items.length }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: { type: string }) => {
  if (message.type === 'count') {
    void queryRows<{ count: number }>(database.db, sql`SELECT count(*)::int AS count FROM documents`).then(([row]) =>
      process.send!({ type: 'count', count: row?.count ?? 0 }),
    );
  }
  if (message.type === 'stop') {
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', url, bareUrl, token: shop.token });
