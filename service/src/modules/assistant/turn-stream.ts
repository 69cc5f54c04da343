import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { writeEventStream, type ServerSentEvent } from '../../lib/sse.js';
import type { TurnEvent } from './events.js';
import { turnEventToWire } from './wire.js';

/** How the widget and the Playground answer a turn: as one JSON error before it starts, then as a stream. */

/** A turn refused before anything was generated answers as a plain error response. */
export function turnError(event: Extract<TurnEvent, { type: 'error' }>): AppError {
  const headers: Record<string, string> = event.code === 'conversation_budget_exhausted' ? { 'retry-after': '3600' } : {};
  return new AppError(event.code, event.message, { headers });
}

/**
 * The turn's events as the client sees them. A turn that stops without `done` or `error`
 * (aborted by a shutdown) ends with an `error` event, so the client knows the answer was cut short.
 */
async function* wireEvents(
  first: TurnEvent,
  events: AsyncGenerator<TurnEvent, void, undefined>,
  mode: 'production' | 'playground',
): AsyncGenerator<ServerSentEvent> {
  let ended = false;
  const wire = (event: TurnEvent) => {
    if (event.type === 'done' || event.type === 'error') ended = true;
    return turnEventToWire(event, mode);
  };
  const head = wire(first);
  if (head) yield head;
  for await (const event of events) {
    const next = wire(event);
    if (next) yield next;
  }
  if (!ended) yield wire({ type: 'error', code: 'service_unavailable', message: 'The answer was cut short; please ask again' })!;
}

/**
 * Writes the turn as Server-Sent Events; resolves once the stream has ended. The connection
 * closing before the end aborts the turn, which saves the partial answer.
 */
export function streamTurn(
  reply: FastifyReply,
  first: TurnEvent,
  events: AsyncGenerator<TurnEvent, void, undefined>,
  controller: AbortController,
  mode: 'production' | 'playground' = 'production',
): Promise<void> {
  return writeEventStream(reply, wireEvents(first, events, mode), {
    onClientGone: () => controller.abort(new Error('client disconnected')),
    failureEvent: turnEventToWire({ type: 'error', code: 'internal_error', message: 'The answer could not be completed' }, mode)!,
  });
}
