import type { AgentState } from './types.js';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** One key per agent, so that two widgets of two agents on one page never share state. */
export function storageKey(agentId: string): string {
  return `storefront-assistant:v1:${agentId}`;
}

/** localStorage, or null where reading it throws (blocked storage, sandboxed frames). */
export function browserStorage(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const STRING_KEYS = ['visitor_id', 'conversation_id', 'color', 'team_seen'] as const;
const FLAG_KEYS = ['lead_done', 'teaser_dismissed'] as const;

/** Keeps only the known keys with the right types: the stored value is page-writable input. */
function sanitize(raw: unknown): AgentState {
  const state: AgentState = {};
  if (raw === null || typeof raw !== 'object') return state;
  const record = raw as Record<string, unknown>;
  for (const key of STRING_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value) state[key] = value;
  }
  for (const key of FLAG_KEYS) {
    if (record[key] === true) state[key] = true;
  }
  return state;
}

/**
 * The persisted state of one agent's widget. It is held in memory and written through, so the
 * widget keeps working for the page view when storage is unavailable or full.
 */
export class AgentStore {
  private state: AgentState;

  constructor(
    private readonly key: string,
    private readonly storage: KeyValueStore | null,
  ) {
    this.state = this.read();
  }

  get(): AgentState {
    return { ...this.state };
  }

  update(patch: Partial<AgentState>): void {
    const next: Record<string, unknown> = { ...this.state, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    this.state = sanitize(next);
    try {
      this.storage?.setItem(this.key, JSON.stringify(this.state));
    } catch {
      // Quota exceeded or storage blocked: the in-memory state still serves this page view.
    }
  }

  private read(): AgentState {
    try {
      return sanitize(JSON.parse(this.storage?.getItem(this.key) ?? 'null'));
    } catch {
      return {};
    }
  }
}
