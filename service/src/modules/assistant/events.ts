import type { StreamEventData } from '../../contract/stream-events.js';

export type { AssistantMessage, Diagnostics, SourceRef, ToolCallRecord, TurnUsage } from '../../contract/stream-events.js';

/**
 * The events of one turn as the runtime yields them: the stream events of the contract
 * (contract/stream-events.ts, where their payloads and order are defined), discriminated by
 * `type`, with the payload spread in (or, where the payload is itself a record, under its own
 * name). The widget and Playground routes write each as one SSE event of the same name (wire.ts).
 */
export type TurnEvent =
  | ({ type: 'start' } & StreamEventData<'start'>)
  | ({ type: 'delta' } & StreamEventData<'delta'>)
  | { type: 'block'; block: StreamEventData<'block'> }
  | { type: 'tool_call'; tool_call: StreamEventData<'tool_call'> }
  | ({ type: 'sources' } & StreamEventData<'sources'>)
  | { type: 'diagnostics'; diagnostics: StreamEventData<'diagnostics'> }
  | ({ type: 'done' } & StreamEventData<'done'>)
  | ({ type: 'error' } & StreamEventData<'error'>);
