/**
 * Keeps a production reply from reproducing the system prompt's instructions, whatever a visitor
 * or a planted text talked the model into. The reply is watched as it streams: a suffix automaton
 * of the confidential text gives, after every character, the longest tail of the reply that
 * appears verbatim in it. Text before that tail can never become part of a longer match, so it is
 * released at once; only the matching tail (usually a few characters of common words) is held
 * back. A tail of LEAK_RUN characters, or several shorter verbatim runs adding up to
 * LEAK_TOTAL, counts as a leak: the held text is dropped and the turn is stopped.
 *
 * Matching ignores case and treats every whitespace character as a space, one for one, so
 * positions in the normalised reply are positions in the raw reply.
 */

const LEAK_RUN = 60;
const COUNTED_RUN = 24;
const LEAK_TOTAL = 160;

/** The character code matching works on: lower case, any whitespace as a space. */
function normalize(code: number): number {
  if (code < 128) {
    if (code >= 65 && code <= 90) return code + 32;
    return code === 32 || (code >= 9 && code <= 13) ? 32 : code;
  }
  if (code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0x3000) return 32;
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : code;
}

/**
 * Suffix automaton: recognises every substring of a text in time linear in the input. Built for
 * every production turn, so it is kept compact: transitions live in one map keyed by
 * state × 2^16 + character code, with each state's outgoing codes listed for cloning.
 */
class SubstringAutomaton {
  private readonly transitions = new Map<number, number>();
  private readonly edges: number[][] = [[]];
  private readonly link: number[] = [-1];
  private readonly length: number[] = [0];

  constructor(text: string) {
    let last = 0;
    for (let i = 0; i < text.length; i += 1) last = this.extend(last, normalize(text.charCodeAt(i)));
  }

  private get(state: number, code: number): number | undefined {
    return this.transitions.get(state * 0x10000 + code);
  }

  private set(state: number, code: number, target: number): void {
    const key = state * 0x10000 + code;
    if (!this.transitions.has(key)) this.edges[state]!.push(code);
    this.transitions.set(key, target);
  }

  private extend(last: number, code: number): number {
    const current = this.addState(this.length[last]! + 1, -1);
    let p = last;
    while (p !== -1 && this.get(p, code) === undefined) {
      this.set(p, code, current);
      p = this.link[p]!;
    }
    if (p === -1) {
      this.link[current] = 0;
      return current;
    }
    const q = this.get(p, code)!;
    if (this.length[p]! + 1 === this.length[q]) {
      this.link[current] = q;
      return current;
    }
    const clone = this.addState(this.length[p]! + 1, this.link[q]!);
    for (const edge of this.edges[q]!) this.set(clone, edge, this.get(q, edge)!);
    while (p !== -1 && this.get(p, code) === q) {
      this.set(p, code, clone);
      p = this.link[p]!;
    }
    this.link[q] = clone;
    this.link[current] = clone;
    return current;
  }

  private addState(length: number, link: number): number {
    this.edges.push([]);
    this.link.push(link);
    this.length.push(length);
    return this.length.length - 1;
  }

  /** From (state, matched length), one more character: the new state and longest match length. */
  step(state: number, matched: number, code: number): [number, number] {
    let p = state;
    let length = matched;
    while (p > 0 && this.get(p, code) === undefined) {
      p = this.link[p]!;
      length = this.length[p]!;
    }
    const target = this.get(p, code);
    return target === undefined ? [0, 0] : [target, length + 1];
  }
}

/** Indexes of recent confidential texts: an agent's prompt rules repeat from turn to turn. */
const CACHE_SIZE = 32;
const cache = new Map<string, SubstringAutomaton>();

function automatonFor(text: string): SubstringAutomaton {
  let automaton = cache.get(text);
  if (automaton) {
    cache.delete(text);
  } else {
    automaton = new SubstringAutomaton(text);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(text, automaton);
  return automaton;
}

export class LeakGuard {
  private readonly automaton: SubstringAutomaton;
  private state = 0;
  private matched = 0;
  private pending = '';
  private countedTotal = 0;
  /** Reply characters seen, and how far verbatim runs have been counted (runs may overlap). */
  private position = 0;
  private countedUpTo = 0;
  private leaked = false;

  constructor(confidential: string) {
    this.automaton = automatonFor(confidential);
  }

  /** Feeds a delta; returns the text that is safe to show now, or `leak` when the reply leaks. */
  push(delta: string): { release: string } | { leak: true } {
    if (this.leaked) return { leak: true };
    for (let i = 0; i < delta.length; i += 1) {
      const before = this.matched;
      [this.state, this.matched] = this.automaton.step(this.state, this.matched, normalize(delta.charCodeAt(i)));
      if (this.matched <= before && before >= COUNTED_RUN) {
        this.countedTotal += this.position - Math.max(this.position - before, this.countedUpTo);
        this.countedUpTo = this.position;
      }
      this.position += 1;
      if (this.matched >= LEAK_RUN || this.countedTotal + (this.matched >= COUNTED_RUN ? this.matched : 0) >= LEAK_TOTAL) {
        this.leaked = true;
        this.pending = '';
        return { leak: true };
      }
    }
    this.pending += delta;
    let releasable = this.pending.length - this.matched;
    // Never split a surrogate pair between what is shown and what is held.
    if (releasable > 0 && /[\uD800-\uDBFF]/.test(this.pending.charAt(releasable - 1))) releasable -= 1;
    const release = this.pending.slice(0, releasable);
    this.pending = this.pending.slice(releasable);
    return { release };
  }

  /** The text still held back when the reply ends without a leak. */
  flush(): string {
    const rest = this.leaked ? '' : this.pending;
    this.pending = '';
    return rest;
  }
}
