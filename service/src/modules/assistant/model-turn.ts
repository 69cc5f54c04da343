import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FunctionTool,
  type LanguageModelV3Message,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';
import {
  asSchema,
  InvalidArgumentError,
  InvalidToolInputError,
  NoOutputGeneratedError,
  NoSuchToolError,
  RetryError,
  type ModelMessage,
  type ToolSet,
} from 'ai';
import { isAppError } from '../../lib/errors.js';

/**
 * The model port: the one place the runtime calls a language model. Up to `maxSteps` calls of
 * the model through the provider specification's `doStream` (@ai-sdk/provider, public), running
 * the tools it calls in between, as a stream of the parts the runtime uses. Every provider
 * (OpenAI, Anthropic, OpenAI-compatible, the offline responder) is a `LanguageModelV3` behind it.
 *
 * It does what `streamText` does for this runtime (the prompt conversion, tool schemas, input
 * validation with the AI SDK's own errors, tool result messages, retries with the SDK's backoff)
 * without its pipeline of web streams: `streamText` puts about a dozen TransformStreams, tees
 * and readers around every step, and on Node 20 each of them costs several kilobytes for as long
 * as the answer streams. Here the provider's stream is read directly, one part at a time, and
 * nothing of a step outlives it except what the next step needs. Only public interfaces of the
 * AI SDK are used (eslint forbids its `internal` entry points), so its upgrades cannot break
 * this through a private helper.
 *
 * Aborting `abortSignal` ends the stream quietly (no error): the caller decides what an aborted
 * turn means. Any other failure (the provider's error part, a refused call) is thrown.
 */

export type { LanguageModelV3 };
type CallOptions = LanguageModelV3CallOptions;
type StreamPart = LanguageModelV3StreamPart;
type AssistantContent = Exclude<Extract<ModelMessage, { role: 'assistant' }>['content'], string>;
type ToolResultOutput = Extract<Extract<ModelMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];

/** Token counts summed over the steps; undefined where the provider reported none. */
export interface TurnTokens {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

export type ModelTurnPart =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-result'; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolCallId: string; toolName: string; input: unknown; error: unknown }
  | { type: 'finish'; totalUsage: TurnTokens };

export interface ModelTurnOptions {
  model: LanguageModelV3;
  /** Called for each model call: the prompt need not be kept whole between calls. */
  system: () => string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  maxOutputTokens?: number | undefined;
  maxRetries: number;
  abortSignal: AbortSignal;
  /** Passed to every model call as it is (the offline responder reads the turn's facts here). */
  providerOptions?: CallOptions['providerOptions'];
}

interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
  /** Why the call cannot run (unknown tool, input not matching its schema). */
  invalid?: unknown;
}

type ToolOutcome = Extract<ModelTurnPart, { type: 'tool-result' | 'tool-error' }>;

