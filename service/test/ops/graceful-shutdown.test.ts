import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { agents, messages } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { startFakeOpenAI, type FakeLlm, type LlmRequest } from '../assistant/helpers/fake-llm.js';
import { SHOP_ORIGIN } from '../helpers/widget.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const GRACE_MS = 2_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function lastUserText(request: LlmRequest): string {
  const list = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const last = list.filter((m) => m.role === 'user').at(-1);
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

/** Reads a stream's body until `until` appears (or the body ends); returns all read so far. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, seen: { text: string }, until?: string): Promise<string> {
  const decoder = new TextDecoder();
  while (until === undefined || !seen.text.includes(until)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen.text += decoder.decode(value, { stream: true });
  }
  return seen.text;
}

describe('SIGTERM with turns in flight (a real server process)', () => {
  let dataDir: string;
  let model: FakeLlm;
  let shop: SeededWorkspace;
  let child: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-shutdown-'));
    // "slow" questions finish a second after their first words; the others never finish.
    model = await startFakeOpenAI((request) =>
      lastUserText(request).includes('slow')
        ? [{ text: 'First half, ' }, { waitMs: 1_000 }, { text: 'second half.' }]
        : [{ text: 'Let me check that for you. ' }, { hang: true }],
    );
    const database = await openDatabase({ kind: 'pglite', dataDir });
    shop = await seedWorkspace(database);
    await database.db.update(agents).set({ provider: 'openai', model: 'test-model' }).where(eq(agents.id, shop.agentId));
    await database.close();

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['service/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        DEMO: '0',
        APP_SECRET: 'shutdown-test-secret-shutdown-test-secret',
        LOG_LEVEL: 'info',
        OPENAI_API_KEY: 'test',
        OPENAI_BASE_URL: model.baseUrl,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    for (let i = 0; ; i += 1) {
      const up = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 300 || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await model?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops accepting, lets a turn finish within the grace period, aborts the other saving its partial answer, exits 0', async () => {
    const startStream = async (message: string) => {
      const session = (await (
        await fetch(`${baseUrl}/v1/widget/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SHOP_ORIGIN },
          body: JSON.stringify({ agent_id: shop.agentId }),
        })
      ).json()) as { token: string; conversation_id: string };
      const response = await fetch(`${baseUrl}/v1/widget/messages/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, origin: SHOP_ORIGIN },
        body: JSON.stringify({ message }),
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const seen = { text: '' };
      await readUntil(reader, seen, 'event: delta');
      return { conversationId: session.conversation_id, reader, seen };
    };
    const slow = await startStream('A slow question, please');
    const stuck = await startStream('Where is my parcel?');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child!.kill('SIGTERM');

    // New work is turned away while the running turns go on: the connection is refused, or a
    // request reaching a kept-alive connection gets 503.
    let turnedAway = false;
    for (let i = 0; i < 40 && !turnedAway; i += 1) {
      turnedAway = await fetch(`${baseUrl}/healthz`).then((r) => r.status === 503, () => true);
      if (!turnedAway) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(turnedAway).toBe(true);

    const slowBody = await readUntil(slow.reader, slow.seen);
    expect(slowBody).toContain('event: done');
    expect(slowBody).toContain('second half.');

    const stuckBody = await readUntil(stuck.reader, stuck.seen);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(stuckBody).not.toContain('event: done');
    expect(stuckBody).toMatch(/event: error\ndata: \{"code":"service_unavailable"/);

    expect(await exited).toBe(0);
    expect(output).toContain('turns aborted at the shutdown deadline');
    expect(output).toContain('"msg":"shut down"');

    // The process let go of the data directory; what it saved is there.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const stored = async (conversationId: string) =>
        database.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
      const finished = await stored(slow.conversationId);
      expect(finished.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(finished[1]!.content).toBe('First half, second half.');
      const cut = await stored(stuck.conversationId);
      expect(cut.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(cut[1]).toMatchObject({ status: 'partial' });
      expect(cut[1]!.content.length).toBeGreaterThan(0);
      expect('Let me check that for you. '.startsWith(cut[1]!.content)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
