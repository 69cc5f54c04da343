/**
 * Measures asked for and measures stated: "a sleeping bag under 1.5 kg", "zwischen 20 und 30
 * Liter", "R-Wert mindestens 4", "-10 Grad oder kälter". A question's conditions are read with
 * their unit (converted to one base unit per dimension) or, for a unitless rating, the label
 * before them; a product's text is read for the same dimension, preferring the value on a line
 * that names it ("Gewicht: 1,45 kg" over "850 g Gänsedaune"). Shoppers compare this way, and a
 * catalog search by words alone cannot: "unter 100 Gramm" shares no word with "wiegt 88 g".
 *
 * Every pattern is linear: words and numbers are read in one pass of a global regular expression
 * with bounded repetitions, and a product's text is read once per question dimension.
 */

export type Dimension = 'mass' | 'volume' | 'length' | 'temperature' | 'luminous' | 'charge' | 'rating';

export interface MeasureCondition {
  dimension: Dimension;
  /** The word naming what is measured: the question's ("komforttemperatur"), or for a rating its label ("r-wert"). */
  label?: string;
  min?: number;
  max?: number;
}

interface Unit {
  dimension: Exclude<Dimension, 'rating'>;
  /** Into the dimension's base unit: grams, millilitres, millimetres, degrees Celsius, lumen, mAh. */
  toBase: (value: number) => number;
}

