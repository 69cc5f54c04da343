import { LEXICONS } from '../lexicon/index.js';
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
/** A sentence that matches only through its page's title counts this much of its score. */
const CONTEXT_ONLY_WEIGHT = 0.6;
/** Each later source's sentences count this much less: the ranking already weighed the sources. */
const SOURCE_RANK_DISCOUNT = 0.12;
/**
 * What a quantity question asks for, and the units that answer it: "how long does the battery
 * last" wants a duration, "how heavy" a weight. A sentence stating a number in the asked unit
 * answers even when it shares no other word with the question ("Up to 40 hours on low").
 */
const UNIT_CLASSES: readonly { asks: RegExp; units: RegExp; money?: true }[] = [
  {
    asks: /(?<![\p{L}])(?:weigh\w*|weight|heavy|light(?:weight)?|schwer|wiegt|gewicht|leicht|pese\w*|poids|lourd|pesa\w*|peso|ligero|pesante|gewicht|waz\w*)(?![\p{L}])/iu,
    units: /\d\s?(?:kg|g|mg|oz|lbs?|pounds?|gramm?s?|grams?|kilo\w*)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:how long|last\w*|battery|runtime|run time|hours?|duration|lange|dauer\w*|laufzeit|brenndauer|akku|stunden|combien de temps|duree|autonomie|cuanto tiempo|dura\w*|bateria|horas?|quanto tempo|durata|ore)(?![\p{L}])/iu,
    // "5 business days", "two working days", "14 Werktagen": a number, in digits or words, and
    // at most one word before the unit.
    units: /(?:\d|(?<![\p{L}])(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|ein|eine|einem|zwei|drei|vier|fünf|sechs|sieben|acht|zehn|un|une|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|due|tre)\s)\s?(?:[\p{L}-]+\s)?(?:h|hrs?|hours?|min\w*|days?|nights?|weeks?|months?|years?|std|stunden?|tage?n?|werktage?n?|wochen?|monate?n?|jahre?n?|heures?|jours?|semaines?|mois|ans?|horas?|dias?|días|semanas?|meses|anos|años|ore|giorni)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:how (?:big|wide|tall|high|large|deep)|how long (?:is|are)|size|dimension\w*|length|width|height|depth|gross|groß|breit|hoch|hohe|tief|maße|masse|abmessung\w*|lange|länge|taille|dimensions?|longueur|largeur|hauteur|tamano|tamaño|medidas?|largo|ancho|alto|dimensioni)(?![\p{L}])/iu,
    units: /\d\s?(?:mm|cm|m|km|in|inch(?:es)?|ft|feet|"|zoll)(?![\p{L}])|\d\s?[x×]\s?\d/iu,
  },
  {
    asks: /(?<![\p{L}])(?:capacity|volume|liters?|litres?|hold|fassungsvermögen|volumen|liter|contenance|capacite|capacité|litros?|capacidad|capacita)(?![\p{L}])/iu,
    units: /\d\s?(?:l|ml|cl|liters?|litres?|liter|litros?|oz|gal\w*)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:how many|number of|wie viele|wieviele|anzahl|combien de|cuantos|cuántos|cuantas|cuántas|quanti|quante|quantos|quantas)(?![\p{L}])/iu,
    units: /(?<![\p{L}\d.,])\d{1,4}(?![\d.,]?\d)(?!\s?(?:mm|cm|kg|g|ml|l|%))/u,
  },
  {
    asks: /[$€£¥₹]|(?<![\p{L}])(?:price\w*|cost\w*|how much|fee\w*|charge\w*|preis\w*|kost\w*|gebühr\w*|prix|cout\w*|frais|precio\w*|cuesta\w*|cuanto|prezz\w*|costa\w*)(?![\p{L}])/iu,
    units: /[$€£¥₹]\s?\d|\d(?:[.,]\d+)?\s?(?:[$€£¥₹]|eur|euro|usd|chf|gbp|dollars?)(?![\p{L}])|(?<![\p{L}])(?:free|kostenlos|gratis|gratuit\w*)(?![\p{L}])/iu,
    money: true,
  },
  {
    asks: /(?<![\p{L}])(?:bright\w*|lumens?|hell\w*|leuchtweite|luminosit\w*|brillo)(?![\p{L}])/iu,
    units: /\d\s?(?:lm|lumens?|m)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:temperatur\w*|degrees?|grad|warm|cold|kalt|komfort\w*|comfort|limit|température|temperatura)(?![\p{L}])/iu,
    units: /-?\d\s?(?:°\s?c?|grad|degrees?)(?![\p{L}])/iu,
  },
];

