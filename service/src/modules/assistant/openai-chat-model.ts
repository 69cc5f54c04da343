import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  EmptyResponseBodyError,
  type JSONValue,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
  type SharedV3Warning,
} from '@ai-sdk/provider';
import {
  StreamingToolCallTracker,
  createJsonErrorResponseHandler,
  extractResponseHeaders,
  generateId,
  isAbortError,
  lazySchema,
  postToApi,
  safeParseJSON,
  zodSchema,
  type FetchFunction,
  type ParseResult,
  type ResponseHandler,
} from '@ai-sdk/provider-utils';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { z } from 'zod';

/**
 * The OpenAI Chat Completions model, streaming without web-stream pipelines.
 *
 * A widget holds one model stream open per visitor for as long as the answer streams. On Node 20
 * @ai-sdk/openai's `doStream` reads the response through a pipeline of web streams
 * (TextDecoderStream, EventSourceParserStream, a JSON TransformStream, a tee to look for an early
 * error, its own TransformStream), and every TransformStream pipe costs about 10.7 KB of heap:
 * about 73 KB per held stream with the HTTP client, against a budget of 64 KB for the whole
 * service. Here the response body is read by one reader, decoded and parsed in place, and the
 * parts are handed out through one pull-based stream that parses only as much of the body as the
 * next part needs.
 *
 * Only public interfaces are used: this is a `LanguageModelV3` of the provider specification,
 * and the request is @ai-sdk/openai's own, taken through its public `fetch` option. For each
 * call the library's chat model generates with a `fetch` that keeps the request it is given (URL,
 * headers, body) and answers locally with an empty completion; the same request, asking for a
 * stream as the library's `doStream` does, is then sent. So the arguments, tools, settings,
 * model quirks, headers and warnings stay the library's, upgrades included, and this module owns
 * only the response side: the Chat Completions event stream, a public wire format. `doGenerate`
 * is the library's.
 *
 * The parts are the same as the library's `doStream` gives (the mapping below follows it step by
 * step), and `doStream` rejects in the same cases (an error response, an error chunk before any
 * output) with the same errors, so retries behave the same; `test/assistant/openai-chat-model.test.ts`
 * runs both against the same wire streams. Cancelling the stream cancels the response body,
 * which closes the HTTP request.
 */

type StreamPart = LanguageModelV3StreamPart;
type FinishReason = LanguageModelV3FinishReason;

export interface OpenAIChatSettings {
  apiKey: string;
  baseURL?: string | undefined;
  /** The HTTP client the model is called with (model-fetch.ts in the service). */
  fetch: FetchFunction;
}

/** The request the library would send for a call, and the warnings it has for the call. */
interface LibraryRequest {
  url: string;
  headers: RequestInit['headers'];
  body: string;
  /** The body as an object, as the library attaches it to its errors and results. */
  values: unknown;
  warnings: SharedV3Warning[];
}

/** The smallest answer the library's chat model accepts: one empty choice. */
const emptyCompletion = () =>
  new Response('{"choices":[{"index":0,"message":{"content":""}}]}', { status: 200, headers: { 'content-type': 'application/json' } });