const times = (factor: number) => (value: number) => value * factor;
const UNITS: Record<string, Unit> = {};
function units(dimension: Unit['dimension'], toBase: (value: number) => number, names: string[]): void {
  for (const name of names) UNITS[name] = { dimension, toBase };
}
units('mass', times(0.001), ['mg']);
units('mass', times(1), ['g', 'gr', 'gram', 'grams', 'gramm', 'gramme', 'grammes', 'gramos', 'grammi', 'grammo']);
units('mass', times(1000), ['kg', 'kgs', 'kilo', 'kilos', 'kilogramm', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kilogramos', 'chilo', 'chili']);
units('mass', times(453.592), ['lb', 'lbs', 'pound', 'pounds', 'pfund']);
units('mass', times(28.3495), ['oz', 'ounce', 'ounces', 'unze', 'unzen']);
units('volume', times(1), ['ml', 'milliliter', 'millilitre', 'millilitres', 'milliliters']);
units('volume', times(10), ['cl']);
units('volume', times(100), ['dl']);
units('volume', times(1000), ['l', 'liter', 'litre', 'litres', 'liters', 'litro', 'litros', 'litri']);
units('length', times(1), ['mm']);
units('length', times(10), ['cm']);
units('length', times(1000), ['m', 'meter', 'metre', 'meters', 'metres', 'metro', 'metros', 'metri']);
units('length', times(25.4), ['inch', 'inches', 'zoll', 'pouces']);
units('temperature', times(1), ['°c', '°', 'grad', 'degrees', 'degree', 'celsius', 'degres', 'grados', 'gradi']);
units('temperature', (value) => ((value - 32) * 5) / 9, ['°f', 'fahrenheit']);
units('luminous', times(1), ['lm', 'lumen', 'lumens', 'lumenes']);
units('charge', times(1), ['mah']);

/** Words that name a dimension on a product's line ("Gewicht: 790 g", "it weighs 790 g"). */
const DIMENSION_LABELS: Partial<Record<Dimension, RegExp>> = {
  mass: /(?:gewicht|wiegt|wiegen|weight|weighs|weighing|poids|pese|peso|pesa|peso)/u,
  volume: /(?:volumen|volume|fassungsvermogen|inhalt|capacity|capacite|capacidad|capacita)/u,
  temperature: /(?:komfort|comfort|confort)/u,
};

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  ein: 1,
  eine: 1,
  einem: 1,
  einer: 1,
  einen: 1,
  un: 1,
  une: 1,
  uno: 1,
  una: 1,
  two: 2,
  zwei: 2,
  deux: 2,
  dos: 2,
  due: 2,
  three: 3,
  drei: 3,
  trois: 3,
  tres: 3,
  tre: 3,
  five: 5,
  funf: 5,
  cinq: 5,
  cinco: 5,
  cinque: 5,
  ten: 10,
  zehn: 10,
  dix: 10,
  diez: 10,
  dieci: 10,
};

const AT_MOST = [
  'under',
  'below',
  'less than',
  'lighter than',
  'smaller than',
  'at most',
  'max',
  'maximum',
  'no more than',
  'up to',
  'not more than',
  'unter',
  'unterhalb von',
  'weniger als',
  'leichter als',
  'kleiner als',
  'hochstens',
  'maximal',
  'max',
  'bis zu',
  'nicht mehr als',
  'bis',
  'moins de',
  'sous',
  'en dessous de',
  'au maximum',
  'au plus',
  "jusqu'a",
  'plus leger que',
  'menos de',
  'por debajo de',
  'como maximo',
  'maximo',
  'hasta',
  'meno di',
  'sotto i',
  'sotto',
  'al massimo',
  'fino a',
];
const AT_LEAST = [
  'over',
  'above',
  'more than',
  'at least',
  'min',
  'minimum',
  'no less than',
  'bigger than',
  'larger than',
  'uber',
  'oberhalb von',
  'mehr als',
  'mindestens',
  'wenigstens',
  'ab',
  'minimal',
  'grosser als',
  'plus de',
  'au moins',
  'au-dessus de',
  'au minimum',
  'mas de',
  'al menos',
  'como minimo',
  'minimo',
  'piu di',
  'almeno',
  'sopra i',
];
const OR_LESS = [
  'or less',
  'or lighter',
  'or colder',
  'or smaller',
  'or under',
  'or below',
  'oder weniger',
  'oder leichter',
  'oder kalter',
  'oder kleiner',
  'oder darunter',
  'ou moins',
  'o menos',
  'o meno',
];
const OR_MORE = [
  'or more',
  'or warmer',
  'or bigger',
  'or larger',
  'or above',
  'or over',
  'oder mehr',
  'oder warmer',
  'oder grosser',
  'oder daruber',
  'ou plus',
  'o mas',
  'o piu',
];
const BETWEEN = ['between', 'zwischen', 'entre', 'tra', 'fra'];
const AND = ['and', 'und', 'et', 'y', 'e', 'to', 'bis', 'a'];

/** Words between a label and its condition, and words that are no label. */
const FILLER = new Set([
  'sollte',
  'soll',
  'muss',
  'sein',
  'ist',
  'hat',
  'haben',
  'von',
  'mit',
  'der',
  'die',
  'das',
  'den',
  'dem',
  'ein',
  'eine',
  'einer',
  'einem',
  'einen',
  'bei',
  'wiegt',
  'und',
  'should',
  'must',
  'be',
  'is',
  'has',
  'have',
  'of',
  'with',
  'the',
  'a',
  'an',
  'and',
  'that',
  'which',
  'weighs',
  'anything',
  'something',
  'one',
  'ones',
  'etwas',
  'was',
  'irgendwas',
  'quelque',
  'chose',
  'algo',
  'qualcosa',
  'doit',
  'etre',
  'de',
  'du',
  'la',
  'le',
  'avec',
  'et',
  'debe',
  'ser',
  'con',
  'el',
  'deve',
  'essere',
  'il',
  'di',
  'trotzdem',
  'still',
  'aber',
  'but',
  'noch',
]);

const alternation = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
const NUMBER = String.raw`(-?\d{1,7}(?:[.,]\d{1,3})*|${Object.keys(NUMBER_WORDS).join('|')})`;
const UNIT = String.raw`(${alternation(Object.keys(UNITS))})`;
const NOT_LETTER = String.raw`(?![\p{L}\d])`;
const WORD_START = String.raw`(?<![\p{L}\d])`;

/** The ways a question states a condition, each read in one pass; earlier kinds win where they overlap. */
const CONDITIONS: { kind: 'between' | 'most' | 'least' | 'trailing'; pattern: RegExp }[] = [
  {
    kind: 'between',
    pattern: new RegExp(
      String.raw`${WORD_START}(?:${alternation(BETWEEN)})\s+${NUMBER}\s*${UNIT}?\s+(?:${alternation(AND)})\s+${NUMBER}\s*${UNIT}?${NOT_LETTER}`,
      'gu',
    ),
  },
  { kind: 'most', pattern: new RegExp(String.raw`${WORD_START}(?:${alternation(AT_MOST)})\s+()()${NUMBER}\s*${UNIT}?${NOT_LETTER}`, 'gu') },
  { kind: 'least', pattern: new RegExp(String.raw`${WORD_START}(?:${alternation(AT_LEAST)})\s+()()${NUMBER}\s*${UNIT}?${NOT_LETTER}`, 'gu') },
  { kind: 'trailing', pattern: new RegExp(String.raw`${WORD_START}()()${NUMBER}\s*${UNIT}?\s+(${alternation([...OR_LESS, ...OR_MORE])})${NOT_LETTER}`, 'gu') },
];

interface ConditionMatch {
  kind: (typeof CONDITIONS)[number]['kind'];
  start: number;
  end: number;
  /** [number, unit] pairs: two for "between", one otherwise. */
  values: [string, string | undefined][];
  trailing?: string;
}

function conditionMatches(folded: string): ConditionMatch[] {
  const found: ConditionMatch[] = [];
  for (const { kind, pattern } of CONDITIONS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(folded); match; match = pattern.exec(folded)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((known) => start < known.end && end > known.start)) continue;
      const [, n1, u1, n2, u2, trailing] = match;
      const values: [string, string | undefined][] =
        kind === 'between'
          ? [
              [n1!, u1 ?? u2],
              [n2!, u2 ?? u1],
            ]
          : [[n2!, u2]];
      found.push({ kind, start, end, values, ...(trailing ? { trailing: trailing.replace(/\s+/g, ' ') } : {}) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** A number with its unit in a product's text. */
const STATED = new RegExp(String.raw`${WORD_START}(-?\d{1,7}(?:[.,]\d{1,3})*)\s*${UNIT}${NOT_LETTER}`, 'giu');
/** The words of up to this many characters before a number are its label ("Komforttemperatur: -12 °C"). */
const LABEL_CHARS = 48;
/** Labels stop at a line or sentence end, or a list separator. */
const LABEL_BREAK = /[\n.;|•]\s|\n/gu;

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function numberOf(written: string, unit: string | undefined): number | undefined {
  const word = NUMBER_WORDS[written];
  if (word !== undefined) return word;
  // "1.380 g" and "1,380 g": a thousands separator before exactly three digits of a small unit.
  const thousands = /^-?\d{1,3}(?:[.,]\d{3})+$/.test(written) && unit !== undefined && ['g', 'ml', 'mm', 'mah', 'lm'].includes(unit);
  const normalized = thousands ? written.replace(/[.,]/g, '') : written.replace(/\.(?=\d{3}(?:[.,]|$))(?=.*[.,]\d{1,2}$)/g, '').replace(',', '.');
  const value = Number(normalized);
  return Number.isFinite(value) ? value : undefined;
}

/** The last word before `index` worth calling a label, within the same clause. */
function labelBefore(folded: string, index: number): string | undefined {
  const clause =
    folded
      .slice(Math.max(0, index - LABEL_CHARS), index)
      .split(/[,;:.!?()\n]/u)
      .at(-1) ?? '';
  const words = clause.match(/[\p{L}][\p{L}-]*/gu) ?? [];
  for (const word of words.reverse()) {
    if (FILLER.has(word) || AT_MOST.includes(word) || AT_LEAST.includes(word)) continue;
    return word.length >= 3 ? word : undefined;
  }
  return undefined;
}

/** The measure conditions a question states, each once per dimension and label. */
export function measureConditionsIn(question: string): MeasureCondition[] {
  const folded = fold(question);
  const conditions: MeasureCondition[] = [];
  for (const match of conditionMatches(folded)) {
    const unitName = match.values.find(([, unit]) => unit !== undefined)?.[1];
    const unit = unitName ? UNITS[unitName] : undefined;
    const label = labelBefore(folded, match.start);
    // A bare number is a condition only on a rating its label names ("R-Wert mindestens 4").
    if (!unit && (!label || match.values.some(([written]) => NUMBER_WORDS[written] !== undefined))) continue;
    const read = match.values.map(([written, own]) => numberOf(written, own ?? unitName));
    if (read.some((value) => value === undefined)) continue;
    const [first, second] = read.map((value) => (unit ? unit.toBase(value!) : value!)) as [number, number | undefined];
    const condition: MeasureCondition = { dimension: unit?.dimension ?? 'rating', ...(label ? { label } : {}) };
    if (match.kind === 'between' && second !== undefined) Object.assign(condition, { min: Math.min(first, second), max: Math.max(first, second) });
    else if (match.kind === 'most' || (match.kind === 'trailing' && OR_LESS.includes(match.trailing ?? ''))) condition.max = first;
    else condition.min = first;
    if (!conditions.some((known) => known.dimension === condition.dimension && known.label === condition.label)) conditions.push(condition);
  }
  return conditions;
}

/** The question without its measure conditions: what remains says what kind of product is meant. */
export function withoutMeasureConditions(question: string): string {
  const folded = fold(question);
  if (folded.length !== question.length) return question;
  let rest = '';
  let from = 0;
  for (const match of conditionMatches(folded)) {
    rest += `${question.slice(from, match.start)} `;
    from = match.end;
  }
  return (rest + question.slice(from)).replace(/\s+/g, ' ').trim();
}

interface Stated {
  value: number;
  /** The folded words before the value on its line. */
  label: string;
}

function statedIn(folded: string, dimension: Dimension, ratingLabel: string | undefined): Stated[] {
  const found: Stated[] = [];
  // A value's label is the text since the line's start or the previous value, whichever is
  // nearer: in "Komfort: -12 °C Limit: -18 °C" the second value is the limit, not the comfort.
  const labelOf = (from: number, index: number) => {
    const before = folded.slice(Math.max(from, index - LABEL_CHARS), index);
    let start = 0;
    LABEL_BREAK.lastIndex = 0;
    for (let brk = LABEL_BREAK.exec(before); brk; brk = LABEL_BREAK.exec(before)) start = brk.index + brk[0].length;
    return before.slice(start);
  };
  if (dimension === 'rating') {
    if (!ratingLabel) return found;
    const escaped = ratingLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const rating = new RegExp(
      String.raw`${WORD_START}${escaped}(?:\s*[:=]\s*|\s+(?:von|of|de|di|ist|is|at)\s+|\s+)(-?\d{1,4}(?:[.,]\d{1,2})?)${NOT_LETTER}`,
      'gu',
    );
    for (let match = rating.exec(folded); match; match = rating.exec(folded)) {
      const value = numberOf(match[1]!, undefined);
      if (value !== undefined) found.push({ value, label: ratingLabel });
    }
    return found;
  }
  STATED.lastIndex = 0;
  let previousEnd = 0;
  for (let match = STATED.exec(folded); match; match = STATED.exec(folded)) {
    const unit = UNITS[match[2]!];
    const label = labelOf(previousEnd, match.index);
    previousEnd = match.index + match[0].length;
    if (!unit || unit.dimension !== dimension) continue;
    const value = numberOf(match[1]!, match[2]);
    if (value !== undefined) found.push({ value: unit.toBase(value), label });
  }
  return found;
}

/**
 * Whether a product's text meets a condition: true or false when it states the measure, undefined
 * when it does not say. The value read is the one its line names (by the question's label, else
 * the dimension's usual names), else the only one of its kind.
 */
export function meetsCondition(productText: string, condition: MeasureCondition): boolean | undefined {
  const folded = fold(productText);
  const stated = statedIn(folded, condition.dimension, condition.dimension === 'rating' ? condition.label : undefined);
  if (stated.length === 0) return undefined;
  const byQuestion =
    condition.label && condition.dimension !== 'rating'
      ? stated.filter((s) => s.label.includes(condition.label!.slice(0, Math.max(5, condition.label!.length - 3))))
      : [];
  const usual = DIMENSION_LABELS[condition.dimension];
  const byDimension = usual ? stated.filter((s) => usual.test(s.label)) : [];
  const chosen = byQuestion[0] ?? byDimension[0] ?? (stated.length === 1 || condition.dimension === 'rating' ? stated[0] : undefined);
  if (!chosen) return undefined;
  // Bounds are inclusive, within a thousandth: "under 1.5 kg" and "up to 1.5 kg" are not told apart.
  const epsilon = Math.abs(chosen.value) * 0.001;
  if (condition.min !== undefined && chosen.value < condition.min - epsilon) return false;
  if (condition.max !== undefined && chosen.value > condition.max + epsilon) return false;
  return true;
}

/**
 * How many of the conditions a product's text meets: false when it fails one, 0 when it states
 * none of their measures.
 */
export function conditionsMet(productText: string, conditions: readonly MeasureCondition[]): number | false {
  let met = 0;
  for (const condition of conditions) {
    const verdict = meetsCondition(productText, condition);
    if (verdict === false) return false;
    if (verdict === true) met++;
  }
  return met;
}
