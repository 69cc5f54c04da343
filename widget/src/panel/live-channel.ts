// The conversation's live channel: what the store's team does with it (the handoff state, who
// joined) and the team's replies, while the panel wants them. It streams GET
// /v1/widget/updates/stream and resumes after the last reply's seq on every reconnect; when the
// stream delivers nothing (a proxy that buffers it: the service always sends the state first), it
// polls GET /v1/widget/updates instead for the rest of the page view. Replies are handed on once
// each, by id, however the reconnects and the two transports overlap.

import { isApiError, pollUpdates, streamUpdates, type ClientOptions, type HandoffState, type TeamMessage } from '@storefront-assistant/client';

/** The session's token handling (SessionApi.withToken), all the channel needs: it is also run outside a browser. */
export type TokenSource = { withToken<T>(call: (client: ClientOptions) => Promise<T>): Promise<T> };

export type HandoffView = { state: HandoffState; member: { name: string | null } | null };

export type LiveHandlers = {
  state(view: HandoffView): void;
  message(message: TeamMessage): void;
  /** The transport in use, for the panel's data-live attribute (and tests). */
  transport?(kind: 'stream' | 'poll'): void;
  /** A failed attempt (retried unless the service refused the token or conversation). */
  failed?(error: unknown): void;
};

export type LiveTimings = {
  /** An open stream with no event by then is judged buffered. */
  firstEventMs: number;
  /** Polling interval once streaming is given up. */
  pollMs: number;
  /** Wait after a failed attempt before the next (doubles up to 8 times this). */
  retryMs: number;
};

const TIMINGS: LiveTimings = { firstEventMs: 4000, pollMs: 4000, retryMs: 2000 };

export class LiveChannel {
  /** The seq of the last team reply received: where every reconnect and poll resumes. */
  private cursor = 0;
  private readonly seen = new Set<string>();
  private running: AbortController | null = null;
  private polling = false;
  private readonly timings: LiveTimings;

  constructor(
    private readonly session: TokenSource,
    private readonly handlers: LiveHandlers,
    timings: Partial<LiveTimings> = {},
  ) {
    this.timings = { ...TIMINGS, ...timings };
  }

  /** Replies the panel already shows (a resumed conversation): never handed on again. */
  know(id: string | undefined): void {
    if (id) this.seen.add(id);
  }

  get active(): boolean {
    return this.running !== null;
  }

  start(): void {
    if (this.running) return;
    const run = new AbortController();
    this.running = run;
    void this.loop(run.signal);
  }

  stop(): void {
    this.running?.abort();
    this.running = null;
  }

  private async loop(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        if (this.polling) await this.poll(signal);
        else await this.stream(signal);
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        this.handlers.failed?.(error);
        // A 4xx other than a limit is not going to change by retrying (no such conversation).
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 408) {
          this.stop();
          return;
        }
        failures++;
      }
      const wait = this.polling ? this.timings.pollMs : failures > 0 ? this.timings.retryMs * 2 ** Math.min(failures - 1, 3) : 0;
      if (wait > 0) await sleep(wait, signal);
    }
  }

  private async stream(signal: AbortSignal): Promise<void> {
    const connection = new AbortController();
    const stopConnection = () => connection.abort();
    signal.addEventListener('abort', stopConnection);
    let delivered = false;
    // The service writes the state as soon as the stream opens: nothing by now means a proxy holds it back.
    const watchdog = setTimeout(() => {
      if (delivered) return;
      this.polling = true;
      this.handlers.transport?.('poll');
      connection.abort();
    }, this.timings.firstEventMs);
    this.handlers.transport?.('stream');
    try {
      const events = await this.session.withToken((client) => streamUpdates(client, this.cursor, { signal: connection.signal }));
      for await (const event of events) {
        delivered = true;
        if (event.event === 'state') this.handlers.state(event.data);
        else this.deliver(event.data);
      }
      // Closed before saying anything (not a proxy holding it back: it ended): try again later.
      if (!delivered && !connection.signal.aborted) throw new Error('the live channel ended without an event');
    } catch (error) {
      // Our own abort (buffered, or stopped) is not a failure.
      if (!connection.signal.aborted) throw error;
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', stopConnection);
    }
  }

  private async poll(signal: AbortSignal): Promise<void> {
    for (;;) {
      const update = await this.session.withToken((client) => pollUpdates(client, this.cursor, { signal }));
      this.handlers.state(update.handoff);
      for (const message of update.messages) this.deliver(message);
      // At most 50 replies per answer: ask again right away while a page was full.
      if (update.messages.length < 50) return;
    }
  }

  private deliver(message: TeamMessage): void {
    if (typeof message.seq === 'number' && message.seq > this.cursor) this.cursor = message.seq;
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    this.handlers.message(message);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
