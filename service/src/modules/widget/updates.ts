import type { Db } from '../../db/client.js';
import type { ServerSentEvent } from '../../lib/sse.js';
import type { ConversationNotifier } from '../conversations/handoff-events.js';
import { teamMessagesAfter, visitorHandoffView } from '../conversations/handoff.js';

/**
 * The widget's live channel over one conversation: its handoff state first, then the team's
 * replies after the visitor's cursor, and again whenever the conversation's watchers are told
 * something changed. Each wake-up reads the database after the cursor, so notices lost or doubled
 * (another instance restarting, two notices for one reply) never lose or repeat a reply.
 */

/** A stream ends after this long; the widget reconnects with its cursor, with a token checked again. */
export const UPDATES_STREAM_LIFETIME_MS = 5 * 60 * 1000;
const BATCH = 50;

export interface UpdatesInput {
  workspaceId: string;
  conversationId: string;
  /** The seq of the last team message the visitor has. */
  after: number;
  signal: AbortSignal;
  lifetimeMs?: number;
}

export async function* conversationUpdates(deps: { db: Db; notifier: ConversationNotifier }, input: UpdatesInput): AsyncGenerator<ServerSentEvent> {
  let changed = true;
  let wake: (() => void) | undefined;
  let expired = false;
  const stopWatching = deps.notifier.watchConversation(input.conversationId, () => {
    changed = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  input.signal.addEventListener('abort', onAbort);
  const lifetime = setTimeout(() => {
    expired = true;
    wake?.();
  }, input.lifetimeMs ?? UPDATES_STREAM_LIFETIME_MS);
  let cursor = input.after;
  let lastState = '';
  try {
    while (!input.signal.aborted && !expired) {
      if (!changed) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      changed = false;
      const view = await visitorHandoffView(deps.db, input.workspaceId, input.conversationId);
      const state = JSON.stringify(view);
      if (state !== lastState) {
        lastState = state;
        yield { name: 'state', data: view };
      }
      for (;;) {
        const batch = await teamMessagesAfter(deps.db, input.workspaceId, input.conversationId, cursor, BATCH);
        for (const message of batch) {
          cursor = message.seq;
          yield { name: 'message', id: String(message.seq), data: message };
        }
        if (batch.length < BATCH) break;
      }
    }
  } finally {
    clearTimeout(lifetime);
    input.signal.removeEventListener('abort', onAbort);
    stopWatching();
  }
}
