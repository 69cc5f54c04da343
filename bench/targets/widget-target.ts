/**
 * The process under load for bench/widget-api.ts: the real app on a fresh database with a
 * published agent whose model is the bench's local model server (argv[3]), reached through the
 * provider argv[4] names (`openai` by default; `anthropic` and `openai-compatible` too). Its
 * baseline runs in a process of its own (bare-target.ts). Talks to the bench over IPC.
 */
import { writeHeapSnapshot } from 'node:v8';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../service/src/app.js';
import { agents } from '../../service/src/db/schema.js';
import type { ProviderEnv } from '../../service/src/modules/assistant/providers.js';
import { testConfig, seedWorkspace } from '../../service/test/helpers/app.js';
import { freshDatabase, type DatabaseKind } from '../../service/test/helpers/database.js';
import { answerBench } from './ipc.js';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const modelUrl = process.argv[3]!;
const provider = process.argv[4] ?? 'openai';
/** What each provider needs to call the bench's model server instead of a hosted one. */
const providerEnvs: Record<string, ProviderEnv> = {
  openai: { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: modelUrl },
  'openai-compatible': { OPENAI_BASE_URL: modelUrl },
  anthropic: { ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: modelUrl },
};
const providerEnv = providerEnvs[provider];
if (!providerEnv) throw new Error(`unknown provider "${provider}"; one of ${Object.keys(providerEnvs).join(', ')}`);
const database = await freshDatabase(kind);
const unlimited = {
  widgetInitPerIp: 1e9,
  integrationPerToken: 1e9,
  leadsPerToken: 1e9,
  eventsPerToken: 1e9,
  couponApplyPerIp: 1e9,
  messagesPerConversation: 1e9,
  messagesPerAddress: 1e9,
  eventRequestsPerIp: 1e9,
  leadsPerIpPerHour: 1e9,
};
const app = await buildApp({
  config: testConfig(),
  database,
  logger: false,
  limits: unlimited,
  providerEnv,
});
const shop = await seedWorkspace(database, 'Bench shop');
await database.db.update(agents).set({ provider, model: 'bench', budgetTurns: 1e6 }).where(eq(agents.id, shop.agentId));
// Thousands of visitors connecting within the same few milliseconds overflow the default accept
// queue (511): the kernel drops handshakes and some of those connections end reset. The bench
// measures the service, so the queue is as long as the system allows (net.core.somaxconn); a
// deployment expecting such bursts would raise it the same way.
const url = await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });

answerBench(
  () => app.close().then(() => database.close()),
  (message) => {
    // For profiling the per-stream state: bench/widget-api.ts --snapshot <dir>.
    if (message.type === 'snapshot') {
      global.gc?.();
      process.send!({ type: 'snapshot', path: writeHeapSnapshot(message.path as string) });
    }
  },
);
process.send!({ type: 'ready', url, agentId: shop.agentId });