export class LeanOpenAIChatModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  /** The library's model, for everything but streaming: the provider name, URLs, `doGenerate`. */
  private readonly library: LanguageModelV3;

  constructor(
    readonly modelId: string,
    private readonly settings: OpenAIChatSettings,
  ) {
    this.library = this.libraryModel(settings.fetch);
  }

  get provider(): string {
    return this.library.provider;
  }

  get supportedUrls(): LanguageModelV3['supportedUrls'] {
    return this.library.supportedUrls;
  }

  doGenerate(options: LanguageModelV3CallOptions): ReturnType<LanguageModelV3['doGenerate']> {
    return this.library.doGenerate(options);
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const request = await this.libraryRequest(options);
    const { url, values } = request;
    const { responseHeaders, value: response } = await postToApi({
      url,
      body: { content: request.body, values },
      failedResponseHandler: openaiFailedResponseHandler,
      successfulResponseHandler: eventStreamResponse,
      ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
      // postToApi's error handling, with the headers exactly as the library computed them
      // (postToApi would append its user agent to them a second time).
      fetch: (input, init) => this.settings.fetch(input, { ...init, headers: request.headers }),
    });
    const chunks = new ChunkReader(response.body, { url, requestBodyValues: values, statusCode: response.status, responseHeaders });
    const seen = await readUntilOutput(chunks, { url, requestBodyValues: values, responseHeaders });
    // The request (the whole prompt) is kept for errors only until the answer begins: an answer
    // streams for seconds, and its prompt would stay in memory with it. A failure to read the
    // rest of the body is reported without the request, which the library would attach.
    chunks.forgetRequest();
    const stream = new ReadableStream<StreamPart>(new ChatPartSource(chunks, seen, request.warnings, options.includeRawChunks === true), { highWaterMark: 0 });
    return { stream, request: { body: values }, response: { headers: responseHeaders } };
  }

  private libraryModel(fetch: FetchFunction): LanguageModelV3 {
    const { apiKey, baseURL } = this.settings;
    return createOpenAI({ apiKey, fetch, ...(baseURL ? { baseURL } : {}) }).chat(this.modelId);
  }

  /**
   * What the library would send for this call, from a call of its own that never leaves the
   * process: its `doGenerate`, with a `fetch` that keeps the request and answers with the smallest
   * completion it accepts (no web streams involved). Its `doStream` sends the same request asking
   * for a stream with usage, as `stream` and `stream_options` added last.
   */
  private async libraryRequest(options: LanguageModelV3CallOptions): Promise<LibraryRequest> {
    let sent: { url: string; init: RequestInit } | undefined;
    const keepRequest: FetchFunction = async (input, init = {}) => {
      sent = { url: input instanceof Request ? input.url : String(input), init };
      return emptyCompletion();
    };
    const { abortSignal: _unused, ...local } = options;
    const { warnings, request } = await this.libraryModel(keepRequest).doGenerate(local);
    if (!sent || typeof request?.body !== 'object' || request.body === null) throw new Error('the OpenAI chat model sent no JSON request');
    const values = { ...request.body, stream: true, stream_options: { include_usage: true } };
    return { url: sent.url, headers: sent.init.headers ?? {}, body: JSON.stringify(values), values, warnings };
  }
}

/** The chat model `createOpenAI(settings).chat(modelId)` would give, streaming leanly. */
export function leanOpenAIChat(settings: OpenAIChatSettings, modelId: string): LeanOpenAIChatModel {
  return new LeanOpenAIChatModel(modelId, settings);
}

// ---------------------------------------------------------------------------------------------
// Wire schemas: the library's definitions (openai-error.ts, openai-chat-api.ts), which it does not
// export, equally lenient, so chunks pass or fail validation with the same errors.

const openaiErrorDataSchema = () =>
  z.object({
    error: z.object({
      message: z.string(),
      // Loose, as in the library: OpenAI-compatible servers fill these in differently.
      type: z.string().nullish(),
      param: z.any().nullish(),
      code: z.union([z.string(), z.number()]).nullish(),
    }),
  });

type OpenAIErrorData = z.infer<ReturnType<typeof openaiErrorDataSchema>>;

const openaiFailedResponseHandler = createJsonErrorResponseHandler({
  errorSchema: lazySchema<OpenAIErrorData>(() => zodSchema(openaiErrorDataSchema())),
  errorToMessage: (data) => data.error.message,
});

const logprobsSchema = () =>
  z
    .array(
      z.object({
        token: z.string(),
        logprob: z.number(),
        top_logprobs: z.array(z.object({ token: z.string(), logprob: z.number() })),
      }),
    )
    .nullish();