export async function* streamModelTurn(options: ModelTurnOptions): AsyncGenerator<ModelTurnPart, void, undefined> {
  const { model, tools, abortSignal } = options;
  const retry = retries(options.maxRetries, abortSignal);
  const maxOutputTokens = checkedMaxOutputTokens(options.maxOutputTokens);
  const modelTools = await toModelTools(tools);
  // The messages are the runtime's own (typed, built from stored text), so streamText's
  // validation of them against the message schema is not repeated: it cost about 0.1 ms of
  // every turn, in front of the first word.
  const initial = { messages: options.messages };
  const responseMessages: ModelMessage[] = [];
  const usage: TurnTokens = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };

  /**
   * Sends one step's request. Its prompt (system prompt, history, tool schemas) is only needed
   * until the request is written, so it lives in this call and not in the loop's frame.
   */
  const openStep = async (): Promise<ReadableStream<StreamPart>> => {
    const prompt = toLanguageModelPrompt(options.system(), [...initial.messages, ...responseMessages]);
    const call: CallOptions = { maxOutputTokens, prompt, abortSignal, includeRawChunks: false };
    if (options.providerOptions) call.providerOptions = options.providerOptions;
    if (modelTools) {
      call.tools = modelTools;
      call.toolChoice = { type: 'auto' };
    }
    const { stream } = await retry(() => model.doStream(call));
    return stream;
  };

  for (let step = 0; step < options.maxSteps; step += 1) {
    let stream: ReadableStream<StreamPart>;
    try {
      stream = await openStep();
    } catch (error) {
      if (abortSignal.aborted) return;
      throw error;
    }
    const content: AssistantContent = [];
    const calls: ToolCall[] = [];
    const openText = new Map<string, { type: 'text' | 'reasoning'; text: string; providerOptions?: unknown }>();
    let finishReason: string | undefined;
    let sawOutput = false;

    const reader = stream.getReader();
    try {
      for (;;) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          if (abortSignal.aborted) return;
          throw error;
        }
        if (next.done) break;
        const part = next.value;
        switch (part.type) {
          case 'text-start':
          case 'reasoning-start': {
            sawOutput = true;
            const entry = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '', providerOptions: part.providerMetadata };
            openText.set(`${entry.type}:${part.id}`, entry);
            content.push(entry as AssistantContent[number]);
            break;
          }
          case 'text-delta':
          case 'reasoning-delta': {
            sawOutput = true;
            const entry = openText.get(`${part.type === 'text-delta' ? 'text' : 'reasoning'}:${part.id}`);
            if (entry) {
              entry.text += part.delta;
              if (part.providerMetadata) entry.providerOptions = part.providerMetadata;
            }
            if (part.type === 'text-delta' && part.delta.length > 0) yield { type: 'text-delta', text: part.delta };
            break;
          }
          case 'text-end':
          case 'reasoning-end': {
            const key = `${part.type === 'text-end' ? 'text' : 'reasoning'}:${part.id}`;
            const entry = openText.get(key);
            if (entry && part.providerMetadata) entry.providerOptions = part.providerMetadata;
            openText.delete(key);
            break;
          }
          case 'tool-call': {
            sawOutput = true;
            if (part.providerExecuted) break;
            const call = await parseToolCall(tools, part);
            calls.push(call);
            content.push({
              type: 'tool-call',
              toolCallId: call.toolCallId,
              toolName: call.toolName,
              input: call.invalid !== undefined && (typeof call.input !== 'object' || call.input === null) ? {} : call.input,
              ...(part.providerMetadata ? { providerOptions: part.providerMetadata } : {}),
            });
            break;
          }
          case 'finish':
            finishReason = part.finishReason.unified;
            addUsage(usage, part.usage);
            break;
          case 'error':
            throw part.error;
          default:
            if (part.type !== 'stream-start' && part.type !== 'response-metadata' && part.type !== 'raw') sawOutput = true;
        }
      }
    } finally {
      // Reached by a consumer that stops early too: the provider's request must not stay open.
      reader.cancel().catch(() => {});
    }
    if (finishReason === undefined && !sawOutput) {
      throw new NoOutputGeneratedError({ message: 'No output generated. The model stream ended without a finish chunk.' });
    }

    // Tools run once the model has finished its step, as the AI SDK runs them, and only when it
    // stopped normally (not cut off by the token limit); a call that cannot run is answered
    // with its error either way.
    if (calls.length === 0) break;
    const runnable = finishReason === 'tool-calls' || finishReason === 'stop';
    const stepMessages = [...initial.messages, ...responseMessages];
    const outcomes: ToolOutcome[] = [];
    const running = calls.filter((call) => runnable || call.invalid !== undefined).map((call) => runTool(tools, call, stepMessages, abortSignal));
    for await (const outcome of settleInOrderOfCompletion(running)) {
      outcomes.push(outcome);
      yield outcome;
    }
    if (abortSignal.aborted) return;
    if (outcomes.length < calls.length || step + 1 >= options.maxSteps) break;

    const order = new Map(calls.map((call, index) => [call.toolCallId, index]));
    outcomes.sort((a, b) => order.get(a.toolCallId)! - order.get(b.toolCallId)!);
    const assistantContent = content.filter((entry) => entry.type !== 'text' || entry.text.length > 0);
    if (assistantContent.length > 0) responseMessages.push({ role: 'assistant', content: assistantContent });
    responseMessages.push({
      role: 'tool',
      content: await Promise.all(
        outcomes.map(async (outcome) => ({
          type: 'tool-result' as const,
          toolCallId: outcome.toolCallId,
          toolName: outcome.toolName,
          output: await modelOutput(tools, outcome),
        })),
      ),
    });
  }
  yield { type: 'finish', totalUsage: usage };
}

/**
 * Retries of a model call as `streamText` makes them: only errors the provider marks retryable
 * (rate limits, overload, dropped connections), with exponential backoff from 2 s, or sooner
 * when the answer's `retry-after-ms` / `retry-after` header asks for less than a minute.
 */
