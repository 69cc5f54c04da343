// Client-side analytics events (contract section 4, POST /v1/widget/events): batched, best effort.

import { sendEvents, type WidgetEvent } from '@storefront-assistant/client';
import { detach, guard } from './log.js';
import type { Session } from './session.js';
import type { TelemetryName, TelemetryProps } from './types.js';

const MAX_BATCH = 50; // the endpoint accepts 1 to 50 events per request
const MAX_QUEUED = 200; // while the service is unreachable, older events are dropped beyond this
const FLUSH_DELAY_MS = 5_000;

export class Telemetry {
  private queue: WidgetEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly base: string,
    private readonly session: Session,
  ) {
    const flushNow = guard(() => this.flushOnHide());
    addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushNow();
    });
  }

  track(name: TelemetryName, props: TelemetryProps = {}): void {
    this.queue.push({ name, at: new Date().toISOString(), props });
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    if (this.queue.length >= MAX_BATCH) this.flushSoon(0);
    else this.flushSoon(FLUSH_DELAY_MS);
  }

  private flushSoon(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => detach(this.flush()), delay);
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      // A batch the service refuses is dropped: telemetry must never pile up or retry forever.
      await this.session.withToken((client) => sendEvents(client, { events: batch }));
    }
  }

  /**
   * The page may be going away: send what is queued in a request that outlives the page.
   * navigator.sendBeacon cannot set an Authorization header, and the events endpoint takes the
   * widget JWT as a bearer token (a token in the URL would end up in logs), so this uses
   * fetch with keepalive, which survives the unload the same way and can carry the header.
   * No token yet (init not answered) means nothing can be sent: those events are dropped.
   */
  private flushOnHide(): void {
    clearTimeout(this.timer);
    const token = this.session.peek()?.token;
    if (!token) return;
    while (this.queue.length > 0) {
      const events = this.queue.splice(0, MAX_BATCH);
      detach(sendEvents({ baseUrl: this.base, token }, { events }, { keepalive: true }));
    }
  }
}
