import type { TurnEvent } from './events.js';

export interface WireEvent {
  name: string;
  data: unknown;
}

/**
 * The Server-Sent Event for a turn event (contract sections 4 and 9). The widget gets the
 * production events; the Playground also gets each tool call as it completes and `diagnostics`
 * before `done`.
 */
export function turnEventToWire(event: TurnEvent, mode: 'production' | 'playground'): WireEvent | undefined {
  switch (event.type) {
    case 'start':
      return { name: 'start', data: { conversation_id: event.conversation_id, message_id: event.message_id, language: event.language, direction: event.direction } };
    case 'delta':
      return { name: 'delta', data: { text: event.text } };
    case 'block':
      return { name: 'block', data: event.block };
    case 'sources':
      return { name: 'sources', data: { sources: event.sources } };
    case 'done':
      return { name: 'done', data: { message: event.message } };
    case 'error':
      return { name: 'error', data: { code: event.code, message: event.message } };
    case 'tool_call':
      return mode === 'playground' ? { name: 'tool_call', data: event.tool_call } : undefined;
    case 'diagnostics':
      return mode === 'playground' ? { name: 'diagnostics', data: event.diagnostics } : undefined;
  }
}
