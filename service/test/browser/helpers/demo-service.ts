import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { agents } from '../../../src/db/schema.js';
import { DEMO_AGENT_ID } from '../../../src/modules/demo/identity.js';
import { seedDemo } from '../../../src/modules/demo/seed.js';
import { WIDGET_DIST_DIR } from '../../../src/modules/static/routes.js';
import type { Config } from '../../../src/config.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { freePort } from '../../helpers/server-process.js';

export { freePort };
import { startFakeOpenAI, type FakeLlm, type LlmRequest, type Step } from '../../assistant/helpers/fake-llm.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * `npm test` builds the widget first (npm run check); a lone run of a browser suite may not have.
 * markdown.js is the renderer the dashboard loads; playground.js is the Playground page's script.
 */
export function ensureWidgetBuilt(): void {
  if (!['panel.js', 'markdown.js', 'playground.js'].every((file) => existsSync(path.join(WIDGET_DIST_DIR, file)))) {
    execFileSync('npm', ['run', 'build', '-w', 'widget'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
}

export interface DemoService {
  t: TestApp;
  /** The service's origin: PUBLIC_BASE_URL, and an origin the demo agent allows. */
  base: string;
  fake: FakeLlm;
  setProvider(provider: 'offline' | 'openai'): Promise<void>;
  close(): Promise<void>;
}

/** The text of the visitor's last message in a chat-completions request. */
export function lastVisitorText(request: LlmRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const last = messages.filter((m) => m.role === 'user').at(-1);
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

/**
 * The real service, listening on a loopback port, with the demo store seeded as `npm start`
 * seeds it. Its agents can be switched to a local fake OpenAI server that answers by `script`.
 */
export async function startDemoService(script: (request: LlmRequest) => Step[], config: Partial<Config> = {}): Promise<DemoService> {
  const fake = await startFakeOpenAI(script);
  // PUBLIC_BASE_URL must name the port before the app is built (widget tokens, the demo's
  // snippet), so the port is chosen first.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-demo-'));
  const t = await createTestApp({
    config: { port, publicBaseUrl: base, dataDir, ...config },
    demo: true,
    providerEnv: { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  await seedDemo({ config: t.config, database: t.database, port });
  return {
    t,
    base,
    fake,
    async setProvider(provider) {
      await t.database.db.update(agents).set({ provider }).where(eq(agents.id, DEMO_AGENT_ID));
    },
    async close() {
      await t.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
