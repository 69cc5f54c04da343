import { contentTerms } from '../retrieval.js';
import { fold, stemsOf, wordsOf } from '../understanding/stemming.js';
import type { OfflineSource } from './facts.js';

/**
 * Sentence-level answer extraction: the sentences (and spec-list lines) of the best sources that
 * answer the question, chosen by the question's words compared through their stems in the reply
 * and content languages. Words of a source's own title count little (every sentence of a product
 * page is about that product); a quantity question ("how heavy") prefers sentences that state a
 * number with a unit.
 */

export interface Extracted {
  source: OfflineSource;
  sentences: string[];
  score: number;
}

const MAX_SOURCES_READ = 4;
const MAX_SENTENCE_CHARS = 400;
const NAME_TERM_WEIGHT = 0.25;
/** A sentence answers only if it shares at least this much weight of non-name question words. */
const MIN_ANSWER_SCORE = 1;
const QUANTITY = /\d(?:[\d.,]*)\s?(?:kg|g|mg|l|ml|cl|cm|mm|m|km|w|wh|mah|lm|lumens?|h|hours?|hrs?|min|minutes?|°c|°|%|oz|lbs?|in|inch(?:es)?|ft|tog|d|denier|std|stunden|stunde|tage?|days?|years?|jahre?|ans?|anos?|años?|heures?|horas?|l\b|liters?|litres?|liter|personen|people|persons|pairs?|paar|pcs|stück|x)(?![\p{L}])/iu;
const DIGIT = /\d/;

function sentencesOf(source: OfflineSource): string[] {
  const title = fold(source.title).trim();
  const sentences: string[] = [];
  for (const line of source.content.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const folded = fold(trimmed);
    // The product header the index adds (name, SKU, categories) is no answer to anything.
    if (source.kind === 'product' && (folded === title || /^sku\s/i.test(trimmed) || isCategoryLine(source, trimmed))) continue;
    for (const sentence of trimmed.split(/(?<=[.!?。！？؟])\s+(?=[\p{Lu}\p{N}"„«(])/u)) {
      const clean = sentence.trim();
      if (clean.length >= 3) sentences.push(clean.length > MAX_SENTENCE_CHARS ? `${clean.slice(0, MAX_SENTENCE_CHARS - 1)}…` : clean);
    }
  }
  return sentences;
}

function isCategoryLine(source: OfflineSource, line: string): boolean {
  const categories = Array.isArray(source.data.categories) ? (source.data.categories as { name?: unknown }[]).map((c) => String(c.name ?? '')) : [];
  return categories.length > 0 && line === categories.join(', ');
}

interface QuestionTerms {
  terms: { stems: string[]; weight: number }[];
  quantity: boolean;
}

function questionTerms(question: string, source: OfflineSource, languages: readonly string[], quantity: boolean): QuestionTerms {
  const nameWords = new Set(wordsOf(source.title));
  const terms = contentTerms(question).map((term) => {
    const folded = fold(term);
    return { stems: stemsOf(folded, languages), weight: nameWords.has(folded) ? NAME_TERM_WEIGHT : 1 };
  });
  return { terms, quantity };
}

function scoreSentence(sentence: string, question: QuestionTerms, languages: readonly string[]): number {
  const stems = new Set<string>();
  for (const word of wordsOf(sentence)) for (const stem of stemsOf(word, languages)) stems.add(stem);
  let score = 0;
  let answering = 0;
  for (const term of question.terms) {
    if (term.stems.some((stem) => stems.has(stem))) {
      score += term.weight;
      if (term.weight === 1) answering += 1;
    }
  }
  if (answering === 0) return 0;
  if (question.quantity) score = QUANTITY.test(sentence) ? score + 0.75 : DIGIT.test(sentence) ? score + 0.25 : score * 0.6;
  const words = sentence.split(/\s+/).length;
  if (words > 45) score *= 0.8;
  return score;
}

/**
 * The best answer among the sources (in their order, the earlier preferred on a tie): one
 * sentence, or two of the same source when the second is nearly as good; undefined when no
 * sentence shares a non-name word of the question.
 */
export function extractAnswer(question: string, sources: readonly OfflineSource[], languages: readonly string[], quantity: boolean): Extracted | undefined {
  let best: Extracted | undefined;
  sources.slice(0, MAX_SOURCES_READ).forEach((source, sourceIndex) => {
    const terms = questionTerms(question, source, languages, quantity);
    const scored = sentencesOf(source)
      .map((sentence, position) => ({ sentence, position, score: scoreSentence(sentence, terms, languages) - 0.05 * sourceIndex }))
      .filter((entry) => entry.score > 0);
    if (scored.length === 0) return;
    const ranked = [...scored].sort((a, b) => b.score - a.score || a.position - b.position);
    const top = ranked[0] as (typeof ranked)[number];
    if (top.score < MIN_ANSWER_SCORE - 0.05 * sourceIndex) return;
    if (best && best.score >= top.score) return;
    const second = ranked[1];
    const chosen = second && second.score >= top.score * 0.8 && second.sentence !== top.sentence ? [top, second].sort((a, b) => a.position - b.position) : [top];
    best = { source, sentences: chosen.map((entry) => entry.sentence), score: top.score };
  });
  return best;
}
