import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, tool, zodSchema } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelFetch, ModelRedirectError } from '../../src/modules/assistant/model-fetch.js';
import { streamModelTurn, type ModelTurnPart } from '../../src/modules/assistant/model-turn.js';
import { hasToolResult, startFakeOpenAI, toolResultText, type FakeLlm } from './helpers/fake-llm.js';

const servers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function fake(script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeLlm> {
  const llm = await startFakeOpenAI(script);
  servers.push(llm);
  return llm;
}

async function collect(parts: AsyncIterable<ModelTurnPart>): Promise<ModelTurnPart[]> {
  const all: ModelTurnPart[] = [];
  for await (const part of parts) all.push(part);
  return all;
}

describe('modelFetch', () => {
  it('sends the body and headers, and streams the answer back', async () => {
    let received: { method?: string; type?: string; body: string } = { body: '' };
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received = { method: req.method, type: req.headers['content-type'], body };
        res.writeHead(200, { 'content-type': 'text/plain', 'x-answer': 'yes' });
        res.write('one ');
        setTimeout(() => res.end('two'), 20);
      });
    });
    const response = await modelFetch(`${url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(await response.text()).toBe('one two');
    expect(received).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
  });

  it('gives error answers to the caller', async () => {
    const url = await serve((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'));
    const response = await modelFetch(`${url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'bad key' } });
  });

  describe('never follows a redirect, so the key and the prompt stay with the configured endpoint', () => {
    /** Where the redirects point: it records whatever reaches it. */
    async function recorder() {
      const received: { url?: string; authorization?: string; body: string }[] = [];
      const url = await serve((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          received.push({ url: req.url, authorization: req.headers.authorization ?? req.headers['x-api-key']?.toString(), body });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      return { url, received };
    }

    it.each([301, 302, 303, 307, 308])('%s: fails with ModelRedirectError, whatever `redirect` asks', async (status) => {
      const elsewhere = await recorder();
      let asked = 0;
      const endpoint = await serve((req, res) => {
        asked += 1;
        req.resume();
        res.writeHead(status, { location: `${elsewhere.url}/collect`, 'content-type': 'text/plain' }).end('moved');
      });
      for (const redirect of ['follow', 'manual', 'error', undefined] as const) {
        const error = await modelFetch(`${endpoint}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk-secret', 'content-type': 'application/json' },
          body: '{"messages":[{"role":"user","content":"my card number is 4111"}]}',
          ...(redirect ? { redirect } : {}),
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ModelRedirectError);
        expect((error as ModelRedirectError).status).toBe(status);
      }
      expect(asked).toBe(4);
      expect(elsewhere.received).toEqual([]);
    });

    it('through the providers: the turn fails, and nothing reaches the address the endpoint redirects to', async () => {
      const elsewhere = await recorder();
      const endpoint = await serve((req, res) => {
        req.resume();
        res.writeHead(307, { location: `${elsewhere.url}${req.url}` }).end();
      });
      const prompt: Parameters<ReturnType<ReturnType<typeof createOpenAI>['chat']>['doStream']>[0]['prompt'] = [
        { role: 'user', content: [{ type: 'text', text: 'My email is ana@example.com' }] },
      ];
      const openai = createOpenAI({ apiKey: 'sk-secret', baseURL: `${endpoint}/v1`, fetch: modelFetch }).chat('m');
      await expect(openai.doStream({ prompt })).rejects.toThrow(/answered 307.*do not follow redirects/);
      const anthropic = createAnthropic({ apiKey: 'sk-ant-secret', baseURL: `${endpoint}/v1`, fetch: modelFetch }).messages('m');
      await expect(anthropic.doStream({ prompt })).rejects.toBeInstanceOf(ModelRedirectError);
      const turn = streamModelTurn({
        model: createOpenAI({ apiKey: 'sk-secret', baseURL: `${endpoint}/v1`, fetch: modelFetch }).chat('m'),
        system: () => 'The system prompt.',
        messages: [{ role: 'user', content: 'My email is ana@example.com' }],
        tools: {},
        maxSteps: 1,
        maxRetries: 2,
        abortSignal: new AbortController().signal,
      });
      await expect(collect(turn)).rejects.toThrow(/do not follow redirects/);
      expect(elsewhere.received).toEqual([]);
    });
  });

  it('fails to connect as fetch does, so the AI SDK reports (and retries) it', async () => {
    const url = await serve(() => {});
    await servers.pop()!.close();
    const error = await modelFetch(`${url}/x`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect((error as TypeError & { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');

    const model = createOpenAI({ apiKey: 'k', baseURL: `${url}/v1`, fetch: modelFetch }).chat('m');
    const failure = await Promise.resolve(model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })).catch((e: unknown) => e);
    expect(APICallError.isInstance(failure) && failure.isRetryable).toBe(true);
  });

  it('aborts before the answer and while it streams', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const early = new AbortController();
    early.abort(new Error('left early'));
    await expect(modelFetch(`${url}/x`, { signal: early.signal })).rejects.toThrow('left early');

    const late = new AbortController();
    const response = await modelFetch(`${url}/x`, { signal: late.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    const pending = reader.read();
    late.abort(new Error('visitor left'));
    await expect(pending).rejects.toThrow('visitor left');
  });
});

describe('streamModelTurn', () => {
  const run = (llm: FakeLlm, tools: Parameters<typeof streamModelTurn>[0]['tools'], signal = new AbortController().signal) =>
    streamModelTurn({
      model: createOpenAI({ apiKey: 'k', baseURL: llm.baseUrl, fetch: modelFetch }).chat('m'),
      system: () => 'You are a test.',
      messages: [{ role: 'user', content: 'Hello' }],
      tools,
      maxSteps: 3,
      maxRetries: 0,
      abortSignal: signal,
    });

  it('runs the tools the model calls and answers with their results, summing usage over the steps', async () => {
    const llm = await fake((request) =>
      hasToolResult(request) ? [{ text: `Found: ${toolResultText(request)}` }] : [{ toolCall: { name: 'lookup', arguments: { id: 7 } } }],
    );
    const lookup = tool({ description: 'Look up', inputSchema: zodSchema(z.object({ id: z.number() })), execute: async ({ id }) => ({ id, name: 'seven' }) });
    const parts = await collect(run(llm, { lookup }));
    expect(parts.filter((p) => p.type === 'tool-result')).toEqual([
      { type: 'tool-result', toolCallId: 'call_0', toolName: 'lookup', input: { id: 7 }, output: { id: 7, name: 'seven' } },
    ]);
    expect(parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : [])).join('')).toBe('Found: {"id":7,"name":"seven"}');
    expect(parts.at(-1)).toEqual({ type: 'finish', totalUsage: { inputTokens: 200, outputTokens: expect.any(Number), totalTokens: expect.any(Number) } });
    const system = (llm.requests[1]!.body.messages as { role: string; content: unknown }[])[0];
    expect(system).toEqual({ role: 'system', content: 'You are a test.' });
  });

  it('answers a call with invalid input with its error instead of running the tool', async () => {
    const llm = await fake((request) => (hasToolResult(request) ? [{ text: 'Sorry.' }] : [{ toolCall: { name: 'lookup', arguments: { id: 'seven' } } }]));
    let ran = false;
    const lookup = tool({ description: 'Look up', inputSchema: zodSchema(z.object({ id: z.number() })), execute: async () => ((ran = true), {}) });
    const parts = await collect(run(llm, { lookup }));
    expect(ran).toBe(false);
    expect(parts.find((p) => p.type === 'tool-error')).toMatchObject({
      toolName: 'lookup',
      input: { id: 'seven' },
      error: expect.stringContaining('Invalid input for tool lookup'),
    });
    expect(toolResultText(llm.requests[1]!)).toContain('Invalid input for tool lookup');
  });

  it('ends quietly when aborted, and throws what the provider reports', async () => {
    const hanging = await fake(() => [{ text: 'Part one. ' }, { hang: true }]);
    const controller = new AbortController();
    const parts: ModelTurnPart[] = [];
    for await (const part of run(hanging, {}, controller.signal)) {
      parts.push(part);
      controller.abort();
    }
    expect(parts.length).toBeGreaterThan(0);
    await hanging.clientClosedEarly;

    const url = await serve((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"model down"}}'));
    const failing = streamModelTurn({
      model: createOpenAI({ apiKey: 'k', baseURL: url, fetch: modelFetch }).chat('m'),
      system: () => 'x',
      messages: [{ role: 'user', content: 'Hello' }],
      tools: {},
      maxSteps: 1,
      maxRetries: 0,
      abortSignal: new AbortController().signal,
    });
    await expect(collect(failing)).rejects.toThrow('model down');
  });
});
