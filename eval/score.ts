/** Per-question outcomes of the evaluation, and their summary by language, kind and target. */

export const KINDS = ['price', 'fact', 'described', 'policy', 'multi_part', 'follow_up', 'this_one', 'small_talk', 'unanswerable'] as const;
export type Kind = (typeof KINDS)[number];

export interface Outcome {
  id: string;
  store: string;
  language: string;
  kind: Kind;
  /** Asked in another language than the store's content. */
  crossLanguage: boolean;
  named: boolean;
  /** Share of the expected sources in the turn's top 1 / top 5; null when none are expected. */
  recall1: number | null;
  recall5: number | null;
  /** The answer states the expected fact(s); null when the question names none. */
  grounded: boolean | null;
  /** An expected source is among the sources shown; null when none are expected. */
  cited: boolean | null;
  /** Share of the shown sources that are expected ones; null when none are shown. */
  precision: number | null;
  /** Unanswerable questions: nothing shown or linked as if it answered. */
  abstained: boolean | null;
  handoffOffered: boolean;
  languageOk: boolean;
  replyLanguage: string;
  question: string;
  answer: string;
  shown: string[];
  ranked: string[];
}

export interface Figures {
  questions: number;
  recall1: number | null;
  recall5: number | null;
  grounded: number | null;
  cited: number | null;
  precision: number | null;
  abstained: number | null;
  language: number | null;
}

export interface Target {
  name: string;
  value: number | null;
  threshold: number;
  met: boolean;
}

export interface Summary {
  overall: Figures;
  byLanguage: Record<string, Figures>;
  byKind: Record<string, Figures>;
  sameLanguage: Figures;
  crossLanguageNamed: Figures;
  targets: Target[];
}

function mean(values: readonly (number | boolean | null)[]): number | null {
  const present = values.filter((v): v is number | boolean => v !== null);
  if (present.length === 0) return null;
  return Math.round((present.reduce<number>((sum, v) => sum + Number(v), 0) / present.length) * 1000) / 1000;
}

export function figuresOf(outcomes: readonly Outcome[]): Figures {
  return {
    questions: outcomes.length,
    recall1: mean(outcomes.map((o) => o.recall1)),
    recall5: mean(outcomes.map((o) => o.recall5)),
    grounded: mean(outcomes.map((o) => o.grounded)),
    cited: mean(outcomes.map((o) => o.cited)),
    precision: mean(outcomes.map((o) => o.precision)),
    abstained: mean(outcomes.map((o) => o.abstained)),
    language: mean(outcomes.map((o) => o.languageOk)),
  };
}

function groupBy(outcomes: readonly Outcome[], key: (o: Outcome) => string): Record<string, Figures> {
  const groups = new Map<string, Outcome[]>();
  for (const outcome of outcomes) groups.set(key(outcome), [...(groups.get(key(outcome)) ?? []), outcome]);
  return Object.fromEntries([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, group]) => [name, figuresOf(group)]));
}

function target(name: string, value: number | null, threshold: number): Target {
  return { name, value, threshold, met: value !== null && value >= threshold };
}

export function summarize(outcomes: readonly Outcome[]): Summary {
  const same = outcomes.filter((o) => !o.crossLanguage);
  const crossNamed = outcomes.filter((o) => o.crossLanguage && o.named);
  const thisOne = outcomes.filter((o) => o.kind === 'this_one');
  const sameLanguage = figuresOf(same);
  const crossLanguageNamed = figuresOf(crossNamed);
  const overall = figuresOf(outcomes);
  // "This one" is answered when the page's product ranks first and the answer states the fact.
  const thisOneAnswered = mean(thisOne.map((o) => o.recall1 === 1 && o.grounded !== false));
  return {
    overall,
    byLanguage: groupBy(outcomes, (o) => o.language),
    byKind: groupBy(outcomes, (o) => o.kind),
    sameLanguage,
    crossLanguageNamed,
    targets: [
      target('same-language grounded >= 90%', sameLanguage.grounded, 0.9),
      target('same-language recall@5 >= 95%', sameLanguage.recall5, 0.95),
      target('"this one" on a product page = 100%', thisOneAnswered, 1),
      target('unanswerable abstained >= 90%', figuresOf(outcomes.filter((o) => o.kind === 'unanswerable')).abstained, 0.9),
      target('shown-source precision >= 80%', overall.precision, 0.8),
      target('cross-language named-product recall@5 >= 80%', crossLanguageNamed.recall5, 0.8),
    ],
  };
}
