import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { agents, messages } from '../../src/db/schema.js';
import { seedWorkspace, type SeededWorkspace } from '../helpers/app.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startFakeOpenAI, type FakeLlm, type LlmRequest } from '../assistant/helpers/fake-llm.js';
import { SHOP_ORIGIN } from '../helpers/widget.js';

const GRACE_MS = 2_000;

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
  let server: ServerProcess | undefined;
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

    server = await startServerProcess({
      env: { DATA_DIR: dataDir, OPENAI_API_KEY: 'test', OPENAI_BASE_URL: model.baseUrl, SHUTDOWN_GRACE_MS: String(GRACE_MS) },
    });
    baseUrl = server.baseUrl;
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
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

    const signalledAt = Date.now();
    const exited = server!.kill('SIGTERM');

    // New work is turned away while the running turns go on: the connection is refused, or a
    // request reaching a kept-alive connection gets 503.
    let turnedAway = false;
    for (let i = 0; i < 40 && !turnedAway; i += 1) {
      turnedAway = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.status === 503,
        () => true,
      );
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
    expect(server!.output()).toContain('turns aborted at the shutdown deadline');
    expect(server!.output()).toContain('"msg":"shut down"');

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
