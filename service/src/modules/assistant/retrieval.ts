import type { Db } from '../../db/client.js';
import { searchKnowledge, type SearchHit } from '../knowledge/search.js';

export interface RankedSource {
  rank: number;
  score: number;
  chunkId: number;
  documentId: string;
  kind: SearchHit['kind'];
  title: string;
  url: string;
  heading: string | null;
  snippet: string;
  content: string;
  data: Record<string, unknown>;
}

export interface Retrieval {
  sources: RankedSource[];
  /** How well the best sources cover the question, in [0, 1]; see `confidenceOf`. */
  confidence: number;
  lowConfidence: boolean;
}

/** Below this the assistant says it is unsure and offers escalation instead of answering. */
export const LOW_CONFIDENCE_THRESHOLD = 0.35;
const DEFAULT_LIMIT = 6;
/** Two chunks of one page are useful context; more crowd out other pages. */
const MAX_CHUNKS_PER_DOCUMENT = 2;
const SNIPPET_CHARS = 280;
/** A question this short ("and in red?") leans on the previous turn for its subject. */
const FOLLOW_UP_MAX_TERMS = 2;

export interface RetrievalInput {
  workspaceId: string;
  question: string;
  /**
   * The visitor's earlier messages, oldest first. May still be loading: the question is searched
   * at once, and these are awaited only to decide whether it is a follow-up.
   */
  previousUserTurns: readonly string[] | Promise<readonly string[]>;
  language: string;
  limit?: number;
}

/**
 * The question against the workspace's index. A short follow-up is searched a second time
 * together with the previous visitor turn, and the two rankings merged, so that "and in red?"
 * still finds the product the conversation is about.
 */
export async function retrieve(db: Db, input: RetrievalInput): Promise<Retrieval> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  const search = (query: string) => searchKnowledge(db, { workspaceId: input.workspaceId, query, language: input.language, limit: limit * 2 });
  const searches = [search(input.question)];
  const questionTerms = contentTerms(input.question);
  // Only a short question can be a follow-up; a longer one does not wait for the history at all.
  const previous = questionTerms.length <= FOLLOW_UP_MAX_TERMS ? (await input.previousUserTurns).at(-1) : undefined;
  const followUp = previous !== undefined;
  if (followUp) searches.push(search(`${previous} ${input.question}`));
  const hits = mergeHits((await Promise.all(searches)).flat());
  const sources = rank(hits, limit);
  const terms = followUp ? contentTerms(`${previous} ${input.question}`) : questionTerms;
  const confidence = confidenceOf(terms, sources);
  return { sources, confidence, lowConfidence: confidence < LOW_CONFIDENCE_THRESHOLD };
}

function mergeHits(hits: SearchHit[]): SearchHit[] {
  const best = new Map<number, SearchHit>();
  for (const hit of hits) {
    const current = best.get(hit.chunkId);
    if (!current || hit.score > current.score) best.set(hit.chunkId, hit);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
}

function rank(hits: SearchHit[], limit: number): RankedSource[] {
  const perDocument = new Map<string, number>();
  const sources: RankedSource[] = [];
  for (const hit of hits) {
    const count = perDocument.get(hit.documentId) ?? 0;
    if (count >= MAX_CHUNKS_PER_DOCUMENT) continue;
    perDocument.set(hit.documentId, count + 1);
    sources.push({ rank: sources.length + 1, ...hit, snippet: snippetOf(hit.content) });
    if (sources.length >= limit) break;
  }
  return sources;
}

export function snippetOf(content: string, maxChars = SNIPPET_CHARS): string {
  if (content.length <= maxChars) return content;
  const cut = content.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > maxChars / 2 ? lastSpace : maxChars)}…`;
}

/**
 * Confidence = 0.6 × coverage + 0.4 × top score, where
 * - coverage is the share of the question's content words (three letters or more, common
 *   function words of the main languages removed) found in the best source or the one after it;
 *   a word counts as found when a word of the source starts with its first four letters, which
 *   absorbs most inflection (return/returns, Bestellung/Bestellungen);
 * - top score is the search score of the best source (ts_rank_cd normalised to [0, 1)).
 * Coverage dominates because rank values depend on document length, while a source that contains
 * what was asked about is what makes an answer groundable. No source at all gives 0; a question
 * with no content words (a greeting) scores the top score alone.
 */
export function confidenceOf(terms: readonly string[], sources: readonly RankedSource[]): number {
  const [first, second] = sources;
  if (!first) return 0;
  const topScore = Math.min(Math.max(first.score, 0), 1);
  if (terms.length === 0) return round(topScore);
  // The question's stems, crossed off as the two best sources are read; done once all are found.
  const missing = new Set(terms.map(stem));
  for (const source of [first, second]) {
    if (!source || missing.size === 0) continue;
    for (const [word] of normalized(`${source.title} ${source.heading ?? ''} ${source.content}`).matchAll(WORD)) {
      if (missing.delete(stem(word)) && missing.size === 0) break;
    }
  }
  const covered = terms.filter((term) => !missing.has(stem(term))).length;
  return round(0.6 * (covered / terms.length) + 0.4 * topScore);
}

function round(value: number): number {
  return Math.round(Math.min(Math.max(value, 0), 1) * 1000) / 1000;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Text as its words are compared: lower case, compatibility forms folded. */
function normalized(text: string): string {
  return text.toLowerCase().normalize('NFKC');
}

function wordsOf(text: string): string[] {
  return normalized(text).match(WORD) ?? [];
}

/** The first four characters (code points, so that no surrogate pair is cut). */
function stem(word: string): string {
  return /[\uD800-\uDFFF]/.test(word) ? [...word].slice(0, 4).join('') : word.slice(0, 4);
}

/** Function words that carry no subject, in the languages the offline responder covers. */
const STOPWORDS = new Set(
  (
    'the and for are but not you your yours with this that these those what which who whom whose when where why how ' +
    'can could would should will shall may might must have has had does did was were been being there their they them ' +
    'from into about than then also just any some all our ours out get got please tell know want need like ' +
    'der die das den dem des ein eine einen einem einer und oder aber nicht ist sind war wie was wer wo warum ' +
    'ich du sie wir ihr mein meine mir mich dich ihnen haben hat kann könnt bitte mit für von auf aus bei noch ' +
    'les des une est sont pas pour avec dans sur que qui quoi comment pourquoi où mon mes ma vous nous votre vos ' +
    'avez ont peut bien aussi merci ' +
    'los las una uno unos unas del con por para que qué como cómo cuál donde dónde está están son mis tus sus ' +
    'usted ustedes tiene tengo puede quiero gracias ' +
    'هل ما ماذا كيف أين متى لماذا من في على إلى عن هذا هذه ذلك التي الذي أنا أنت نحن هو هي'
  ).split(' '),
);

export function contentTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    if ([...word].length >= 3 && !STOPWORDS.has(word)) terms.add(word);
  }
  return [...terms];
}
