/**
 * The process under load for bench/healthz-under-load.ts: the real app on a fresh database
 * (argv[2]: pglite or postgres) with one published agent answered by the offline responder (no
 * model server: the turn's own work is what is measured), and a budget no run exhausts. Talks to
 * the bench over IPC.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../service/src/app.js';
import { agents } from '../../service/src/db/schema.js';
import { testConfig, seedWorkspace } from '../../service/test/helpers/app.js';
import { freshDatabase, type DatabaseKind } from '../../service/test/helpers/database.js';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const database = await freshDatabase(kind);
const unlimited = { widgetInitPerIp: 1e9, integrationPerToken: 1e9, leadsPerToken: 1e9, eventsPerToken: 1e9, couponApplyPerIp: 1e9 };
const app = await buildApp({ config: testConfig(), database, logger: false, limits: unlimited });
const shop = await seedWorkspace(database, 'Bench shop');
await database.db.update(agents).set({ budgetTurns: 1e6, budgetTokens: 2_000_000_000 }).where(eq(agents.id, shop.agentId));
const url = await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', url, agentId: shop.agentId });