/**
 * Questions shops are asked every day whose answer is worded differently from the question:
 * "what's in the box" is answered by "Lieferumfang:" or "Set includes", "what is it made of" by
 * "Material:". A sentence with one of the answer words answers such a question.
 */
const CONCEPTS: readonly { asks: RegExp; answers: RegExp }[] = [
  {
    asks: /(?<![\p{L}])(?:includ\w*|comes? with|in the box|what(?:'s| is) in|dabei|enthalten|lieferumfang|mitgeliefert|inklusive|inclu\w*|livre avec|fourni\w*|viene con|trae|incluid\w*|compris)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:includ\w*|comes? with|in the box|lieferumfang|enthalten|inklusive|inkl|mitgeliefert|dabei|inclu\w*|fourni\w*|compris|incluid\w*|not included|nicht enthalten)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:made (?:of|from)|material\w*|fabric|woraus|aus welchem|aus was|stoff|matiere|matière|en quoi|fait en|hecho de|de que esta|tejido|materiale)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:material\w*|made (?:of|from)|fabric|obermaterial|futter|gewebe|stoff|aus \d|matiere|matière|tissu|hecho de|tejido|materiale|\d+\s?%\s?\p{L}+|\w*(?:merino|wool|cotton|linen|polyester|nylon|polyamide|elastane|spandex|leather|suede|down|fleece|steel|aluminium|aluminum|titanium|carbon|glass|bamboo|silicone|ceramic|porcelain|oak|walnut|wolle|baumwolle|leinen|leder|daunen|stahl|edelstahl|glas|keramik|laine|coton|lin|cuir|duvet|acier|verre|lana|algodon|algodón|cuero|acero|vidrio)\w*)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:waterproof|water-?resistant|rain ?proof|wasserdicht|wasserfest|wasserabweisend|regendicht|etanche|étanche|impermeable|impermeabile)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:waterproof|water-?resistant|water repellent|splash\w*|rain\w*|ipx?\s?\d+|hydrostatic|wasserdicht\w*|wasserfest|wasserabweisend|wassersaule|wassersäule|spritzwasser\w*|regen\w*|etanche|étanche|impermeable|colonne d'eau|columna de agua)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:warrant\w*|guarantee\w*|garantie\w*|gewährleistung|garantia|garantía|garanzia)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:warrant\w*|guarantee\w*|garantie\w*|gewährleistung|garantia|garantía|garanzia)(?![\p{L}])/iu,
  },
];

/** Words of the lexicons' question cues ("long", "weigh"): they ask, they are not the subject. */
const CUE_WORDS: ReadonlySet<string> = new Set(
  Object.values(LEXICONS).flatMap((lexicon) =>
    [...lexicon.cues.quantity, ...lexicon.cues.price_question, ...lexicon.cues.stock_question, ...lexicon.cues.deictic].flatMap((cue) => wordsOf(cue.replace(/\*$/, ''))),
  ),
);

function isCueWord(word: string): boolean {
  return CUE_WORDS.has(word);
}

/** Whether the question asks for a measure (a weight, a duration, a size, a capacity...). */
export function asksForMeasure(question: string): boolean {
  const folded = fold(question);
  return UNIT_CLASSES.some((unitClass) => !unitClass.money && unitClass.asks.test(folded));
}

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

