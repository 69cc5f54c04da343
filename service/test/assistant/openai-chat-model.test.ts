import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { afterEach, describe, expect, it } from 'vitest';
import { modelFetch } from '../../src/modules/assistant/model-fetch.js';
import type { LanguageModelV3 } from '../../src/modules/assistant/model-turn.js';
import { leanOpenAIChat } from '../../src/modules/assistant/openai-chat-model.js';
import { startFakeOpenAI, type FakeLlm, type LlmRequest } from './helpers/fake-llm.js';

/**
 * The lean chat model against @ai-sdk/openai's own: both call the same server for the same
 * stream, and must give the same parts, the same errors and the same requests (body and headers).
 */

type CallOptions = Parameters<LanguageModelV3['doStream']>[0];
type Part = { type: string } & Record<string, unknown>;

const servers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function fake(script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeLlm> {
  const llm = await startFakeOpenAI(script);
  servers.push(llm);
  return llm;
}

const callOptions: CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'Where is my order?' }] }],
  tools: [
    { type: 'function', name: 'lookup_order', description: 'Finds an order', inputSchema: { type: 'object', properties: { number: { type: 'string' } } } },
  ],
};

const models = (baseURL: string) => {
  const settings = { apiKey: 'k', baseURL, fetch: modelFetch };
  return { library: createOpenAI(settings).chat('m'), lean: leanOpenAIChat(settings, 'm') };
};

interface Outcome {
  /** Why `doStream` rejected, if it did. */
  rejected?: unknown;
  parts: Part[];
  /** Why reading the stream failed, if it did. */
  failed?: unknown;
  request?: unknown;
  responseHeaders?: Record<string, string> | undefined;
}

async function run(model: LanguageModelV3, options: CallOptions): Promise<Outcome> {
  let result: Awaited<ReturnType<LanguageModelV3['doStream']>>;
  try {
    result = await model.doStream(options);
  } catch (error) {
    return { rejected: errorShape(error), parts: [] };
  }
  const outcome: Outcome = { parts: [], request: result.request, responseHeaders: withoutDate(result.response?.headers) };
  const reader = result.stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) outcome.parts.push(read.value as Part);
  } catch (error) {
    outcome.failed = errorShape(error);
  }
  return outcome;
}

/** Runs the library's model, then the lean one, on the same server. */
async function both(baseURL: string, options: Partial<CallOptions> = {}) {
  const { library, lean } = models(baseURL);
  const full = { ...callOptions, ...options };
  return { library: normalized(await run(library, full)), lean: normalized(await run(lean, full)) };
}

/**
 * What of an error matters to callers: its class, message, cause and the fields of the AI SDK's
 * errors. Errors as values (error chunks) are compared as they are.
 */
function errorShape(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const fields = ['statusCode', 'isRetryable', 'url', 'requestBodyValues', 'responseBody', 'data', 'value', 'text', 'code'] as const;
  const shape: Record<string, unknown> = { class: error.constructor.name, name: error.name, message: error.message };
  for (const field of fields) if (field in error) shape[field] = (error as unknown as Record<string, unknown>)[field];
  if (error.cause !== undefined) shape.cause = errorShape(error.cause);
  return shape;
}

/** Response dates may differ by a second between the two calls. */
function withoutDate(headers: Record<string, string> | undefined) {
  if (!headers) return headers;
  const { date: _date, ...rest } = headers;
  return rest;
}

/**
 * Ids the library generates at random (sources; tool calls the wire gives no id) are replaced by
 * their order of appearance. Wire ids (`call_…`) are kept.
 */
function normalized(outcome: Outcome): Outcome {
  const generated = new Map<string, string>();
  const stable = (id: unknown) => {
    if (typeof id !== 'string' || id.startsWith('call_')) return id;
    if (!generated.has(id)) generated.set(id, `generated-${generated.size}`);
    return generated.get(id);
  };
  const parts = outcome.parts.map((part) => {
    if (part.type === 'error') return { ...part, error: errorShape(part.error) };
    if (part.type === 'source') return { ...part, id: stable(part.id) };
    if (part.type === 'tool-call') return { ...part, toolCallId: stable(part.toolCallId) };
    if (part.type.startsWith('tool-input-')) return { ...part, id: stable(part.id) };
    return part;
  });
  return { ...outcome, parts };
}

