import type { Block } from '../../contract/blocks.js';
import type { Diagnostics, SourceRef } from '../../contract/stream-events.js';

/**
 * What the Playground page hands its script (page.ts writes it into a data attribute; the script
 * in web/playground reads it). Types only, and from the contract only, so that the browser script
 * can import them.
 */
export interface PlaygroundPageState {
  agent: { id: string; name: string; site_type: string; default_locale: string };
  site_types: { id: string; label: string; blocks: readonly string[] }[];
  conversation: PlaygroundHistory | null;
  /** The second pane's conversation, when the page was left in compare mode. */
  compare_conversation: PlaygroundHistory | null;
}

export interface PlaygroundHistory {
  id: string;
  messages: PlaygroundMessage[];
}

/** A stored message as the page restores it; an assistant reply keeps its turn's diagnostics. */
export interface PlaygroundMessage {
  role: 'user' | 'assistant';
  content: string;
  blocks: Block[];
  sources: SourceRef[];
  diagnostics: Diagnostics | null;
}