const chatChunkSchema = () =>
  z.union([
    z.object({
      id: z.string().nullish(),
      created: z.number().nullish(),
      model: z.string().nullish(),
      choices: z.array(
        z.object({
          delta: z
            .object({
              role: z.enum(['assistant']).nullish(),
              content: z.string().nullish(),
              // Set instead of `content` when the model refuses to answer.
              refusal: z.string().nullish(),
              tool_calls: z
                .array(
                  z.object({
                    index: z.number(),
                    id: z.string().nullish(),
                    type: z.literal('function').nullish(),
                    function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }),
                  }),
                )
                .nullish(),
              annotations: z
                .array(
                  z.object({
                    type: z.literal('url_citation'),
                    url_citation: z.object({ start_index: z.number(), end_index: z.number(), url: z.string(), title: z.string() }),
                  }),
                )
                .nullish(),
            })
            .nullish(),
          logprobs: z.object({ content: logprobsSchema(), refusal: logprobsSchema() }).nullish(),
          finish_reason: z.string().nullish(),
          index: z.number(),
        }),
      ),
      usage: z
        .object({
          prompt_tokens: z.number().nullish(),
          completion_tokens: z.number().nullish(),
          total_tokens: z.number().nullish(),
          prompt_tokens_details: z.object({ cached_tokens: z.number().nullish(), cache_write_tokens: z.number().nullish() }).nullish(),
          completion_tokens_details: z
            .object({
              reasoning_tokens: z.number().nullish(),
              accepted_prediction_tokens: z.number().nullish(),
              rejected_prediction_tokens: z.number().nullish(),
            })
            .nullish(),
        })
        .nullish(),
    }),
    openaiErrorDataSchema(),
  ]);

type ChatChunk = z.infer<ReturnType<typeof chatChunkSchema>>;
const chatChunkValidator = lazySchema<ChatChunk>(() => zodSchema(chatChunkSchema()));
type OutputChunk = Exclude<ChatChunk, { error: unknown }>;
type ErrorChunk = Extract<ChatChunk, { error: unknown }>;
type ChatUsage = NonNullable<OutputChunk['usage']>;
type Logprob = NonNullable<NonNullable<OutputChunk['choices'][number]['logprobs']>['content']>[number];
type ParsedChunk = ParseResult<ChatChunk>;

// ---------------------------------------------------------------------------------------------
// Reading the body.

interface ResponseContext {
  url: string;
  requestBodyValues: unknown;
  responseHeaders: Record<string, string> | undefined;
}

/** Hands the body over untouched; `createEventSourceResponseHandler` would wrap it in streams. */
const eventStreamResponse: ResponseHandler<{ body: ReadableStream<Uint8Array>; status: number }> = async ({ response }) => {
  // Thrown inside postToApi, which wraps it as it does for the library.
  if (response.body == null) throw new EmptyResponseBodyError({});
  return { responseHeaders: extractResponseHeaders(response), value: { body: response.body, status: response.status } };
};

/**
 * The chunks of an event stream, parsed one at a time from the body: what the library's
 * TextDecoderStream, EventSourceParserStream and JSON TransformStream do, with one reader.
 */
class ChunkReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parser: EventSourceParser;
  /** Data of events parsed from the body but not yet handed out. */
  private readonly events: string[] = [];
  private ended = false;

  constructor(
    body: ReadableStream<Uint8Array>,
    private context: ResponseContext & { statusCode: number },
  ) {
    this.reader = body.getReader();
    this.parser = createParser({ onEvent: (event) => this.events.push(event.data) });
  }

  /** The next chunk, or undefined at the end of the body. */
  async next(): Promise<ParsedChunk | undefined> {
    for (;;) {
      const data = this.events.shift();
      if (data === '[DONE]') continue;
      if (data !== undefined) return safeParseJSON({ text: data, schema: chatChunkValidator });
      if (this.ended) return undefined;
      await this.readMore();
    }
  }

  forgetRequest(): void {
    this.context = { ...this.context, requestBodyValues: undefined };
  }

  /** Cancels the body, which closes the request. */
  async cancel(reason?: unknown): Promise<void> {
    await this.reader.cancel(reason).catch(() => {});
  }

  private async readMore(): Promise<void> {
    let result: Awaited<ReturnType<typeof this.reader.read>>;
    try {
      result = await this.reader.read();
    } catch (error) {
      throw bodyReadError(error, this.context);
    }
    if (result.done) this.ended = true;
    const text = result.done ? this.decoder.decode() : this.decoder.decode(result.value, { stream: true });
    // TextDecoderStream passes on no empty strings, and the parser treats the first one it is fed
    // specially (a byte order mark), so neither does this.
    if (text !== '') this.parser.feed(text);
  }
}

