import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for hosted language models: local HTTP servers speaking the real streaming wire
 * formats (OpenAI chat completions SSE, Anthropic messages SSE), scripted per request. The AI
 * SDK's own providers talk to them, so the whole provider path is exercised.
 */

export type Step =
  | { text: string }
  | { toolCall: { name: string; arguments: Record<string, unknown> } }
  /** Stop writing and keep the response open, like a model that is still thinking. */
  | { hang: true }
  /** Say nothing for this long, then go on: a slow model. */
  | { waitMs: number };

export interface LlmRequest {
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeLlm {
  /** Base URL to give the provider (OPENAI_BASE_URL / ANTHROPIC_BASE_URL). */
  baseUrl: string;
  requests: LlmRequest[];
  /** Resolves when a client closes a response the server had not finished. */
  clientClosedEarly: Promise<void>;
  close(): Promise<void>;
}

type Script = (request: LlmRequest, index: number) => Step[];
type Writer = (res: http.ServerResponse, steps: Step[], model: string) => Promise<void>;

async function startServer(script: Script, writer: Writer): Promise<FakeLlm> {
  const requests: LlmRequest[] = [];
  let signalClosed = () => {};
  const clientClosedEarly = new Promise<void>((resolve) => (signalClosed = resolve));
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { body: JSON.parse(raw) as Record<string, unknown>, headers: req.headers };
      requests.push(request);
      res.on('close', () => {
        if (!res.writableFinished) signalClosed();
      });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      void writer(res, script(request, requests.length - 1), String(request.body.model ?? 'model'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    clientClosedEarly,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pause = () => new Promise((resolve) => setImmediate(resolve));

/** Text in word-sized pieces, as models stream it. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const openAiWriter: Writer = async (res, steps, model) => {
  const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  let toolIndex = 0;
  let outputChars = 0;
  for (const step of steps) {
    await pause();
    if ('hang' in step) return;
    if ('waitMs' in step) {
      await new Promise((resolve) => setTimeout(resolve, step.waitMs));
      continue;
    }
    if ('text' in step) {
      for (const piece of pieces(step.text)) {
        send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        outputChars += piece.length;
        await pause();
      }
    } else {
      const args = JSON.stringify(step.toolCall.arguments);
      const index = toolIndex++;
      const half = Math.ceil(args.length / 2);
      send({
        ...base,
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: step.toolCall.name, arguments: '' } }] },
            finish_reason: null,
          },
        ],
      });
      send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }, finish_reason: null }] });
      send({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }, finish_reason: null }] });
      outputChars += args.length;
    }
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: toolIndex > 0 ? 'tool_calls' : 'stop' }] });
  const completion = Math.ceil(outputChars / 4);
  send({ ...base, choices: [], usage: { prompt_tokens: 100, completion_tokens: completion, total_tokens: 100 + completion } });
  res.end('data: [DONE]\n\n');
};

const anthropicWriter: Writer = async (res, steps, model) => {
  const send = (event: string, payload: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  send('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 1 },
    },
  });
  send('ping', { type: 'ping' });
  let index = 0;
  let usedTool = false;
  let outputChars = 0;
  for (const step of steps) {
    await pause();
    if ('hang' in step) return;
    if ('waitMs' in step) {
      await new Promise((resolve) => setTimeout(resolve, step.waitMs));
      continue;
    }
    if ('text' in step) {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const piece of pieces(step.text)) {
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } });
        outputChars += piece.length;
        await pause();
      }
    } else {
      usedTool = true;
      const args = JSON.stringify(step.toolCall.arguments);
      const half = Math.ceil(args.length / 2);
      send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: `toolu_${index}`, name: step.toolCall.name, input: {} },
      });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args.slice(0, half) } });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args.slice(half) } });
      outputChars += args.length;
    }
    send('content_block_stop', { type: 'content_block_stop', index });
    index += 1;
  }
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: usedTool ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: Math.ceil(outputChars / 4) },
  });
  send('message_stop', { type: 'message_stop' });
  res.end();
};

export function startFakeOpenAI(script: Script): Promise<FakeLlm> {
  return startServer(script, openAiWriter);
}

export function startFakeAnthropic(script: Script): Promise<FakeLlm> {
  return startServer(script, anthropicWriter);
}

/** Whether the request already carries a tool result (the model's second step of a turn). */
export function hasToolResult(request: LlmRequest): boolean {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages.some((m) => m.role === 'tool' || (Array.isArray(m.content) && m.content.some((part: { type?: string }) => part.type === 'tool_result')));
}

/** The text of the tool result the model received (OpenAI or Anthropic shape). */
export function toolResultText(request: LlmRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const texts: string[] = [];
  for (const m of messages) {
    if (m.role === 'tool') texts.push(String(m.content));
    if (Array.isArray(m.content)) {
      for (const part of m.content as { type?: string; content?: unknown }[]) {
        if (part.type === 'tool_result') texts.push(typeof part.content === 'string' ? part.content : JSON.stringify(part.content));
      }
    }
  }
  return texts.join('\n');
}

/** The system prompt the model received (OpenAI: a system message; Anthropic: `system`). */
export function systemPromptOf(request: LlmRequest): string {
  const system = request.body.system;
  if (Array.isArray(system)) return system.map((part: { text?: string }) => part.text ?? '').join('\n');
  if (typeof system === 'string') return system;
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');
}