function retries(maxRetries: number, abortSignal: AbortSignal) {
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new InvalidArgumentError({ parameter: 'maxRetries', value: maxRetries, message: 'maxRetries must be an integer >= 0' });
  }
  return retryWithExponentialBackoff({
    maxRetries,
    initialDelayInMs: 2000,
    backoffFactor: 2,
    abortSignal,
    shouldRetry: async (error) => APICallError.isInstance(error) && error.isRetryable,
    getDelayInMs: ({ error, exponentialBackoffDelay }) => retryAfterMs(error, exponentialBackoffDelay) ?? exponentialBackoffDelay,
    createRetryError: ({ message, reason, errors }) => new RetryError({ message, reason, errors }),
  });
}

/** The wait the provider's answer asks for, when it is shorter than a minute or than the backoff. */
function retryAfterMs(error: unknown, backoffMs: number): number | undefined {
  const failed = APICallError.isInstance(error) ? error : error instanceof Error && APICallError.isInstance(error.cause) ? error.cause : undefined;
  const headers = failed?.responseHeaders;
  if (!headers) return undefined;
  let ms: number | undefined;
  const inMs = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (!Number.isNaN(inMs)) ms = inMs;
  const retryAfter = headers['retry-after'];
  if (ms === undefined && retryAfter) {
    const seconds = Number.parseFloat(retryAfter);
    ms = Number.isNaN(seconds) ? Date.parse(retryAfter) - Date.now() : seconds * 1000;
  }
  return ms !== undefined && !Number.isNaN(ms) && ms >= 0 && (ms < 60_000 || ms < backoffMs) ? ms : undefined;
}

function checkedMaxOutputTokens(maxOutputTokens: number | undefined): number | undefined {
  if (maxOutputTokens !== undefined && (!Number.isInteger(maxOutputTokens) || maxOutputTokens < 1)) {
    throw new InvalidArgumentError({ parameter: 'maxOutputTokens', value: maxOutputTokens, message: 'maxOutputTokens must be an integer >= 1' });
  }
  return maxOutputTokens;
}

/** The tools as the model is told of them: name, description and the JSON schema of the input. */
async function toModelTools(tools: ToolSet): Promise<LanguageModelV3FunctionTool[] | undefined> {
  const entries = Object.entries(tools);
  if (entries.length === 0) return undefined;
  const modelTools: LanguageModelV3FunctionTool[] = [];
  for (const [name, tool] of entries) {
    if (tool.type === 'provider') throw new Error(`tool ${name}: provider-defined tools are not supported`);
    modelTools.push({
      type: 'function',
      name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: await asSchema(tool.inputSchema).jsonSchema,
      ...(tool.inputExamples !== undefined ? { inputExamples: tool.inputExamples } : {}),
      ...(tool.providerOptions !== undefined ? { providerOptions: tool.providerOptions } : {}),
      ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
    });
  }
  return modelTools;
}

/**
 * The system prompt and messages in the provider specification's prompt format. The runtime
 * builds text, reasoning, tool calls and tool results only (no files or images), so those are
 * all this converts; anything else is a programming error and says so.
 */
function toLanguageModelPrompt(system: string, messages: readonly ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [{ role: 'system', content: system }];
  for (const message of messages) prompt.push(toLanguageModelMessage(message));
  return prompt;
}

function toLanguageModelMessage(message: ModelMessage): LanguageModelV3Message {
  const options = message.providerOptions ? { providerOptions: message.providerOptions } : {};
  const withOptions = <T extends object>(part: T, providerOptions: ModelMessage['providerOptions']) => (providerOptions ? { ...part, providerOptions } : part);
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content, ...options };
    case 'user': {
      if (typeof message.content === 'string') return { role: 'user', content: [{ type: 'text', text: message.content }], ...options };
      const content = message.content.map((part) => {
        if (part.type !== 'text') throw new Error(`model prompt: user ${part.type} parts are not supported`);
        return withOptions({ type: 'text' as const, text: part.text }, part.providerOptions);
      });
      return { role: 'user', content: content.filter((part) => part.text !== ''), ...options };
    }
    case 'assistant': {
      if (typeof message.content === 'string') return { role: 'assistant', content: [{ type: 'text', text: message.content }], ...options };
      const content = message.content
        // Empty text says nothing to the model, unless a provider attached something to it.
        .filter((part) => part.type !== 'text' || part.text !== '' || part.providerOptions != null)
        .map((part) => {
          switch (part.type) {
            case 'text':
            case 'reasoning':
              return withOptions({ type: part.type, text: part.text }, part.providerOptions);
            case 'tool-call':
              return withOptions(
                {
                  type: 'tool-call' as const,
                  toolCallId: part.toolCallId,
                  toolName: part.toolName,
                  input: part.input,
                  ...(part.providerExecuted !== undefined ? { providerExecuted: part.providerExecuted } : {}),
                },
                part.providerOptions,
              );
            default:
              throw new Error(`model prompt: assistant ${part.type} parts are not supported`);
          }
        });
      return { role: 'assistant', content, ...options };
    }
    case 'tool': {
      const content = message.content.map((part) => {
        if (part.type !== 'tool-result') throw new Error(`model prompt: tool ${part.type} parts are not supported`);
        const { output } = part;
        // Multi-part outputs (images, files) would need the downloads streamText does; no tool
        // of the runtime returns one.
        if (output.type === 'content') throw new Error(`model prompt: tool ${part.toolName} returned multi-part content, which is not supported`);
        return withOptions({ type: 'tool-result' as const, toolCallId: part.toolCallId, toolName: part.toolName, output }, part.providerOptions);
      });
      return { role: 'tool', content, ...options };
    }
  }
}