/** Request headers as the library computed them (the lean model sends those very headers). */
function requestHeaders(request: LlmRequest | undefined) {
  return request?.headers ?? {};
}

/** The fake server stamps chunks with the current second, which may tick between the two calls. */
function withoutTimestamps(outcome: Outcome): Outcome {
  return { ...outcome, parts: outcome.parts.map((part) => (part.type === 'response-metadata' ? { ...part, timestamp: expect.any(Date) } : part)) };
}

// ---------------------------------------------------------------------------------------------
// A server writing raw SSE, for what the fake model does not send.

interface RawServer {
  baseUrl: string;
  requests: LlmRequest[];
  /** Responses the client closed before the server finished them. */
  closedEarly: number;
}

interface RawScript {
  status?: number;
  headers?: Record<string, string>;
  /** Written one after the other, each on its own turn of the event loop. */
  writes: (string | Uint8Array)[];
  /** What to do after the writes: end the response (default), keep it open, or drop the connection. */
  then?: 'end' | 'hang' | 'destroy';
}

async function raw(script: RawScript): Promise<RawServer> {
  const state: RawServer = { baseUrl: '', requests: [], closedEarly: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', async () => {
      state.requests.push({ body: JSON.parse(body) as Record<string, unknown>, headers: req.headers });
      res.on('close', () => {
        if (!res.writableFinished) state.closedEarly += 1;
      });
      res.writeHead(script.status ?? 200, script.headers ?? { 'content-type': 'text/event-stream' });
      for (const write of script.writes) {
        res.write(write);
        await new Promise((resolve) => setImmediate(resolve));
      }
      if ((script.then ?? 'end') === 'end') res.end();
      else if (script.then === 'destroy') res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) });
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'm' };
const data = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const choice = (delta: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
  data({ ...base, choices: [{ index: 0, delta, finish_reason: null, ...extra }] });
const finish = (reason: string) => data({ ...base, choices: [{ index: 0, delta: {}, finish_reason: reason }] });
const usage = (details: Record<string, unknown> = {}) =>
  data({ ...base, choices: [], usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28, ...details } });
const role = choice({ role: 'assistant', content: '' });
const DONE = 'data: [DONE]\n\n';

/** The same bytes in small slices: chunk boundaries inside lines and inside characters. */
function sliced(writes: string[], size: number): Uint8Array[] {
  const bytes = Buffer.from(writes.join(''));
  const slices: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) slices.push(bytes.subarray(i, i + size));
  return slices;
}

async function rawBoth(script: RawScript, options: Partial<CallOptions> = {}) {
  const server = await raw(script);
  return { ...(await both(server.baseUrl, options)), server };
}

async function drain(reader: ReadableStreamDefaultReader<unknown>): Promise<void> {
  while (!(await reader.read()).done);
}

function expectSame({ library, lean }: { library: Outcome; lean: Outcome }) {
  expect(lean).toEqual(library);
}

