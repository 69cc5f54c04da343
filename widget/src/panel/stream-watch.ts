// Tells a stream that streams from one a proxy or CDN holds back (nginx's proxy buffering, a
// compressing edge): such a stream gives the visitor nothing until the whole answer is there, or
// bytes that never become events. The widget then uses the synchronous endpoint for the rest of
// the session, and the Playground says "your proxy buffers streams".
//
// The service writes a comment the moment a stream opens (lib/sse.ts), so on a direct path the
// first byte comes at once and the events follow in their own chunks.

/** No byte this long after the request: something between holds the stream. */
export const FIRST_BYTE_DEADLINE_MS = 2000;
/** Bytes keep arriving this long without a single event: they are not the stream we sent. */
export const EVENTLESS_BYTES_DEADLINE_MS = 1500;

export type StreamVerdict = 'streaming' | 'buffered';

export class StreamWatch {
  private readonly startedAt: number;
  private firstByteAt: number | undefined;
  private chunks = 0;
  private chunksWithEvents = 0;
  private events = 0;
  private eventsInChunk = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private verdict: StreamVerdict = 'streaming';

  /** `onBuffered` hears once, as soon as the stream is judged held back (possibly mid-stream). */
  constructor(
    private readonly onBuffered: (reason: string) => void,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.startedAt = now();
    this.timer = setTimeout(() => this.judge('no byte within 2 s of the request'), FIRST_BYTE_DEADLINE_MS);
  }

  get buffered(): boolean {
    return this.verdict === 'buffered';
  }

  /** Every network chunk of the body, pings included. */
  chunk(): void {
    this.closeChunk();
    this.chunks++;
    if (this.firstByteAt === undefined) {
      this.firstByteAt = this.now();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        if (this.events === 0) this.judge('bytes without events');
      }, EVENTLESS_BYTES_DEADLINE_MS);
    }
  }

  /** Every event parsed from the body. */
  event(): void {
    this.events++;
    this.eventsInChunk++;
    if (this.events === 1) clearTimeout(this.timer);
  }

  /**
   * The stream ended with its last event. A whole answer of several events that came in one
   * chunk, after a wait, had been held back until it was complete.
   */
  end(): StreamVerdict {
    this.closeChunk();
    clearTimeout(this.timer);
    const waited = (this.firstByteAt ?? this.now()) - this.startedAt;
    if (this.events >= 3 && this.chunksWithEvents <= 1 && waited >= EVENTLESS_BYTES_DEADLINE_MS) this.judge('the whole answer arrived at the end');
    return this.verdict;
  }

  /** The turn ended otherwise (stopped, failed): no verdict to draw, no timer left behind. */
  cancel(): void {
    clearTimeout(this.timer);
  }

  private closeChunk(): void {
    if (this.eventsInChunk > 0) this.chunksWithEvents++;
    this.eventsInChunk = 0;
  }

  private judge(reason: string): void {
    if (this.verdict === 'buffered') return;
    this.verdict = 'buffered';
    this.onBuffered(reason);
  }
}