/** A label line ("Pay later with Klarna:") is quoted with what follows it. */
function withContinuation(sentences: readonly string[], position: number): string {
  const sentence = sentences[position] as string;
  const next = sentences[position + 1];
  return sentence.endsWith(':') && next ? `${sentence} ${next}` : sentence;
}

function isCategoryLine(source: OfflineSource, line: string): boolean {
  const categories = Array.isArray(source.data.categories) ? (source.data.categories as { name?: unknown }[]).map((c) => String(c.name ?? '')) : [];
  return categories.length > 0 && line === categories.join(', ');
}

interface QuestionTerms {
  terms: { stems: string[]; weight: number; answering: boolean; cue: boolean }[];
  quantity: boolean;
  /** Units a number must have to answer the quantity asked for. */
  units: RegExp[];
  /** Words that answer the kind of question asked (see CONCEPTS). */
  concepts: RegExp[];
}

function stemSet(text: string, languages: readonly string[]): Set<string> {
  const stems = new Set<string>();
  for (const word of wordsOf(text)) for (const stem of stemsOf(word, languages)) stems.add(stem);
  return stems;
}

/**
 * The question's words with their weight for one source: its own name's words count little, and
 * a word found in several of the sources (a common word of the catalog) less than a rare one.
 */
function questionTerms(
  question: string,
  asked: string,
  source: OfflineSource,
  sourceStems: readonly Set<string>[],
  languages: readonly string[],
  quantity: boolean,
): QuestionTerms {
  const nameWords = new Set(wordsOf(source.title));
  const terms = contentTerms(question, languages).map((term) => {
    const folded = fold(term);
    const stems = stemsOf(folded, languages);
    // A product's name says which product, not what is asked about it; a page's title says its topic.
    if (nameWords.has(folded) && source.kind === 'product') return { stems, weight: NAME_TERM_WEIGHT, answering: false, cue: false };
    const spread = sourceStems.filter((set) => stems.some((stem) => set.has(stem))).length;
    return { stems, weight: spread <= 1 ? 1 : spread === 2 ? 0.85 : 0.7, answering: true, cue: isCueWord(folded) };
  });
  const folded = fold(asked);
  const units = UNIT_CLASSES.filter((unitClass) => unitClass.asks.test(folded)).map((unitClass) => unitClass.units);
  const concepts = CONCEPTS.filter((concept) => concept.asks.test(folded)).map((concept) => concept.answers);
  return { terms, quantity, units, concepts };
}

/**
 * How much a term found in a sentence says: less the more sentences of the source contain it
 * (every sentence of the shipping page says "shipping"; the one with "free" is the answer).
 */
function rarity(sentencesWithTerm: number): number {
  return Math.max(0.35, 1 / (1 + 0.35 * Math.max(0, sentencesWithTerm - 1)));
}

/**
 * A sentence's score for the question (0 when it shares no word that asks something), and how
 * many of the asking words it matched.
 */
function scoreSentence(stems: ReadonlySet<string>, sentence: string, question: QuestionTerms, frequency: readonly number[]): { score: number; matched: number } {
  let score = 0;
  let answering = 0;
  question.terms.forEach((term, index) => {
    if (term.stems.some((stem) => stems.has(stem))) {
      score += term.weight * rarity(frequency[index] ?? 1);
      if (term.answering) answering += 1;
    }
  });
  // A number in the unit asked for answers a quantity question on its own, and the words that
  // answer the kind of question asked ("Lieferumfang:") count as the question's own.
  if (question.units.some((units) => units.test(sentence)) || question.concepts.some((concept) => concept.test(fold(sentence)))) {
    score += 1;
    answering += 1;
  }
  if (answering === 0) return { score: 0, matched: 0 };
  if (question.quantity) score = QUANTITY.test(sentence) ? score + 0.5 : DIGIT.test(sentence) ? score + 0.25 : score * 0.6;
  const words = sentence.split(/\s+/).length;
  if (words > 45) score *= 0.8;
  // A question in the text ("Need your tent by the weekend?") introduces an answer; it is not one.
  if (/[?？؟]\s*$/.test(sentence)) score *= 0.4;
  return { score, matched: answering };
}