describe('LeanOpenAIChatModel against @ai-sdk/openai', () => {
  it('streams text in several deltas, with usage, and sends the same request', async () => {
    const llm = await fake(() => [{ text: 'Your order left the warehouse yesterday and arrives on Friday.' }]);
    const { library, lean } = await both(llm.baseUrl);
    expect(withoutTimestamps(lean)).toEqual(withoutTimestamps(library));
    expect(library.parts.filter((p) => p.type === 'text-delta').length).toBeGreaterThan(5);
    expect(library.parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 100 } } });
    const [libraryRequest, leanRequest] = llm.requests;
    expect(leanRequest?.body).toEqual(libraryRequest?.body);
    expect(leanRequest?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(requestHeaders(leanRequest)).toEqual(requestHeaders(libraryRequest));
    expect(leanRequest?.headers).toMatchObject({ authorization: 'Bearer k', 'user-agent': expect.stringContaining('ai-sdk/openai/') });
  });

  it("sends the library's request for every setting and streams its warnings", async () => {
    const llm = await fake(() => [{ text: 'Fine.' }]);
    const settings: Partial<CallOptions> = {
      maxOutputTokens: 300,
      temperature: 0.2,
      topK: 3,
      seed: 7,
      stopSequences: ['END'],
      toolChoice: { type: 'tool', toolName: 'lookup_order' },
    };
    const { library, lean } = await both(llm.baseUrl, settings);
    expect(withoutTimestamps(lean)).toEqual(withoutTimestamps(library));
    // topK is not an OpenAI setting: the library says so in the stream's first part.
    expect(lean.parts[0]).toMatchObject({ type: 'stream-start', warnings: [expect.objectContaining({ feature: 'topK' })] });
    const [libraryRequest, leanRequest] = llm.requests;
    expect(leanRequest?.body).toEqual(libraryRequest?.body);
    expect(leanRequest?.body).toMatchObject({ max_tokens: 300, temperature: 0.2, seed: 7, stop: ['END'], tool_choice: { type: 'function' } });
  });

  it('streams a tool call whose arguments come in several deltas, and two parallel tool calls', async () => {
    const llm = await fake((_request, index) =>
      index < 2
        ? [{ toolCall: { name: 'lookup_order', arguments: { number: '1042', email: 'ana@example.com' } } }]
        : [
            { text: 'Checking both. ' },
            { toolCall: { name: 'lookup_order', arguments: { number: '1' } } },
            { toolCall: { name: 'search_knowledge', arguments: { query: 'returns policy' } } },
          ],
    );
    const single = await both(llm.baseUrl);
    expect(withoutTimestamps(single.lean)).toEqual(withoutTimestamps(single.library));
    expect(single.library.parts.filter((p) => p.type === 'tool-input-delta').length).toBeGreaterThan(1);
    const parallel = await both(llm.baseUrl);
    expect(withoutTimestamps(parallel.lean)).toEqual(withoutTimestamps(parallel.library));
    expect(parallel.library.parts.filter((p) => p.type === 'tool-call').map((p) => p.toolName)).toEqual(['lookup_order', 'search_knowledge']);
  });

  it('streams interleaved tool call deltas, and tool calls the wire gives no id', async () => {
    const call = (calls: unknown[]) => choice({ tool_calls: calls });
    expectSame(
      await rawBoth({
        writes: [
          role,
          call([{ index: 0, id: 'call_a', type: 'function', function: { name: 'lookup_order', arguments: '' } }]),
          call([{ index: 1, id: 'call_b', type: 'function', function: { name: 'search_knowledge', arguments: '{"query"' } }]),
          call([{ index: 0, function: { arguments: '{"number":' } }]),
          call([
            { index: 1, function: { arguments: ':"returns"}' } },
            { index: 0, function: { arguments: '"1042"}' } },
          ]),
          call([{ index: 2, function: { name: 'escalate', arguments: '{}' } }]),
          finish('tool_calls'),
          usage(),
          DONE,
        ],
      }),
    );
  });

  it('fails the same way on a tool call delta it cannot place', async () => {
    const result = await rawBoth({
      writes: [choice({ content: 'One moment.' }), choice({ tool_calls: [{ index: 3, function: { arguments: '{}' } }] }), finish('tool_calls'), DONE],
    });
    expectSame(result);
    expect(result.library.failed).toMatchObject({ class: 'InvalidResponseDataError' });
  });

  it('streams a refusal as text and finishes with content-filter', async () => {
    const result = await rawBoth({ writes: [role, choice({ refusal: 'I cannot ' }), choice({ refusal: 'help with that.' }), finish('stop'), usage(), DONE] });
    expectSame(result);
    expect(result.library.parts.at(-1)).toMatchObject({ finishReason: { unified: 'content-filter', raw: 'stop' } });
  });

  it('streams url_citation annotations as sources', async () => {
    const citation = (url: string, title: string) => ({ type: 'url_citation', url_citation: { start_index: 0, end_index: 5, url, title } });
    const result = await rawBoth({
      writes: [
        choice({ content: 'Shipping takes two days.' }),
        choice({ annotations: [citation('https://shop.example/shipping', 'Shipping'), citation('https://shop.example/faq', 'FAQ')] }),
        finish('stop'),
        usage(),
        DONE,
      ],
    });
    expectSame(result);
    expect(result.lean.parts.filter((p) => p.type === 'source')).toHaveLength(2);
  });

  it('reports prediction tokens, cached and reasoning tokens and logprobs', async () => {
    const logprob = (token: string) => ({ token, logprob: -0.5, top_logprobs: [{ token, logprob: -0.5 }] });
    const result = await rawBoth({
      writes: [
        choice({ content: 'Yes' }, { logprobs: { content: [logprob('Yes')] } }),
        choice({ content: '.' }, { logprobs: { content: [logprob('.')], refusal: null } }),
        finish('length'),
        usage({
          prompt_tokens_details: { cached_tokens: 5, cache_write_tokens: 2 },
          completion_tokens_details: { reasoning_tokens: 3, accepted_prediction_tokens: 4, rejected_prediction_tokens: 1 },
        }),
        DONE,
      ],
    });
    expectSame(result);
    expect(result.lean.parts.at(-1)).toMatchObject({
      finishReason: { unified: 'length' },
      providerMetadata: { openai: { acceptedPredictionTokens: 4, rejectedPredictionTokens: 1, logprobs: [expect.anything(), expect.anything()] } },
    });
  });

  it('reads events split anywhere, multi-byte characters, CRLF, comments and a truncated last event', async () => {
    const writes = [
      ': keep-alive\r\n\r\n',
      role.replace(/\n/g, '\r\n'),
      choice({ content: 'Grüße, ' }),
      choice({ content: 'das kostet 5 € 🎉' }),
      finish('stop'),
      usage(),
      DONE,
      'data: {"id":"tru',
    ];
    const result = await rawBoth({ writes: sliced(writes, 7) });
    expectSame(result);
    expect(
      result.lean.parts
        .filter((p) => p.type === 'text-delta')
        .map((p) => p.delta)
        .join(''),
    ).toBe('Grüße, das kostet 5 € 🎉');
  });

  it.each([
    ['a rate limit', { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' }],
    ['a numeric status code', { message: 'Service unavailable', code: 503 }],
    ['exhausted quota', { message: 'You exceeded your quota', type: 'insufficient_quota', code: 'insufficient_quota' }],
    ['a bare message', { message: 'Something broke' }],
  ])('rejects doStream on an error chunk before any output (%s), and closes the request', async (_name, error) => {
    const result = await rawBoth({ writes: [role, data({ error })], then: 'hang' });
    expectSame(result);
    expect(result.library.rejected).toMatchObject({ class: 'APICallError', data: error });
    await expect.poll(() => result.server.closedEarly).toBe(2);
  });

  it('emits an error part for an error chunk after output', async () => {
    const result = await rawBoth({
      writes: [choice({ content: 'Let me' }), data({ error: { message: 'The server had an error', type: 'server_error' } }), DONE],
    });
    expectSame(result);
    expect(result.library.parts.map((p) => p.type)).toEqual(['stream-start', 'response-metadata', 'text-start', 'text-delta', 'error', 'text-end', 'finish']);
  });

  it.each([
    ['invalid JSON before output', [role, 'data: {"choices": [\n\n', choice({ content: 'Hi' }), finish('stop'), DONE]],
    ['invalid JSON after output', [choice({ content: 'Hi' }), 'data: not json\n\n', finish('stop'), DONE]],
    [
      'a chunk not matching the schema',
      [choice({ content: 'Hi' }), data({ ...base, choices: 'none' }), data({ error: 'not an object' }), finish('stop'), DONE],
    ],
    ['a chunk not matching the schema first', [data({ ...base, choices: [{ delta: { content: 1 } }] }), choice({ content: 'Hi' }), DONE]],
  ])('emits error parts for %s', async (_name, writes) => {
    const result = await rawBoth({ writes });
    expectSame(result);
    expect(result.library.parts.some((p) => p.type === 'error')).toBe(true);
  });

  it.each([
    [429, JSON.stringify({ error: { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' } })],
    [400, JSON.stringify({ error: { message: 'Bad request', type: 'invalid_request_error', param: 'messages', code: null } })],
    [401, JSON.stringify({ error: { message: 'Incorrect API key' } })],
    [500, ''],
    [503, '<html>upstream unavailable</html>'],
  ])('rejects doStream on a %i response', async (status, body) => {
    const result = await rawBoth({ status, headers: { 'content-type': 'application/json' }, writes: [body] });
    expectSame(result);
    expect(result.library.rejected).toMatchObject({ class: 'APICallError', statusCode: status, isRetryable: status === 429 || status >= 500 });
  });

  it('rejects doStream on a successful response without a body', async () => {
    const result = await rawBoth({ status: 204, writes: [] });
    expectSame(result);
    expect(result.library.rejected).toMatchObject({ class: 'APICallError', cause: { class: 'EmptyResponseBodyError' } });
  });

  it('passes raw chunks when asked', async () => {
    const llm = await fake(() => [{ text: 'Two words.' }]);
    const text = await both(llm.baseUrl, { includeRawChunks: true });
    expect(withoutTimestamps(text.lean)).toEqual(withoutTimestamps(text.library));
    expect(text.lean.parts.filter((p) => p.type === 'raw').length).toBeGreaterThan(3);
    expectSame(
      await rawBoth({ writes: [role, 'data: {oops\n\n', choice({ content: 'Hi' }), data({ error: { message: 'late' } }), DONE] }, { includeRawChunks: true }),
    );
  });

  it('fails the same way when the connection drops, before and after output', async () => {
    const before = await rawBoth({ writes: [role], then: 'destroy' });
    expectSame(before);
    expect(before.library.rejected).toMatchObject({ class: 'APICallError', isRetryable: true });
    const after = await rawBoth({ writes: [choice({ content: 'Half an ans' })], then: 'destroy' });
    // The one difference on purpose: once the answer has begun, the request (the prompt) is no
    // longer kept, so a failure after that carries none.
    expect(after.library.failed).toMatchObject({ class: 'APICallError', isRetryable: true, requestBodyValues: expect.objectContaining({ model: 'm' }) });
    expect(after.lean).toEqual({ ...after.library, failed: { ...(after.library.failed as object), requestBodyValues: undefined } });
  });

  it('fails the same way when the call is aborted mid-answer', async () => {
    const llm = await fake(() => [{ text: 'Holding on. ' }, { hang: true }]);
    const outcomes = [];
    for (const model of Object.values(models(llm.baseUrl))) {
      const controller = new AbortController();
      const { stream } = await model.doStream({ ...callOptions, abortSignal: controller.signal });
      const reader = stream.getReader();
      while ((await reader.read()).value?.type !== 'text-delta');
      controller.abort();
      outcomes.push(await drain(reader).then(() => 'ended', errorShape));
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[0]).toMatchObject({ name: 'AbortError' });
  });
});

describe('LeanOpenAIChatModel', () => {
  it('closes the request when its stream is cancelled mid-answer', async () => {
    const llm = await fake(() => [{ text: 'Holding on. ' }, { hang: true }]);
    const { stream } = await models(llm.baseUrl).lean.doStream(callOptions);
    const reader = stream.getReader();
    while ((await reader.read()).value?.type !== 'text-delta');
    await reader.cancel();
    await llm.clientClosedEarly;
  });

  it('ends a read that is waiting on the model when its stream is cancelled', async () => {
    const llm = await fake(() => [{ text: 'Holding on. ' }, { hang: true }]);
    const { stream } = await models(llm.baseUrl).lean.doStream(callOptions);
    const reader = stream.getReader();
    while (((await reader.read()).value as Part | undefined)?.delta !== 'on. ');
    // The model says nothing more: this read waits on the body.
    const waiting = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reader.cancel();
    expect(await waiting).toEqual({ done: true, value: undefined });
    await llm.clientClosedEarly;
  });
});
