import { PLAYGROUND_ONLY_EVENTS, type StreamEvent } from '../../contract/stream-events.js';
import type { TurnEvent } from './events.js';

export interface WireEvent {
  name: StreamEvent['event'];
  data: StreamEvent['data'];
}

const playgroundOnly: ReadonlySet<string> = new Set(PLAYGROUND_ONLY_EVENTS);

/**
 * The Server-Sent Event for a turn event (contract/stream-events.ts). The widget gets the
 * production events; the Playground also gets each tool call as it completes and `diagnostics`
 * before `done`.
 */
export function turnEventToWire(event: TurnEvent, mode: 'production' | 'playground'): WireEvent | undefined {
  const wire = streamEvent(event);
  if (mode === 'production' && playgroundOnly.has(wire.event)) return undefined;
  return { name: wire.event, data: wire.data };
}

/** The contract's event for a turn event; typed against the contract's union, so a drift fails the type check. */
function streamEvent(event: TurnEvent): StreamEvent {
  switch (event.type) {
    case 'start':
      return {
        event: 'start',
        data: { conversation_id: event.conversation_id, message_id: event.message_id, language: event.language, direction: event.direction },
      };
    case 'delta':
      return { event: 'delta', data: { text: event.text } };
    case 'block':
      return { event: 'block', data: event.block };
    case 'sources':
      return { event: 'sources', data: { sources: event.sources } };
    case 'done':
      return { event: 'done', data: { message: event.message } };
    case 'error':
      return { event: 'error', data: { code: event.code, message: event.message } };
    case 'tool_call':
      return { event: 'tool_call', data: event.tool_call };
    case 'diagnostics':
      return { event: 'diagnostics', data: event.diagnostics };
  }
}
