import { z } from 'zod';
import { errorStatus, type ErrorCode } from '../lib/errors.js';
import { blockSchema } from './blocks.js';

/**
 * The events of an answer as it streams (contract sections 4 and 9), defined once: the service's
 * writer, the typed client, the widget and the Playground take their types from this union, and
 * the stream routes' tests check every event they write against it.
 *
 * In order: `start`, then `delta` interleaved with `block` (and, in the Playground only,
 * `tool_call`), then `sources`, then (Playground only) `diagnostics`, then `done` with the stored
 * message. `error` replaces everything after the point of failure, `done` included. Each is one
 * Server-Sent Event named by `event`, with `data` as its JSON.
 *
 * Pure zod, no Node: browser code imports only the types (`import type`), which cost no bytes.
 */

export const directionSchema = z.enum(['ltr', 'rtl']);

export const sourceRefSchema = z.object({ title: z.string(), url: z.string() });

export const toolCallRecordSchema = z.object({
  name: z.string(),
  arguments: z.unknown(),
  result: z.unknown(),
  duration_ms: z.number(),
});

/** The contract's Message, as the widget stores and renders it, with the reply's language and writing direction. */
export const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  content: z.string(),
  blocks: z.array(blockSchema),
  sources: z.array(sourceRefSchema),
  created_at: z.string(),
  /** Not in the contract's Message: lets a client set the reply's writing direction. */
  language: z.string(),
  direction: directionSchema,
});

export const turnUsageSchema = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  total_tokens: z.number(),
  /** True when the provider reported nothing (aborted turn, offline responder): counted at 4 characters per token. */
  estimated: z.boolean(),
});

/** The Open Graph properties a page context keeps. */
export const PAGE_CONTEXT_OG_FIELDS = ['title', 'description', 'image', 'type', 'site_name', 'url'] as const;

/** The page the visitor is on, once sanitized (contract section 7; assistant/page-context.ts). */
export const pageContextSchema = z.object({
  url: z.string(),
  canonical_url: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  og: z.partialRecord(z.enum(PAGE_CONTEXT_OG_FIELDS), z.string()).optional(),
  json_ld: z.array(z.record(z.string(), z.unknown())).optional(),
  headings: z.array(z.string()).optional(),
  body_text: z.string().optional(),
});

/**
 * What an answer achieved, recorded with it (messages.outcome) and shown in the diagnostics:
 * which kind of source answered (an answer the owner wrote, synced content, a tool such as an
 * order lookup, or none), and whether it is a gap the owner should look at: not confident,
 * abstained (no source and no tool answered), or escalated. Small talk is never a gap.
 */
export const turnOutcomeSchema = z.object({
  answered_by: z.enum(['owner_answer', 'synced_content', 'tool', 'none']),
  confident: z.boolean(),
  abstained: z.boolean(),
  escalated: z.boolean(),
  small_talk: z.boolean(),
  gap: z.boolean(),
});

/** Contract section 9, plus `status` and `notes` (why a provider fell back, a guard that fired...). */
export const diagnosticsSchema = z.object({
  latency_ms: z.object({ retrieval: z.number(), first_token: z.number().nullable(), tools: z.number(), total: z.number() }),
  confidence: z.number(),
  /** `kind`: synced `post` or `product`, or `snippet` (an answer the owner wrote). */
  sources: z.array(
    z.object({ rank: z.number(), score: z.number(), title: z.string(), url: z.string(), snippet: z.string(), kind: z.enum(['post', 'product', 'snippet']) }),
  ),
  tool_calls: z.array(toolCallRecordSchema),
  blocks: z.array(blockSchema),
  system_prompt: z.string(),
  model: z.string(),
  usage: turnUsageSchema,
  site_type: z.string(),
  language: z.string(),
  direction: directionSchema,
  page_context: pageContextSchema.nullable(),
  status: z.enum(['complete', 'partial', 'error']),
  /** Null while a turn is partial or failed. */
  outcome: turnOutcomeSchema.nullable(),
  notes: z.array(z.string()),
});

const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

export const streamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ conversation_id: z.string(), message_id: z.string(), language: z.string(), direction: directionSchema }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('block'), data: blockSchema }),
  z.object({ event: z.literal('tool_call'), data: toolCallRecordSchema }),
  z.object({ event: z.literal('sources'), data: z.object({ sources: z.array(sourceRefSchema) }) }),
  z.object({ event: z.literal('diagnostics'), data: diagnosticsSchema }),
  z.object({ event: z.literal('done'), data: z.object({ message: assistantMessageSchema }) }),
  z.object({ event: z.literal('error'), data: z.object({ code: errorCodeSchema, message: z.string() }) }),
  /**
   * Instead of an answer: a person of the team holds the conversation, so the visitor's message
   * was kept for them and the assistant stays silent. Nothing follows.
   */
  z.object({
    event: z.literal('held'),
    data: z.object({ conversation_id: z.string(), message_id: z.string(), state: z.enum(['waiting_for_human', 'human']) }),
  }),
]);

export type Direction = z.infer<typeof directionSchema>;
export type SourceRef = z.infer<typeof sourceRefSchema>;
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
export type TurnUsage = z.infer<typeof turnUsageSchema>;
export type PageContext = z.infer<typeof pageContextSchema>;
export type Diagnostics = z.infer<typeof diagnosticsSchema>;
export type TurnOutcome = z.infer<typeof turnOutcomeSchema>;

/** Any event of the stream, as `{ event, data }`. */
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type StreamEventName = StreamEvent['event'];
/** The `data` of the events named `name`. */
export type StreamEventData<Name extends StreamEventName> = Extract<StreamEvent, { event: Name }>['data'];

/** The events only the Playground receives. */
export const PLAYGROUND_ONLY_EVENTS = ['tool_call', 'diagnostics'] as const satisfies readonly StreamEventName[];
/** The events of the live widget's stream (POST /v1/widget/messages/stream). */
export type WidgetStreamEvent = Exclude<StreamEvent, { event: (typeof PLAYGROUND_ONLY_EVENTS)[number] }>;
