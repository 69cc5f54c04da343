import type { FastifyReply } from 'fastify';

/** SSE keep-alive: proxies close connections that stay silent too long. */
export const PING_INTERVAL_MS = 15_000;

export interface ServerSentEvent {
  name: string;
  data: unknown;
  /** The event's id: a client reconnecting sends the last one it received (Last-Event-ID) to resume after it. */
  id?: string;
}

export interface EventStreamOptions {
  /** The connection closed before the stream ended: the producer should stop. */
  onClientGone: () => void;
  /** The event that tells the client the stream failed, written when `events` throws. */
  failureEvent: ServerSentEvent;
}

/**
 * The one Server-Sent Events writer: takes the reply over, writes each event as it comes with a
 * `: ping` comment every 15 s, and resolves once the stream has ended. The reply's headers set so
 * far (CORS, request id) are kept.
 */
export function writeEventStream(reply: FastifyReply, events: AsyncIterable<ServerSentEvent>, options: EventStreamOptions): Promise<void> {
  const raw = reply.raw;
  reply.hijack();
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies (nginx) must not buffer a stream.
    'x-accel-buffering': 'no',
  });
  let finished = false;
  raw.on('close', () => {
    if (!finished) options.onClientGone();
  });
  const ping = setInterval(() => raw.write(': ping\n\n'), PING_INTERVAL_MS);
  const write = (event: ServerSentEvent) => {
    if (!raw.destroyed) raw.write(`${event.id !== undefined ? `id: ${event.id}\n` : ''}event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  return (async () => {
    try {
      for await (const event of events) write(event);
    } catch (error) {
      write(options.failureEvent);
      reply.log.error({ err: error }, 'stream failed');
    } finally {
      finished = true;
      clearInterval(ping);
      raw.end();
    }
  })();
}
