import { describe, expect, it } from 'vitest';
import { diffRuns, failuresOf } from '../../src/modules/agent-tests/evaluate.js';
import type { TestResult } from '../../src/modules/agent-tests/store.js';

const answered = {
  error: null,
  answer: 'Die Lieferzeit beträgt  2–3 Tage. [Versand](https://shop.example/versand)',
  cited: ['https://shop.example/versand/'],
  gap: null,
};

describe("a test's verdict", () => {
  it('passes when every expected source is cited (scheme, case and a trailing slash aside) and a phrase is said', () => {
    expect(failuresOf({ expectedSources: ['http://SHOP.example/versand'], factPattern: 'lieferzeit betragt 2–3 tage | delivery time' }, answered)).toEqual([]);
  });

  it('names each expected source not cited and the phrases not said', () => {
    expect(failuresOf({ expectedSources: ['https://shop.example/retouren'], factPattern: '5 Tage|five days' }, answered)).toEqual([
      'does not cite https://shop.example/retouren',
      'does not say "5 tage" or "five days"',
    ]);
  });

  it('reads a pattern as text, never as an expression', () => {
    expect(failuresOf({ expectedSources: [], factPattern: '(a+)+$' }, { ...answered, answer: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' })).toEqual([
      'does not say "(a+)+$"',
    ]);
    expect(failuresOf({ expectedSources: [], factPattern: '2–3 Tage.' }, answered)).toEqual([]);
  });

  it('with no expectation, asks only that the question be answered', () => {
    expect(failuresOf({ expectedSources: [], factPattern: null }, answered)).toEqual([]);
    expect(failuresOf({ expectedSources: [], factPattern: null }, { ...answered, gap: { low_confidence: true, abstained: true, escalated: false } })).toEqual([
      'not answered (low confidence, abstained)',
    ]);
    expect(failuresOf({ expectedSources: [], factPattern: null }, { ...answered, error: 'The assistant could not answer right now' })).toEqual([
      'the turn failed: The assistant could not answer right now',
    ]);
  });
});

describe('the difference between two runs', () => {
  const result = (id: string, passed: boolean, answer = 'same'): TestResult => ({
    test_id: id,
    question: `q${id}`,
    passed,
    failures: [],
    answer,
    sources: [],
    diagnostics: null,
  });

  it('sorts each test into newly failing, newly passing, changed answer or added', () => {
    const previous = [result('1', true), result('2', false), result('3', true, 'Old  answer'), result('4', true, 'kept'), result('gone', true)];
    const current = [result('1', false), result('2', true), result('3', true, 'New answer'), result('4', true, 'Kept'), result('5', false)];
    expect(diffRuns('run-1', previous, current)).toEqual({
      previous_run_id: 'run-1',
      newly_failing: [{ test_id: '1', question: 'q1' }],
      newly_passing: [{ test_id: '2', question: 'q2' }],
      changed_answer: [{ test_id: '3', question: 'q3' }],
      added: [{ test_id: '5', question: 'q5' }],
    });
  });
});
