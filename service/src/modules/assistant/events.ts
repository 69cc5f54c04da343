import type { ErrorCode } from '../../lib/errors.js';
import type { Block } from './blocks.js';
import type { Direction } from './locales.js';
import type { PageContext } from './page-context.js';

/**
 * The events of one turn, in the order a consumer receives them: start, then deltas interleaved
 * with blocks (and, in the Playground, tool calls), then sources, then (Playground) diagnostics,
 * then done. `error` replaces everything after the point of failure, `done` included. The widget
 * and Playground routes write each as one SSE event of the same name (contract sections 4 and 9).
 */
export type TurnEvent =
  | { type: 'start'; conversation_id: string; message_id: string; language: string; direction: Direction }
  | { type: 'delta'; text: string }
  | { type: 'block'; block: Block }
  | { type: 'tool_call'; tool_call: ToolCallRecord }
  | { type: 'sources'; sources: SourceRef[] }
  | { type: 'diagnostics'; diagnostics: Diagnostics }
  | { type: 'done'; message: AssistantMessage }
  | { type: 'error'; code: ErrorCode; message: string };

export interface SourceRef {
  title: string;
  url: string;
}

export interface ToolCallRecord {
  name: string;
  arguments: unknown;
  result: unknown;
  duration_ms: number;
}

/** The contract's Message, as the widget stores and renders it. */
export interface AssistantMessage {
  id: string;
  role: 'assistant';
  content: string;
  blocks: Block[];
  sources: SourceRef[];
  created_at: string;
  /** Not in the contract's Message: lets a client set the reply's writing direction. */
  language: string;
  direction: Direction;
}

export interface TurnUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  /** True when the provider reported nothing (aborted turn, offline responder): counted at 4 characters per token. */
  estimated: boolean;
}

/** Contract section 9, plus `status` and `notes` (why a provider fell back, a guard that fired...). */
export interface Diagnostics {
  latency_ms: { retrieval: number; first_token: number | null; tools: number; total: number };
  confidence: number;
  sources: { rank: number; score: number; title: string; url: string; snippet: string }[];
  tool_calls: ToolCallRecord[];
  blocks: Block[];
  system_prompt: string;
  model: string;
  usage: TurnUsage;
  site_type: string;
  language: string;
  direction: Direction;
  page_context: PageContext | null;
  status: 'complete' | 'partial' | 'error';
  notes: string[];
}
