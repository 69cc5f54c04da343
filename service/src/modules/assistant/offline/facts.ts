import type { FocusProduct, Retrieval } from '../retrieval.js';
import type { QuestionAnalysis } from '../understanding/question.js';

/**
 * What the runtime established about a turn, handed to the offline responder as typed data in
 * the model call's provider options (`providerOptions.offline`), never as text to parse out of
 * the prompt: the prompt is for hosted models.
 */
export interface OfflineTurnFacts {
  language: string;
  /** The language the site's content is written in (the agent's default locale). */
  contentLanguage: string;
  agentName: string;
  /** A shop (products, orders) rather than a content site. */
  shop: boolean;
  lowConfidence: boolean;
  analysis: QuestionAnalysis;
  /** The email addresses the visitor gave in this conversation, oldest first (stored facts). */
  visitorEmails?: string[];
  focus: FocusProduct | null;
  sources: OfflineSource[];
  /** The visitor's question before this one, which this one leans on for its subject (see Retrieval). */
  leansOn?: string;
}

export interface OfflineSource {
  rank: number;
  documentId: string;
  title: string;
  url: string;
  kind: 'post' | 'product' | 'snippet';
  heading: string | null;
  content: string;
  data: Record<string, unknown>;
  origin: Retrieval['sources'][number]['origin'];
}

export const OFFLINE_FACTS_KEY = 'offline';

/** The facts as provider options: the one place that knows their key. */
export function offlineProviderOptions(facts: OfflineTurnFacts): Record<string, Record<string, never>> {
  return { [OFFLINE_FACTS_KEY]: facts as unknown as Record<string, never> };
}

/** The facts a call carries, when the runtime sent them. */
export function readOfflineFacts(providerOptions: unknown): OfflineTurnFacts | undefined {
  if (typeof providerOptions !== 'object' || providerOptions === null) return undefined;
  const facts = (providerOptions as Record<string, unknown>)[OFFLINE_FACTS_KEY];
  if (typeof facts !== 'object' || facts === null || !('analysis' in facts) || !('sources' in facts)) return undefined;
  return facts as OfflineTurnFacts;
}
