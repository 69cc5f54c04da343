import type { RunDiff, TestResult } from './store.js';

/**
 * Whether an answer passes its test, and what changed since the previous run. Pure functions:
 * the runner and the command line's printout use the same verdicts.
 */

export interface TestExpectation {
  expectedSources: readonly string[];
  factPattern: string | null;
}

export interface TurnSeen {
  error: string | null;
  answer: string;
  cited: readonly string[];
  /** The outcome's gap flag and why (outcome.ts); null when the turn did not complete. */
  gap: { low_confidence: boolean; abstained: boolean; escalated: boolean } | null;
}

/** Lower case, accents and runs of spaces removed: "Lieferzeit  2–3 Tage" finds "lieferzeit 2–3 tage". */
export function normalizedText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function sameAddress(a: string, b: string): boolean {
  const strip = (url: string) =>
    url
      .replace(/\/+$/, '')
      .replace(/^https?:\/\//, '')
      .toLowerCase();
  return strip(a) === strip(b);
}

/**
 * The reasons an answer fails its test (none: it passes). With no expected source and no fact
 * pattern, a test asks only that the question be answered: not a gap.
 */
export function failuresOf(expectation: TestExpectation, seen: TurnSeen): string[] {
  if (seen.error !== null) return [`the turn failed: ${seen.error}`];
  const failures: string[] = [];
  for (const expected of expectation.expectedSources) {
    if (!seen.cited.some((url) => sameAddress(url, expected))) failures.push(`does not cite ${expected}`);
  }
  const pattern = expectation.factPattern?.trim();
  if (pattern) {
    const answer = normalizedText(seen.answer);
    const phrases = pattern.split('|').map(normalizedText).filter(Boolean);
    if (phrases.length > 0 && !phrases.some((phrase) => answer.includes(phrase))) failures.push(`does not say ${phrases.map((p) => `"${p}"`).join(' or ')}`);
  }
  if (expectation.expectedSources.length === 0 && !pattern && seen.gap) {
    const why = [seen.gap.low_confidence && 'low confidence', seen.gap.abstained && 'abstained', seen.gap.escalated && 'escalated'].filter(Boolean);
    if (why.length > 0) failures.push(`not answered (${why.join(', ')})`);
  }
  return failures;
}

/** What changed from the previous run: tests newly failing or passing, answers that changed, tests added. */
export function diffRuns(previousRunId: string | null, previous: readonly TestResult[], current: readonly TestResult[]): RunDiff {
  const before = new Map(previous.map((result) => [result.test_id, result]));
  const diff: RunDiff = { previous_run_id: previousRunId, newly_failing: [], newly_passing: [], changed_answer: [], added: [] };
  for (const result of current) {
    const entry = { test_id: result.test_id, question: result.question };
    const earlier = before.get(result.test_id);
    if (!earlier) diff.added.push(entry);
    else if (earlier.passed && !result.passed) diff.newly_failing.push(entry);
    else if (!earlier.passed && result.passed) diff.newly_passing.push(entry);
    else if (normalizedText(earlier.answer) !== normalizedText(result.answer)) diff.changed_answer.push(entry);
  }
  return diff;
}
