import { LEXICONS } from '../lexicon/index.js';
import { contentTerms } from '../retrieval.js';
import { phraseEquivalents } from './shop-topics.js';
import { compounding, fold, stemsOf, wordsOf } from './stemming.js';

/**
 * What a request for products names ("do you sell garden hoses?", "a light for night hikes under
 * $30"), and which of the products found match it: read by the catalog search tool, and by the
 * offline responder where the search found nothing.
 */

/** What of a product is read to tell whether it is what was asked for. */
interface ProductText {
  documentId: string;
  title: string;
  content: string;
  data: Record<string, unknown>;
}

/** Words of a product request that say nothing about which product ("do you sell", "looking for"). */
const REQUEST_WORDS = new Set(
  'sell sells selling buy have any anything something looking look need want find products product item items shop store offer offers recommend suggestion suggest good best cheap price prices cost costs much many stock available '
    .concat(
      'verkauft verkaufen kaufen habt haben suche suchen brauche etwas produkt produkte artikel angebot empfehlen empfehlung günstig preis preise kostet ',
    )
    .concat('vendez acheter avez cherche besoin quelque chose produit produits article recommander prix ')
    .concat('venden comprar tienen busco necesito algo producto productos articulo recomendar precio')
    .split(/\s+/),
);

/** Words around a price bound or order ("under 30 euros", "unter 30 €", "the cheapest"): conditions, not what is sought. */
const BOUND_WORDS = new Set([
  ...Object.values(LEXICONS).flatMap((lexicon) =>
    [...lexicon.cues.price_below, ...lexicon.cues.price_above, ...(lexicon.cues.cheapest ?? []), ...(lexicon.cues.priciest ?? [])].flatMap((cue) =>
      fold(cue.replace(/\*$/, '')).split(/\s+/),
    ),
  ),
  ...'euro euros eur dollar dollars usd pound pounds gbp franken chf'.split(' '),
]);

/** The words of a product request that say which products: not the request, a bound or an order. */
export function productTerms(query: string, languages: readonly string[]): string[] {
  return contentTerms(query, languages).filter(
    (term) => !REQUEST_WORDS.has(term) && !BOUND_WORDS.has(fold(term)) && !/^\d/.test(term) && !isPriceOrderWord(term),
  );
}

/** "cheapest", "günstigsten": a superlative's stem in any of the lexicons (their cues end in `*`). */
function isPriceOrderWord(term: string): boolean {
  const folded = fold(term);
  return PRICE_ORDER_PREFIXES.some((prefix) => folded.startsWith(prefix));
}

const PRICE_ORDER_PREFIXES = Object.values(LEXICONS).flatMap((lexicon) =>
  [...(lexicon.cues.cheapest ?? []), ...(lexicon.cues.priciest ?? [])]
    .filter((cue) => cue.endsWith('*') && !cue.includes(' '))
    .map((cue) => fold(cue.slice(0, -1))),
);

/**
 * The product hits that match at least half of what the request names (its words besides the
 * request words), best coverage first: "a light for night hikes" puts the headlamp before the
 * hiking socks, and "garden hoses" finds nothing rather than anything with "garden" in it.
 */
export function relevantProducts<Hit extends ProductText>(
  query: string,
  hits: readonly Hit[],
  languages: readonly string[],
  { preferComplete = false }: { /** Where some products have all of it, only those. */ preferComplete?: boolean } = {},
): Hit[] {
  const terms = productTerms(query, languages);
  if (terms.length === 0) return [...hits];
  // Compared by their stems: "Fahrräder" is not "fahren", though both start with "fahr". A word
  // of a phrase for a kind of thing ("head" of "for my head") is found in its words ("beanie").
  const equivalents = phraseEquivalents(query, languages);
  const compounds = compounding(languages);
  const allStems = terms.map((term) => [fold(term), ...(equivalents.get(fold(term)) ?? []).map(fold)].flatMap((word) => stemsOf(word, languages)));
  // Each passage's words as stems, read once for the denials and the coverage below.
  const hitWords = new Map(hits.map((hit) => [hit, wordsOf(`${hit.title} ${hit.content}`).map((word) => stemsOf(word, languages))]));
  // "Sans huiles essentielles", "without fragrance", "fragrance-free": what the request denies is
  // not sought. A product that has it is not one; one that denies it, or never speaks of it, may be.
  const requestWords = wordsOf(query).map((word) => stemsOf(word, languages));
  const unwanted = allStems.filter((candidates) => onlyDenied(requestWords, candidates));
  const termStems = allStems.filter((candidates) => !unwanted.includes(candidates));
  // "Jeans with stretch": a jean that says "there's no stretch" or "Stretch: None" in any of its
  // passages is not one, nor is a shampoo with essential oils one "sans huiles essentielles".
  // Read over all the passages found of a product: one may say "sans frotter", another "sans
  // avoir besoin de frotter".
  const passages = new Map<string, string[][]>();
  for (const hit of hits) passages.set(hit.documentId, [...(passages.get(hit.documentId) ?? []), ...(hitWords.get(hit) ?? [])]);
  const denying = new Set(
    [...passages]
      .filter(([, words]) => termStems.some((candidates) => onlyDenied(words, candidates)) || unwanted.some((candidates) => hasUndenied(words, candidates)))
      .map(([documentId]) => documentId),
  );
  if (termStems.length === 0) return hits.filter((hit) => !denying.has(hit.documentId));
  const coverage = (hit: Hit) => {
    if (denying.has(hit.documentId)) return 0;
    const words = hitWords.get(hit) ?? [];
    // One thing asked for ("Fahrräder?") is sold when a product is one: its name or category says
    // so, or its text says it more than in passing ("…or on the bike to work" is not a bike).
    if (termStems.length === 1) {
      const [candidates] = termStems as [string[]];
      const mentions = words.filter((stems) => stems.some((stem) => candidates.includes(stem))).length;
      const named = wordsOf(`${hit.title} ${categoryNames(hit).join(' ')}`).some((word) => stemsOf(word, languages).some((stem) => candidates.includes(stem)));
      return named || mentions >= 2 ? 1 : 0;
    }
    const stems = new Set(words.flat());
    // "Daunenschlafsack" asks for what a "Winterschlafsack" is: where words compound, the kind of
    // thing is the compound's last part.
    const sameKind = (stem: string) => compounds && [...stems].some((other) => sameCompoundHead(stem, other));
    return termStems.filter((candidates) => candidates.some((stem) => stems.has(stem) || sameKind(stem))).length / termStems.length;
  };
  const scored = hits.map((hit, index) => ({ hit, index, coverage: coverage(hit) }));
  // Where products have all of it ("jeans" with "stretch"), those that have half (a stretch
  // chino) are not what was asked for.
  const least = preferComplete && scored.some((entry) => entry.coverage === 1) ? 1 : 0.5;
  return scored
    .filter((entry) => entry.coverage >= least)
    .sort((a, b) => b.coverage - a.coverage || a.index - b.index)
    .map((entry) => entry.hit);
}

