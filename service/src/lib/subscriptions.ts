import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { writeEventStream, type ServerSentEvent } from './sse.js';

/**
 * Long-lived connections held open (live channels, event streams), counted per key (a conversation, an address, a session): a free resource
 * is capped, and a visitor opening tab after tab is told to wait instead.
 */
export class SubscriptionCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`, or answers false when all are taken; `release` gives it back. */
  take(key: string): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= this.max) return false;
    this.open.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = (this.open.get(key) ?? 1) - 1;
    if (count <= 0) this.open.delete(key);
    else this.open.set(key, count);
  }
}

export interface Place {
  counter: SubscriptionCounter;
  key: string;
  /** Why the request is refused when this counter is full. */
  full: string;
}

/**
 * Writes a long-lived event stream holding a place in every counter: refused with 429
 * `rate_limited` (and no place kept) when one is full; the places are given back when the stream
 * ends, however it ends. `events` stops when its signal aborts (the client left).
 */
export function writeCountedStream(
  reply: FastifyReply,
  places: readonly Place[],
  events: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>,
  failureMessage: string,
): FastifyReply {
  const taken: Place[] = [];
  const release = () => {
    for (const place of taken) place.counter.release(place.key);
  };
  for (const place of places) {
    if (!place.counter.take(place.key)) {
      release();
      throw new AppError('rate_limited', place.full, { headers: { 'retry-after': '30' } });
    }
    taken.push(place);
  }
  const controller = new AbortController();
  void writeEventStream(reply, events(controller.signal), {
    onClientGone: () => controller.abort(),
    failureEvent: { name: 'error', data: { code: 'internal_error', message: failureMessage } },
  }).finally(release);
  return reply;
}