const RETRYABLE_NETWORK_ERROR_CODES = new Set([
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * A failure to read the body, as provider-utils reports it (its wrapResponseBodyStream and
 * handleFetchError, not exported): aborts as they are, anything else as an APICallError, which
 * is retryable when a network error (a reset connection, a timeout) is among its causes.
 */
function bodyReadError(error: unknown, context: ResponseContext & { statusCode: number }): unknown {
  if (isAbortError(error)) return error;
  return new APICallError({
    message: 'Failed to process successful response',
    cause: error,
    ...context,
    ...(hasNetworkErrorCause(error) ? { isRetryable: true } : {}),
  });
}

function hasNetworkErrorCause(error: unknown): boolean {
  const visited = new Set<unknown>();
  for (let current = error; current instanceof Error && !visited.has(current); current = current.cause) {
    visited.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_NETWORK_ERROR_CODES.has(code)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The early error: an error chunk before any output rejects `doStream`, so that the call is
// retried; after output it is an error part. As the library's throwIfOpenAIStreamErrorBeforeOutput,
// without its tee: the chunks read to decide are kept and handed out first.

async function readUntilOutput(chunks: ChunkReader, context: ResponseContext): Promise<ParsedChunk[]> {
  const seen: ParsedChunk[] = [];
  try {
    for (;;) {
      const chunk = await chunks.next();
      if (chunk === undefined) return seen;
      seen.push(chunk);
      if (!chunk.success) return seen;
      if ('error' in chunk.value) throw earlyStreamError(chunk.value.error, context);
      if (isOutputChunk(chunk.value)) return seen;
    }
  } catch (error) {
    await chunks.cancel();
    throw error;
  }
}

function isOutputChunk(chunk: OutputChunk): boolean {
  return chunk.choices.some(({ delta }) => {
    return (
      (delta?.content != null && delta.content.length > 0) ||
      (delta?.refusal != null && delta.refusal.length > 0) ||
      (delta?.tool_calls != null && delta.tool_calls.length > 0) ||
      (delta?.annotations != null && delta.annotations.length > 0)
    );
  });
}

// The library's openai-stream-error.ts, which it does not export: how an error frame becomes
// an APICallError with a status code and whether retrying may help.

interface StreamError {
  message: string;
  code: string | number | undefined;
  type: string | undefined;
}

function earlyStreamError(frame: ErrorChunk['error'], context: ResponseContext): APICallError {
  const streamError = parseStreamError(frame);
  const statusCode = streamError == null ? 500 : streamErrorStatus(streamError);
  return new APICallError({
    message: streamError?.message ?? 'OpenAI stream failed before any output was generated',
    url: context.url,
    requestBodyValues: context.requestBodyValues,
    statusCode,
    responseHeaders: context.responseHeaders,
    responseBody: JSON.stringify(frame),
    data: frame,
    isRetryable: streamError == null ? true : isRetryableStreamError(streamError, statusCode),
  });
}

function parseStreamError(frame: unknown): StreamError | undefined {
  const value = asRecord(frame);
  if (value == null) return undefined;
  if (value.type === 'response.failed') {
    const responseError = asRecord(asRecord(value.response)?.error);
    return typeof responseError?.message === 'string'
      ? { message: responseError.message, code: stringOrNumber(responseError.code), type: 'response.failed' }
      : undefined;
  }
  const nested = asRecord(value.error);
  const error = nested ?? value;
  const looksLikeError = nested != null || typeof error.type === 'string' || 'code' in error || 'param' in error;
  return typeof error.message === 'string' && looksLikeError
    ? { message: error.message, code: stringOrNumber(error.code), type: typeof error.type === 'string' ? error.type : undefined }
    : undefined;
}

function streamErrorStatus(error: StreamError): number {
  if (typeof error.code === 'number' && isHttpErrorStatus(error.code)) return error.code;
  if (typeof error.code === 'string' && /^\d{3}$/.test(error.code) && isHttpErrorStatus(Number(error.code))) return Number(error.code);
  const discriminator = [error.code, error.type]
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .toLowerCase();
  const mentions = (...terms: string[]) => terms.some((term) => discriminator.includes(term));
  if (mentions('insufficient_quota', 'rate_limit')) return 429;
  if (mentions('authentication')) return 401;
  if (mentions('permission')) return 403;
  if (mentions('not_found')) return 404;
  if (mentions('invalid', 'bad_request', 'context_length')) return 400;
  if (mentions('overload')) return 503;
  if (mentions('timeout')) return 504;
  return 500;
}

function isRetryableStreamError(error: StreamError, statusCode: number): boolean {
  if (error.code === 'insufficient_quota' || error.type === 'insufficient_quota') return false;
  return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value != null ? (value as Record<string, unknown>) : undefined;
const stringOrNumber = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : undefined);
const isHttpErrorStatus = (value: number) => Number.isInteger(value) && value >= 400 && value <= 599;

// ---------------------------------------------------------------------------------------------
// Chunks to parts: the library's TransformStream in OpenAIChatLanguageModel.doStream, as the
// source of a pull-based stream.

interface PartSink {
  enqueue(part: StreamPart): void;
}

/** The underlying source of the stream of parts. */
class ChatPartSource {
  private sink!: PartSink;
  /** Parts handed out so far: a pull ends once it has handed out one. */
  private emitted = 0;
  /** Made at the first tool call delta: most answers have none, and it costs about 1 KB. */
  private toolCalls: StreamingToolCallTracker | undefined;
  private finishReason: FinishReason = { unified: 'other', raw: undefined };
  private usage: ChatUsage | undefined;
  private metadataExtracted = false;
  private isActiveText = false;
  private hasRefusal = false;
  private rawFinishReason: string | undefined;
  private hasLogprobs = false;
  private cancelled = false;
  private readonly logprobs: Logprob[] = [];
  private readonly providerMetadata: { openai: Record<string, JSONValue> } = { openai: {} };

  constructor(
    private readonly chunks: ChunkReader,
    /** Chunks read before `doStream` returned, to hand out first. */
    private readonly seen: ParsedChunk[],
    private readonly warnings: SharedV3Warning[],
    private readonly includeRawChunks: boolean,
  ) {}

  start(controller: ReadableStreamDefaultController<StreamPart>): void {
    this.sink = {
      enqueue: (part) => {
        this.emitted += 1;
        controller.enqueue(part);
      },
    };
    this.sink.enqueue({ type: 'stream-start', warnings: this.warnings });
  }

  async pull(controller: ReadableStreamDefaultController<StreamPart>): Promise<void> {
    const before = this.emitted;
    try {
      while (this.emitted === before) {
        const chunk = this.seen.shift() ?? (await this.chunks.next());
        // Cancelled while reading: the stream is closed already, and the body too.
        if (this.cancelled) return;
        if (chunk === undefined) {
          this.flush();
          controller.close();
          return;
        }
        this.transform(chunk);
      }
    } catch (error) {
      // The library's pipe cancels the body when its transform fails: so does this.
      await this.chunks.cancel(error);
      throw error;
    }
  }

  cancel(reason: unknown): Promise<void> {
    this.cancelled = true;
    return this.chunks.cancel(reason);
  }

  private transform(chunk: ParsedChunk): void {
    if (this.includeRawChunks) this.sink.enqueue({ type: 'raw', rawValue: chunk.rawValue });
    if (!chunk.success) return this.fail(chunk.error);
    const value = chunk.value;
    if ('error' in value) return this.fail(value.error);
    this.noteMetadata(value);
    this.noteUsage(value.usage);
    const choice = value.choices[0];
    if (choice?.finish_reason != null) this.rawFinishReason = choice.finish_reason;
    this.noteLogprobs(choice?.logprobs);
    if (choice?.delta != null) this.mapDelta(choice.delta);
  }

  private fail(error: unknown): void {
    this.finishReason = { unified: 'error', raw: undefined };
    this.rawFinishReason = undefined;
    this.sink.enqueue({ type: 'error', error });
  }

  private noteMetadata(chunk: OutputChunk): void {
    if (this.metadataExtracted) return;
    const metadata = responseMetadata(chunk);
    if (!Object.values(metadata).some(Boolean)) return;
    this.metadataExtracted = true;
    this.sink.enqueue({ type: 'response-metadata', ...metadata });
  }

  private noteUsage(usage: OutputChunk['usage']): void {
    if (usage == null) return;
    this.usage = usage;
    const details = usage.completion_tokens_details;
    if (details?.accepted_prediction_tokens != null) this.providerMetadata.openai.acceptedPredictionTokens = details.accepted_prediction_tokens;
    if (details?.rejected_prediction_tokens != null) this.providerMetadata.openai.rejectedPredictionTokens = details.rejected_prediction_tokens;
  }

  private noteLogprobs(logprobs: OutputChunk['choices'][number]['logprobs']): void {
    if (logprobs == null || (logprobs.content == null && logprobs.refusal == null)) return;
    this.hasLogprobs = true;
    this.logprobs.push(...(logprobs.content ?? []), ...(logprobs.refusal ?? []));
  }

  private mapDelta(delta: NonNullable<OutputChunk['choices'][number]['delta']>): void {
    const textDeltas: string[] = [];
    if (delta.content != null && delta.content.length > 0) textDeltas.push(delta.content);
    if (delta.refusal != null && delta.refusal.length > 0) {
      this.hasRefusal = true;
      textDeltas.push(delta.refusal);
    }
    // An empty first delta still opens the text, as the library does.
    if (textDeltas.length === 0 && delta.content === '') textDeltas.push(delta.content);
    for (const text of textDeltas) {
      if (!this.isActiveText) {
        this.sink.enqueue({ type: 'text-start', id: '0' });
        this.isActiveText = true;
      }
      this.sink.enqueue({ type: 'text-delta', id: '0', delta: text });
    }
    for (const toolCallDelta of delta.tool_calls ?? []) {
      this.toolCalls ??= new StreamingToolCallTracker(this.sink, { generateId, typeValidation: 'if-present' });
      this.toolCalls.processDelta(toolCallDelta);
    }
    for (const annotation of delta.annotations ?? []) {
      const { url, title } = annotation.url_citation;
      this.sink.enqueue({ type: 'source', sourceType: 'url', id: generateId(), url, title });
    }
  }

  private flush(): void {
    if (this.isActiveText) this.sink.enqueue({ type: 'text-end', id: '0' });
    this.toolCalls?.flush();
    if (this.rawFinishReason != null) {
      this.finishReason = { unified: mapFinishReason(this.rawFinishReason, this.hasRefusal), raw: this.rawFinishReason };
    }
    if (this.hasLogprobs) this.providerMetadata.openai.logprobs = this.logprobs;
    this.sink.enqueue({ type: 'finish', finishReason: this.finishReason, usage: convertUsage(this.usage), providerMetadata: this.providerMetadata });
  }
}

// Small helpers of the library's chat model (get-response-metadata.ts, map-openai-finish-reason.ts,
// convert-openai-chat-usage.ts), which it does not export.

function responseMetadata({ id, model, created }: OutputChunk) {
  return { id: id ?? undefined, modelId: model ?? undefined, timestamp: created ? new Date(created * 1000) : undefined };
}

function mapFinishReason(finishReason: string, hasRefusal: boolean): FinishReason['unified'] {
  switch (finishReason) {
    case 'stop':
      return hasRefusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

function convertUsage(usage: ChatUsage | undefined): LanguageModelV3Usage {
  if (usage == null) {
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      raw: undefined,
    };
  }
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const cacheWriteTokens = usage.prompt_tokens_details?.cache_write_tokens ?? undefined;
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: {
      total: promptTokens,
      noCache: promptTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens,
    },
    outputTokens: { total: completionTokens, text: Math.max(0, completionTokens - reasoningTokens), reasoning: reasoningTokens },
    raw: usage,
  };
}