function addUsage(total: TurnTokens, step: LanguageModelV3Usage): void {
  const add = (a: number | undefined, b: number | undefined) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  const input = step.inputTokens.total;
  const output = step.outputTokens.total;
  total.inputTokens = add(total.inputTokens, input);
  total.outputTokens = add(total.outputTokens, output);
  total.totalTokens = add(total.totalTokens, add(input, output));
}

async function parseToolCall(tools: ToolSet, part: Extract<StreamPart, { type: 'tool-call' }>): Promise<ToolCall> {
  const { toolCallId, toolName } = part;
  const tool = tools[toolName];
  const text = part.input.trim();
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    const invalid = tool
      ? new InvalidToolInputError({ toolName, toolInput: part.input, cause: error })
      : new NoSuchToolError({ toolName, availableTools: Object.keys(tools) });
    return { toolCallId, toolName, input: part.input, invalid };
  }
  if (!tool) return { toolCallId, toolName, input: raw, invalid: new NoSuchToolError({ toolName, availableTools: Object.keys(tools) }) };
  const schema = asSchema(tool.inputSchema);
  const checked = schema.validate ? await schema.validate(raw) : { success: true as const, value: raw };
  if (!checked.success)
    return { toolCallId, toolName, input: raw, invalid: new InvalidToolInputError({ toolName, toolInput: part.input, cause: checked.error }) };
  return { toolCallId, toolName, input: checked.value };
}

async function runTool(tools: ToolSet, call: ToolCall, messages: ModelMessage[], abortSignal: AbortSignal): Promise<ToolOutcome> {
  const { toolCallId, toolName, input } = call;
  if (call.invalid !== undefined) return { type: 'tool-error', toolCallId, toolName, input, error: toolErrorForModel(call.invalid) };
  try {
    const execute = tools[toolName]?.execute;
    if (!execute) throw new Error(`Tool ${toolName} cannot be executed`);
    let output: unknown = await execute(input as never, { toolCallId, messages, abortSignal });
    if (output !== null && typeof output === 'object' && Symbol.asyncIterator in output) {
      for await (const value of output as AsyncIterable<unknown>) output = value;
    }
    return { type: 'tool-result', toolCallId, toolName, input, output };
  } catch (error) {
    return { type: 'tool-error', toolCallId, toolName, input, error };
  }
}

async function modelOutput(tools: ToolSet, outcome: ToolOutcome): Promise<ToolResultOutput> {
  if (outcome.type === 'tool-error') return { type: 'error-text', value: toolErrorForModel(outcome.error) };
  const tool = tools[outcome.toolName];
  if (tool?.toModelOutput) return tool.toModelOutput({ toolCallId: outcome.toolCallId, input: outcome.input, output: outcome.output });
  return typeof outcome.output === 'string' ? { type: 'text', value: outcome.output } : { type: 'json', value: (outcome.output ?? null) as never };
}

/** Yields each promise's value as it settles (the promises never reject). */
async function* settleInOrderOfCompletion<T>(promises: Promise<T>[]): AsyncGenerator<T, void, undefined> {
  const pending = new Map(promises.map((promise, index) => [index, promise.then((value) => ({ index, value }))]));
  while (pending.size > 0) {
    const { index, value } = await Promise.race(pending.values());
    pending.delete(index);
    yield value;
  }
}

/**
 * What a tool's failure may tell the model, and through the model the visitor: the messages of
 * our own errors and of the model's own mistakes in calling the tool (arguments it got wrong, a
 * tool that does not exist). Any other failure is a fault inside the service (a database error
 * quoting a query, a library's message) and says only that the tool failed.
 */
export function toolErrorForModel(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isAppError(error) || InvalidToolInputError.isInstance(error) || NoSuchToolError.isInstance(error)) return error.message;
  return 'The tool failed inside the service. Do not retry it; say it is not available right now.';
}