function categoryNames(hit: ProductText): string[] {
  const categories = Array.isArray(hit.data.categories) ? (hit.data.categories as { name?: unknown }[]) : [];
  return categories.map((category) => (typeof category.name === 'string' ? category.name : '')).filter(Boolean);
}

/** Words that deny what follows them ("no stretch", "ohne Kapuze", "sans parfum"), folded. */
const DENYING = new Set(
  'no not non without zero never none ohne kein keine keinen sans aucun aucune pas sin ningun ninguna senza nessun nessuna zonder geen sem nenhum nenhuma'.split(
    ' ',
  ),
);
/** Words that deny what comes before them ("Stretch: None", "fragrance-free"). */
const DENIED_AFTER = new Set('none no nein keine aucun aucune ninguno ninguna nessuno geen nenhum free frei'.split(' '));

/**
 * Whether a product speaks of a thing only to deny it: every mention has a denying word one or
 * two words before it, or right after it. `words` are the product's words as stem lists.
 */
function onlyDenied(words: readonly (readonly string[])[], candidates: readonly string[]): boolean {
  const mentions = words.flatMap((stems, index) => (stems.some((stem) => candidates.includes(stem)) ? [index] : []));
  return mentions.length > 0 && mentions.every((index) => deniedAt(words, index));
}

/**
 * Whether a product speaks of a thing and never denies it ("with lavender essential oil"). Read
 * leniently ("sans avoir besoin de frotter" denies), so a product is not put aside for what it
 * may well deny.
 */
function hasUndenied(words: readonly (readonly string[])[], candidates: readonly string[]): boolean {
  const mentions = words.flatMap((stems, index) => (stems.some((stem) => candidates.includes(stem)) ? [index] : []));
  return mentions.length > 0 && !mentions.some((index) => deniedAt(words, index, LENIENT_REACH));
}

/**
 * How far from a word a denying word denies it: two words before or the word after it, or, read
 * leniently, four before or two after ("Huiles essentielles : aucune").
 */
const STRICT_REACH = { before: 2, after: 1 } as const;
const LENIENT_REACH = { before: 4, after: 2 } as const;

/** Whether the word at `index` is denied by a denying word within `reach` of it. */
function deniedAt(words: readonly (readonly string[])[], index: number, reach: { before: number; after: number } = STRICT_REACH): boolean {
  const denies = (at: number, set: ReadonlySet<string>) => words[at]?.some((stem) => set.has(stem)) === true;
  for (let back = 1; back <= reach.before; back++) if (denies(index - back, DENYING)) return true;
  for (let ahead = 1; ahead <= reach.after; ahead++) if (denies(index + ahead, DENIED_AFTER)) return true;
  return false;
}

/** A compound's last part is this long at least, and this share of the shorter word. */
const MIN_COMPOUND_HEAD = 6;
const MIN_COMPOUND_HEAD_SHARE = 0.6;

/** Two words that end in the same long part ("daunenschlafsack", "winterschlafsack", "schlafsack"). */
function sameCompoundHead(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < MIN_COMPOUND_HEAD) return false;
  let common = 0;
  while (common < shorter && a[a.length - 1 - common] === b[b.length - 1 - common]) common++;
  return common >= MIN_COMPOUND_HEAD && common >= shorter * MIN_COMPOUND_HEAD_SHARE;
}
