/**
 * The process under load for bench/handoff-live.ts: the real app on a fresh database with a
 * published agent and a member of its team, listening for widget live channels. On the bench's
 * word (IPC) it samples its memory after a full collection, or posts a team reply into each
 * conversation it is given, through the same handoff module the inbox uses.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../service/src/app.js';
import { runCommand } from '../../service/src/modules/admin/commands.js';
import { postTeamReply } from '../../service/src/modules/conversations/handoff.js';
import { users } from '../../service/src/db/schema.js';
import { eq } from 'drizzle-orm';
import { testConfig, seedWorkspace } from '../../service/test/helpers/app.js';
import { freshDatabase, type DatabaseKind } from '../../service/test/helpers/database.js';
import { answerBench } from './ipc.js';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const database = await freshDatabase(kind);
const app = await buildApp({ config: testConfig(), database, logger: false, limits: { widgetInitPerIp: 1e9 } });
const shop = await seedWorkspace(database, 'Bench shop');
const email = `team-${randomUUID().slice(0, 8)}@shop.example`;
await runCommand(database.db, 'user:create', { workspace: shop.workspaceId, email, password: 'correct horse battery staple', role: 'owner' });
const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
// See widget-target.ts: thousands of connections within milliseconds need a long accept queue.
const url = await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const handoff = { db: database.db, notifier: app.deps.notifier, now: () => new Date() };

answerBench(
  () => app.close().then(() => database.close()),
  (message) => {
    if (message.type !== 'reply') return;
    const ids = (message.conversationIds as string[] | undefined) ?? [];
    const started = Date.now();
    // As many at once as the database pool serves; the rest queue for it, as a busy team's would.
    void Promise.all(
      ids.map((conversationId) =>
        postTeamReply(handoff, { workspaceId: shop.workspaceId, conversationId, memberId: member!.id, text: 'A reply from the team.' }),
      ),
    ).then(() => process.send!({ type: 'replied', ms: Date.now() - started }));
  },
);
process.send!({ type: 'ready', url, agentId: shop.agentId });
