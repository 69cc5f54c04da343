import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tool, zodSchema, RetryError } from 'ai';
import { APICallError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelFetch } from '../../src/modules/assistant/model-fetch.js';
import { streamModelTurn, type ModelTurnPart } from '../../src/modules/assistant/model-turn.js';
import { leanOpenAIChat } from '../../src/modules/assistant/openai-chat-model.js';

/**
 * The model port against a local server speaking OpenAI's chat-completions wire: the prompt and
 * tools it sends, and its retries (only what the provider marks retryable, as often as allowed).
 */

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)));
});

/** A server giving the scripted answers in turn (the last one again once they run out), keeping each request's body. */
async function scripted(answers: Answer[]): Promise<{ baseURL: string; requests: Record<string, unknown>[] }> {
  const requests: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      requests.push(JSON.parse(raw) as Record<string, unknown>);
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', created: 1_700_000_000, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = `data: ${JSON.stringify({ id: 'c', choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } })}\n\n`;
const streamed = (text: string): Answer => ({
  status: 200,
  headers: { 'content-type': 'text/event-stream' },
  body: chunk({ role: 'assistant', content: '' }) + chunk({ content: text }) + chunk({}, 'stop') + usage + 'data: [DONE]\n\n',
});
// Asked to come back after 1 ms: the retry does not wait the 2 s of the default backoff.
const rateLimited: Answer = {
  status: 429,
  headers: { 'content-type': 'application/json', 'retry-after-ms': '1' },
  body: JSON.stringify({ error: { message: 'Slow down' } }),
};
const badRequest: Answer = { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: 'Bad request' } }) };

const lookupOrder = tool({
  description: 'Finds an order',
  inputSchema: zodSchema(z.object({ number: z.string() })),
  execute: async () => 'shipped',
});

function turn(baseURL: string, maxRetries: number) {
  return streamModelTurn({
    model: leanOpenAIChat({ apiKey: 'k', baseURL, fetch: modelFetch }, 'm'),
    system: () => 'You are a shop assistant.',
    messages: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hi! How can I help?' },
      { role: 'user', content: 'Where is order 1042?' },
    ],
    tools: { lookup_order: lookupOrder },
    maxSteps: 2,
    maxOutputTokens: 200,
    maxRetries,
    abortSignal: new AbortController().signal,
  });
}

async function collect(parts: AsyncIterable<ModelTurnPart>): Promise<ModelTurnPart[]> {
  const all: ModelTurnPart[] = [];
  for await (const part of parts) all.push(part);
  return all;
}

describe('the model port', () => {
  it('sends the system prompt, the history and the tools, and sums the usage', async () => {
    const server = await scripted([streamed('It ships today.')]);
    const parts = await collect(turn(server.baseURL, 0));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'It ships today.' },
      { type: 'finish', totalUsage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 } },
    ]);
    expect(server.requests[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'You are a shop assistant.' },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi! How can I help?' },
        { role: 'user', content: 'Where is order 1042?' },
      ],
      tools: [
        { type: 'function', function: { name: 'lookup_order', description: 'Finds an order', parameters: expect.objectContaining({ required: ['number'] }) } },
      ],
      tool_choice: 'auto',
      max_tokens: 200,
    });
  });

  it('retries what the provider marks retryable, as often as allowed', async () => {
    const server = await scripted([rateLimited, streamed('Here now.')]);
    const parts = await collect(turn(server.baseURL, 1));
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'Here now.' });
    expect(server.requests).toHaveLength(2);
  });

  it('gives up with a RetryError holding every failure once the retries are spent', async () => {
    const server = await scripted([rateLimited]);
    const failure = await collect(turn(server.baseURL, 2)).catch((error: unknown) => error);
    expect(RetryError.isInstance(failure)).toBe(true);
    expect((failure as RetryError).errors).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry what retrying cannot fix', async () => {
    const server = await scripted([badRequest, streamed('Never sent.')]);
    const failure = await collect(turn(server.baseURL, 2)).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(400);
    expect(server.requests).toHaveLength(1);
  });
});