/**
 * The best answer among the sources (in their order, the earlier preferred on a tie): one
 * sentence, or two of the same source when the second is nearly as good; undefined when no
 * sentence shares a non-name word of the question.
 */
export function extractAnswer(
  question: string,
  sources: readonly OfflineSource[],
  languages: readonly string[],
  quantity: boolean,
  options: {
    preferPages?: boolean;
    requireKnownWords?: boolean;
    exclude?: ReadonlySet<string>;
    /** The whole question, when `question` is only its remaining words: what kind of answer it wants. */
    asked?: string;
  } = {},
): Extracted | undefined {
  let best: Extracted | undefined;
  const read = sources.slice(0, MAX_SOURCES_READ);
  const sourceStems = read.map((source) => stemSet(`${source.title} ${source.content}`, languages));
  const perSource = read.map((source) => {
    const sentences = sentencesOf(source);
    // A page's title and the heading above a passage are the context of each of its sentences
    // ("Shipping times" → "Every order ships within two working days").
    const context = source.kind === 'post' ? `${source.title} ${source.heading ?? ''}` : '';
    const own = sentences.map((sentence) => stemSet(sentence, languages));
    return { source, sentences, own, stems: context ? sentences.map((sentence) => stemSet(`${sentence} ${context}`, languages)) : own };
  });
  const allStems = perSource.flatMap((entry) => entry.stems);
  perSource.forEach(({ source, sentences, own, stems }, sourceIndex) => {
    const terms = questionTerms(question, options.asked ?? question, source, sourceStems, languages, quantity);
    // Rarity is counted over the sentences of all the sources read: a word every sentence of
    // one page repeats ("gift card" on the gift card page) says less than the one that answers.
    const frequency = terms.terms.map((term) => allStems.filter((set) => term.stems.some((stem) => set.has(stem))).length);
    // The heading a passage sits under says what all of its sentences are about.
    const headingStems = stemSet(source.heading ?? '', languages);
    const headingBonus = terms.terms.filter((term) => term.answering && term.stems.some((stem) => headingStems.has(stem))).length * 0.25;
    const prior = Math.max(0.4, 1 - SOURCE_RANK_DISCOUNT * sourceIndex) * (options.preferPages && source.kind === 'product' ? 0.7 : 1);
    // A word of the question found in none of the sources ("CEO", "London") is what the site
    // does not talk about: a sentence then answers only if it matches two of the other words.
    const unknown =
      options.requireKnownWords === true &&
      terms.terms.some(
        (term, index) =>
          term.answering && frequency[index] === 0 && !term.cue && !sourceStems.some((set) => term.stems.some((stem) => set.has(stem))),
      );
    const needed = unknown ? 2 : 1;
    const scored = sentences
      .map((sentence, position) => {
        const { score, matched } = scoreSentence(stems[position] as Set<string>, sentence, terms, frequency);
        // Whether the sentence itself, not only its page's title, says something asked about.
        const itself = scoreSentence(own[position] as Set<string>, sentence, terms, frequency).matched > 0;
        const weight = itself ? 1 : CONTEXT_ONLY_WEIGHT;
        return { sentence: withContinuation(sentences, position), position, itself, score: matched >= needed ? (score + headingBonus) * prior * weight : 0 };
      })
      .filter((entry) => entry.score > 0 && !options.exclude?.has(entry.sentence));
    if (scored.length === 0) return;
    const ranked = [...scored].sort((a, b) => b.score - a.score || a.position - b.position);
    const top = ranked[0] as (typeof ranked)[number];
    if (best && best.score >= top.score) return;
    const second = ranked[1];
    const chosen =
      second && second.itself && second.score >= top.score * 0.8 && second.sentence !== top.sentence ? [top, second].sort((a, b) => a.position - b.position) : [top];
    best = { source, sentences: chosen.map((entry) => entry.sentence), score: top.score };
  });
  return best;
}
