// Server-Sent Events read from a fetch() response body (EventSource cannot POST or send an
// Authorization header). Follows the HTML event-stream interpretation rules: lines end in CRLF,
// LF or CR; "data" lines accumulate joined by LF; lines starting with ":" are comments (the
// service's keep-alive pings); a blank line dispatches.

export type SseEvent = { event: string; data: string };

export class SseParser {
  private buffer = '';
  private eventType = '';
  private data: string[] = [];
  private started = false;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  /** Feeds decoded text; chunks may split anywhere, even between the CR and LF of one line end. */
  push(text: string): void {
    this.buffer += text;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.charCodeAt(0) === 0xfeff) this.buffer = this.buffer.slice(1);
    }
    let start = 0;
    for (;;) {
      const end = this.lineEnd(start);
      if (end < 0) break;
      const line = this.buffer.slice(start, end);
      start = end + (this.buffer[end] === '\r' && this.buffer[end + 1] === '\n' ? 2 : 1);
      this.line(line);
    }
    this.buffer = this.buffer.slice(start);
  }

  /** End of stream: a final event without its blank line is incomplete and, per the spec, dropped. */
  end(): void {
    this.buffer = '';
    this.eventType = '';
    this.data = [];
  }

  private lineEnd(from: number): number {
    for (let i = from; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c === '\n') return i;
      if (c === '\r') {
        // A CR at the very end may be the first half of CRLF: wait for the next chunk.
        return i + 1 < this.buffer.length ? i : -1;
      }
    }
    return -1;
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onEvent({ event: this.eventType || 'message', data: this.data.join('\n') });
      this.eventType = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data.push(value);
    // "id" and "retry" only matter for EventSource reconnection, which a POST stream does not do.
  }
}

/**
 * The events of a response body, in order. Bytes are decoded as a stream, so a multi-byte
 * character split across network chunks is decoded whole. `onChunk` hears every chunk, pings
 * included, so that a caller can tell a quiet stream from a dead one. Leaving the loop early
 * cancels the body: the service takes a closed connection as the visitor leaving.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<SseEvent, void, undefined> {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      parser.push(decoder.decode(value, { stream: true }));
      yield* events.splice(0);
    }
    parser.push(decoder.decode());
    parser.end();
    finished = true;
    yield* events.splice(0);
  } finally {
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
}
