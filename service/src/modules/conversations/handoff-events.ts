import pg from 'pg';

/**
 * Tells whoever watches a conversation that something of it changed: a team reply, a visitor's
 * message while a person holds it, a state change, a note. A notice carries no content: a
 * listener reads what changed from the database after its own cursor, so a notice lost, doubled
 * or arriving late can delay an update but never lose or repeat one.
 *
 * On the embedded database everything runs in this process; on PostgreSQL notices travel through
 * LISTEN/NOTIFY, so a reply posted on one instance reaches a visitor connected to another.
 */

export type ActivityKind = 'message' | 'state' | 'assignment' | 'note' | 'unavailable';

export interface ConversationActivity {
  workspaceId: string;
  conversationId: string;
  kind: ActivityKind;
}

export type ActivityListener = (activity: ConversationActivity) => void;

export interface ConversationNotifier {
  publish(activity: ConversationActivity): Promise<void>;
  /** Calls `listener` on every notice about the conversation until the returned function is called. */
  watchConversation(conversationId: string, listener: ActivityListener): () => void;
  /** Every notice about the workspace's conversations (the dashboard's live inbox). */
  watchWorkspace(workspaceId: string, listener: ActivityListener): () => void;
  /** How many conversation watchers this process holds (metrics, the benchmark). */
  readonly watchers: number;
  close(): Promise<void>;
}

const CHANNEL = 'sa_conversation_activity';
const KINDS: readonly ActivityKind[] = ['message', 'state', 'assignment', 'note', 'unavailable'];

/** The notices of this process, handed to its listeners. */
export class LocalNotifier implements ConversationNotifier {
  private readonly byConversation = new Map<string, Set<ActivityListener>>();
  private readonly byWorkspace = new Map<string, Set<ActivityListener>>();
  private count = 0;

  get watchers(): number {
    return this.count;
  }

  async publish(activity: ConversationActivity): Promise<void> {
    this.deliver(activity);
  }

  /** Hands a notice to this process's listeners; a failing listener does not stop the others. */
  deliver(activity: ConversationActivity): void {
    for (const listener of [...(this.byConversation.get(activity.conversationId) ?? []), ...(this.byWorkspace.get(activity.workspaceId) ?? [])]) {
      try {
        listener(activity);
      } catch {
        // A listener's own failure (a closed stream) is its own to handle.
      }
    }
  }

  /** Every listener, as after a reconnection during which notices may have been missed. */
  deliverToAll(reason: (key: string, isWorkspace: boolean) => ConversationActivity): void {
    for (const [conversationId, listeners] of this.byConversation) for (const listener of listeners) listener(reason(conversationId, false));
    for (const [workspaceId, listeners] of this.byWorkspace) for (const listener of listeners) listener(reason(workspaceId, true));
  }

  watchConversation(conversationId: string, listener: ActivityListener): () => void {
    this.count += 1;
    const stop = add(this.byConversation, conversationId, listener);
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.count -= 1;
      stop();
    };
  }

  watchWorkspace(workspaceId: string, listener: ActivityListener): () => void {
    return add(this.byWorkspace, workspaceId, listener);
  }

  async close(): Promise<void> {
    this.byConversation.clear();
    this.byWorkspace.clear();
  }
}

function add(map: Map<string, Set<ActivityListener>>, key: string, listener: ActivityListener): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

/**
 * Notices through PostgreSQL: published with NOTIFY, received on one LISTEN connection per
 * process and handed to this process's listeners (its own notices come back the same way, so
 * each is delivered once). The listening connection is reopened when it drops, and every
 * listener is then told to read again, since notices sent meanwhile were not received.
 */
export class PostgresNotifier implements ConversationNotifier {
  private readonly local = new LocalNotifier();
  private client: pg.Client | undefined;
  private readonly publisher: pg.Pool;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly log: { warn: (object: unknown, message: string) => void },
  ) {
    this.publisher = new pg.Pool({ connectionString: url, max: 2 });
    this.publisher.on('error', () => {});
    this.ready = this.listen();
  }

  get watchers(): number {
    return this.local.watchers;
  }

  /** Resolves once the listening connection is up (a test waits for it before publishing). */
  whenListening(): Promise<void> {
    return this.ready;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client, new Error('connection ended')));
    client.on('notification', (message) => {
      const activity = parseActivity(message.payload);
      if (activity) this.local.deliver(activity);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.reconnect(client, error);
    }
  }

  private reconnect(client: pg.Client, error: unknown): void {
    if (this.closed || (this.client !== undefined && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    if (this.reconnectTimer) return;
    this.log.warn({ err: error }, 'conversation notices: listening connection lost; reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ready = this.listen().then(() => {
        // Whatever happened while nobody listened is read again by every watcher.
        this.local.deliverToAll((key, isWorkspace) => ({ workspaceId: isWorkspace ? key : '', conversationId: isWorkspace ? '' : key, kind: 'state' }));
      });
    }, 500);
  }

  async publish(activity: ConversationActivity): Promise<void> {
    await this.publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(activity)]);
  }

  watchConversation(conversationId: string, listener: ActivityListener): () => void {
    return this.local.watchConversation(conversationId, listener);
  }

  watchWorkspace(workspaceId: string, listener: ActivityListener): () => void {
    return this.local.watchWorkspace(workspaceId, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.local.close();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await this.publisher.end().catch(() => {});
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A notice as received: anything else on the channel is ignored. */
function parseActivity(payload: string | undefined): ConversationActivity | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ConversationActivity>;
    if (typeof value.workspaceId !== 'string' || !UUID.test(value.workspaceId)) return undefined;
    if (typeof value.conversationId !== 'string' || !UUID.test(value.conversationId)) return undefined;
    if (!KINDS.includes(value.kind as ActivityKind)) return undefined;
    return { workspaceId: value.workspaceId, conversationId: value.conversationId, kind: value.kind as ActivityKind };
  } catch {
    return undefined;
  }
}

/** The notifier for the database the service runs on. */
export function conversationNotifier(
  database: { kind: 'pglite' | 'postgres' },
  databaseUrl: string | undefined,
  log: PostgresNotifierLog,
): ConversationNotifier {
  return database.kind === 'postgres' && databaseUrl ? new PostgresNotifier(databaseUrl, log) : new LocalNotifier();
}

type PostgresNotifierLog = { warn: (object: unknown, message: string) => void };
