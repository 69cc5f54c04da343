import stopwords from 'stopword';
import type { Db } from '../../db/client.js';
import { browseProducts, searchKnowledge, searchWithBestPage, type ProductFilters, type SearchHit, type SearchWithBestPage } from '../knowledge/search.js';
import {
  contentProfileOf,
  documentHits,
  documentsAt,
  NAME_MATCH,
  productByIdentity,
  productsNamedIn,
  productsTitledWith,
  type DocumentRef,
  type NamedProduct,
} from '../knowledge/products.js';
import { primaryLanguage } from './locales.js';
import { sortedByMeasures } from './measured-products.js';
import type { PageContext } from './page-context.js';
import { withoutMeasureConditions } from './understanding/measures.js';
import type { QuestionAnalysis } from './understanding/question.js';
import { categoryNamedIn } from './understanding/categories.js';
import { productWordEquivalents } from './understanding/product-words.js';
import { namesShopTopic, phraseEquivalents, shopTopicWords } from './understanding/shop-topics.js';
import { fold } from './understanding/stemming.js';

/** Why a source is in the ranking: the product the question is about, or the search. */
export type SourceOrigin = 'page' | 'conversation' | 'name' | 'search';

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
  origin: SourceOrigin;
}

/** The product a question is about: named in it, the page's, or the one just discussed. */
export interface FocusProduct {
  documentId: string;
  title: string;
  url: string;
  reason: Exclude<SourceOrigin, 'search'>;
}

export interface Retrieval {
  sources: RankedSource[];
  /** How well the best sources cover the question, in [0, 1]; see `confidenceOf`. */
  confidence: number;
  lowConfidence: boolean;
  focus: FocusProduct | null;
  /** The price bounds and other product conditions read from the question. */
  filters: ProductFilters;
  /**
   * The visitor's question before this one, when this one has at most one word of its own and
   * was searched with it ("do you ship to Canada?" for "and how long does it take to get there?").
   */
  leansOn?: string;
}

/** Below this the assistant says it is unsure and offers escalation instead of answering. */
export const LOW_CONFIDENCE_THRESHOLD = 0.35;
const DEFAULT_LIMIT = 6;
/** Two chunks of one page are useful context; more crowd out other pages. */
const MAX_CHUNKS_PER_DOCUMENT = 2;
const SNIPPET_CHARS = 280;
/** A question this short ("and in red?") leans on the previous turn for its subject. */
const FOLLOW_UP_MAX_TERMS = 2;
/** ...unless its own words are all in this many of its own best passages. */
const FOLLOW_UP_COVERED_BY = 2;
export { NAME_MATCH };
/** Names matched within this of each other are equally meant. */
const AMBIGUOUS_NAME_MARGIN = 0.05;
/** Chunks of the product a question is about that are read (a product page has a few). */
const FOCUS_CHUNKS = 8;
/** A page that covers this share of the question's words is what it asks about, not the product on screen. */
const TOPIC_COVERAGE = 0.6;
/** Products of the kind asked for that are checked against the measures a question states. */
const MEASURED_CANDIDATES = 20;

export interface RetrievalInput {
  workspaceId: string;
  /** The agent answering: the owner's answers for other agents are not searched. */
  agentId?: string;
  question: string;
  /**
   * The visitor's earlier messages, oldest first. May still be loading: the question is searched
   * at once, and these are awaited only to decide whether it is a follow-up.
   */
  previousUserTurns: readonly string[] | Promise<readonly string[]>;
  /** The addresses of the sources the previous answer showed, best first (the conversation's subject). */
  previousAnswerSources?: readonly string[] | Promise<readonly string[]>;
  language: string;
  /** The language the site's content is written in, when known (the agent's default locale). */
  contentLanguage?: string;
  pageContext?: PageContext | null;
  analysis?: QuestionAnalysis;
  limit?: number;
}

/**
 * The ranked sources for a question. Searched at once, side by side: the whole question (stemmed
 * in the visitor's language and in the languages of the workspace's content), each of its parts
 * when it asks two things, the product names it contains (typos and partial names included), and
 * the product of the page the visitor is on. The product the question is about comes first: one
 * it names, else (for "this one", "it", a short follow-up) the one the conversation was about or
 * the page's, else the page's product unless a page answers the question better. Products outside
 * the price bounds it states ("under $30") are left out.
 */
export async function retrieve(db: Db, input: RetrievalInput): Promise<Retrieval> {
  const limit = input.limit ?? DEFAULT_LIMIT;
  const analysis = input.analysis;
  const priceBounds: ProductFilters = {
    ...(analysis?.bounds.max !== undefined ? { maxPrice: analysis.bounds.max } : {}),
    ...(analysis?.bounds.min !== undefined ? { minPrice: analysis.bounds.min } : {}),
  };
  // "What's on sale?", "Which tents are in stock?": conditions on the products asked for. They
  // apply to a catalog question, not to one about a product in particular ("Is the Oslo bed in
  // stock?" is answered with its stock, whatever it is).
  const conditions: ProductFilters = analysis?.smallTalk
    ? {}
    : { ...(analysis?.onSale ? { onSale: true } : {}), ...(analysis?.asksStock ? { inStock: true } : {}) };
  const filters: ProductFilters = { ...priceBounds, ...conditions };
  const profile = contentProfileOf(db, input.workspaceId);
  const contentConfigs = profile.then((p) => p.configs);
  // A search may also read the best page it finds whole (see withPagesWhole), in its own statement.
  const search = async (query: string, pageChunks = 0): Promise<SearchWithBestPage> =>
    searchWithBestPage(
      db,
      {
        workspaceId: input.workspaceId,
        ...(input.agentId ? { agentId: input.agentId } : {}),
        query,
        language: input.language,
        alsoConfigs: await contentConfigs,
        limit: limit * 2,
      },
      pageChunks,
    );
  // "Can I send it back?" is also searched as "return returns": the words the shop's pages use.
  const topicLanguages = [input.contentLanguage ?? input.language, input.language];
  // A question in another language than the content's is also searched with the dictionary's
  // words for its own ("Rückerstattung": "refund"), which the content's language may use.
  const crossLanguage = input.contentLanguage !== undefined && primaryLanguage(input.contentLanguage) !== primaryLanguage(input.language);
  const translated = (query: string) => (crossLanguage ? contentTerms(query, [input.language]).flatMap(productWordEquivalents).join(' ') : '');
  const withTopicWords = (query: string) => `${query} ${shopTopicWords(query, topicLanguages)} ${translated(query)}`.trim();
  const parts = analysis && analysis.parts.length > 1 ? analysis.parts : [];
  const smallTalk = analysis?.smallTalk !== null && analysis?.smallTalk !== undefined;
  // A question in two parts reads the best page of each ("What's your phone number? And can I
  // return an opened pillow?" is answered by the contact page and, further down, the returns page).
  const wholeSearch = search(smallTalk ? input.question : withTopicWords(input.question), parts.length > 1 ? 0 : FOCUS_CHUNKS);
  const partSearches = parts.map((part) => search(withTopicWords(part), FOCUS_CHUNKS));
  // A content site has no products to name: its questions skip the name lookup.
  const named = smallTalk
    ? Promise.resolve([])
    : profile.then((p) => (p.hasProducts ? productsNamedIn(db, input.workspaceId, input.question, { translationsOf: productWordEquivalents }) : []));
  const onPage = pageDocuments(db, input.workspaceId, input.pageContext);
  const priceBounded = Object.keys(priceBounds).length > 0;
  const browsing = Object.keys(filters).length > 0 ? browseProducts(db, input.workspaceId, filters, limit, input.question) : Promise.resolve([]);
  // "A tent under 1 kg": the products of the kind asked for, then the ones that meet the measure first.
  const measures = smallTalk ? [] : (analysis?.measures ?? []);
  const measuring =
    measures.length > 0
      ? profile.then(async (p) => {
          if (!p.hasProducts) return { met: [], failed: new Set<string>() };
          const found = await searchKnowledge(db, {
            workspaceId: input.workspaceId,
            query: withoutMeasureConditions(input.question),
            language: input.language,
            alsoConfigs: p.configs,
            kinds: ['product'],
            limit: MEASURED_CANDIDATES,
            ...(priceBounded ? { filters: priceBounds } : {}),
          });
          const { met, unsaid } = await sortedByMeasures(db, input.workspaceId, found, measures);
          const kept = new Set([...met, ...unsaid].map((hit) => hit.documentId));
          return { met: met.slice(0, limit), failed: new Set(found.map((hit) => hit.documentId).filter((id) => !kept.has(id))) };
        })
      : Promise.resolve({ met: [] as SearchHit[], failed: new Set<string>() });

  const termLanguages = [input.language, 'en'];
  const questionTerms = contentTerms(input.question, termLanguages);
  // Only a short question can be a follow-up; a longer one does not wait for the history at all.
  const previous = questionTerms.length <= FOLLOW_UP_MAX_TERMS && !smallTalk ? (await input.previousUserTurns).at(-1) : undefined;
  const followUp = previous !== undefined;
  // Searched with the question before it only when its own words are not all found in its own
  // best passages: "Is there a discount on backpacks?" stands on its own, "and to Austria?" does
  // not. (In the embedded database the statements run one after the other anyway.)
  // A question with one word of its own or none ("and how long does it take to get there?") is
  // always read with the one before it: its one word may be found anywhere ("as long as…").
  const leansOn = followUp && questionTerms.length <= 1 ? previous : undefined;
  const followUpSearch = followUp
    ? wholeSearch.then((own) =>
        !leansOn && coverageOf(questionTerms, own.hits.slice(0, FOLLOW_UP_COVERED_BY)) === 1
          ? []
          : search(`${previous} ${input.question}`).then((found) => found.hits),
      )
    : Promise.resolve([]);
  const lookingBack = followUp || analysis?.deictic === true;
  const discussed = lookingBack
    ? profile
        .then((p) => conversationProduct(db, input.workspaceId, input.previousAnswerSources, input.previousUserTurns, p.hasProducts))
        .then(async (product) =>
          product && followUp ? ((await siblingProduct(db, input.workspaceId, product, input.question, termLanguages)) ?? product) : product,
        )
    : Promise.resolve(undefined);

  const [wholeFound, partsFound, names, { product: page, article }, browsed, followUpHits, lastProduct, measured] = await Promise.all([
    wholeSearch,
    Promise.all(partSearches),
    named,
    onPage,
    browsing,
    followUpSearch,
    discussed,
    measuring,
  ]);
  const whole = wholeFound.hits;
  const partHits = partsFound.map((found) => found.hits);
  const terms = followUp ? contentTerms(`${previous} ${input.question}`, termLanguages) : questionTerms;
  const searched = mergeHits([...interleave(partHits), ...whole, ...followUpHits]);
  const aboutProduct = analysis !== undefined && (analysis.asksPrice || analysis.asksStock || analysis.quantity || analysis.onSale);
  const focus = chooseFocus({ names, page, lastProduct, lookingBack, aboutProduct, terms, searched });
  const strongNames = names.filter((name) => name.score >= NAME_MATCH && name.documentId !== focus?.documentId && (name.matchedWords >= 2 || name.distinctive));
  // "Can I set this up from the app?" on a help article is about the article: read whole, first.
  const pageArticle = !focus && analysis?.deictic === true && !smallTalk ? article : undefined;
  // The product in focus is read whole, the other products named by their first passage: one
  // statement for all of them, only when there are any. The best page (the first page a search
  // found; a product is never one) came whole with its search. The ranking below keeps it near
  // the top; if it does not, its reading goes unused.
  const read =
    focus || pageArticle || strongNames.length > 0
      ? await documentHits(
          db,
          input.workspaceId,
          [...(focus ? [focus.documentId] : []), ...(pageArticle ? [pageArticle.documentId] : []), ...strongNames.map((name) => name.documentId)],
          FOCUS_CHUNKS,
        )
      : [];
  const chunksOf = (documentId: string) => read.filter((hit) => hit.documentId === documentId);
  const focusHits = focus ? wholeDocument(chunksOf(focus.documentId)) : [];
  const articleHits = pageArticle ? wholeDocument(chunksOf(pageArticle.documentId)) : [];
  const nameHits = strongNames.flatMap((name) => chunksOf(name.documentId).slice(0, 1));
  const bestPages = new Map((parts.length > 1 ? partsFound : [wholeFound]).map((found) => [found.bestPage[0]?.documentId, found.bestPage] as const));
  const pagesWhole = [...bestPages].flatMap(([id, chunks]) => (id === undefined ? [] : wholeDocument(chunks)));

  // A category the question names among the products found ("which tents…") narrows the catalog question further.
  const category =
    focus || Object.keys(conditions).length === 0
      ? undefined
      : categoryNamedIn(input.question, [...whole, ...browsed], [input.language, input.contentLanguage ?? input.language]);
  const applied: ProductFilters = focus ? priceBounds : { ...filters, ...(category ? { category } : {}) };
  const ordered: { hit: SearchHit; origin: SourceOrigin }[] = [
    ...focusHits.map((hit) => ({ hit, origin: focus?.reason ?? ('search' as const) })),
    ...articleHits.map((hit) => ({ hit, origin: 'page' as const })),
    ...nameHits.map((hit) => ({ hit, origin: 'name' as const })),
    ...(parts.length > 1 ? searched : mergeHits(leansOn ? [...followUpHits, ...whole] : [...whole, ...followUpHits])).map((hit) => ({
      hit,
      origin: 'search' as const,
    })),
    ...(focus && !priceBounded ? [] : browsed).map((hit) => ({ hit, origin: 'search' as const })),
  ].filter(({ hit }) => meetsFilters(hit, applied) && !measured.failed.has(hit.documentId));
  // The products that meet the measures asked for come first, after the product in focus.
  if (measured.met.length > 0) ordered.splice(focusHits.length, 0, ...measured.met.map((hit) => ({ hit, origin: 'search' as const })));
  const sources = withPagesWhole(
    rank(priceBounded ? productsFirst(ordered) : withPageNearTop(ordered), limit),
    pagesWhole,
    parts.length > 1 ? parts.length * WHOLE_PAGE_BY_PLACE : WHOLE_PAGE_BY_PLACE,
  );
  const equivalents = shopTopicEquivalents(input.question, terms, [input.language, input.contentLanguage ?? input.language]);
  const searchedConfidence = confidenceOf(
    terms,
    sources.filter((source) => source.origin === 'search'),
    equivalents,
  );
  const confidence = focus ? round(Math.max(0.8, searchedConfidence)) : confidenceOf(terms, sources, equivalents);
  return { sources, confidence, lowConfidence: confidence < LOW_CONFIDENCE_THRESHOLD, focus, filters: applied, ...(leansOn ? { leansOn } : {}) };
}

/** What the page the visitor is on shows: a product, or an article (a help page, a post) of the site. */
interface PageDocuments {
  product?: DocumentRef;
  article?: DocumentRef;
}

/**
 * The product on the page the visitor is on (its address, canonical address, or JSON-LD), or the
 * synced page or post at its address.
 */
async function pageDocuments(db: Db, workspaceId: string, page: PageContext | null | undefined): Promise<PageDocuments> {
  if (!page) return {};
  const products = (page.json_ld ?? []).filter((item) => /product/i.test(String(item['@type'] ?? '')));
  const urls = [page.canonical_url, page.url, page.og?.url, ...products.map((item) => (typeof item.url === 'string' ? item.url : undefined))].filter(
    (url): url is string => typeof url === 'string' && url.length > 0,
  );
  const atAddress = await documentsAt(db, workspaceId, urls);
  const product = atAddress.find((document) => document.kind === 'product');
  if (product) return { product };
  const article = atAddress.find((document) => document.kind === 'post');
  const [described] = products;
  if (!described) return article ? { article } : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const sku = text(described.sku);
  const name = text(described.name);
  const identified = await productByIdentity(db, workspaceId, { ...(sku ? { sku } : {}), ...(name ? { name } : {}) });
  return identified ? { product: identified } : article ? { article } : {};
}

/**
 * The product the conversation was last about: the first product among the sources the previous
 * answer showed, else one the visitor named in their previous message ("I'm thinking of buying
 * the Frostnacht 600." before "How heavy is it?").
 */
async function conversationProduct(
  db: Db,
  workspaceId: string,
  sources: RetrievalInput['previousAnswerSources'],
  previousUserTurns: RetrievalInput['previousUserTurns'],
  hasProducts: boolean,
): Promise<DocumentRef | undefined> {
  // A content site has no product for a conversation to be about.
  if (!hasProducts) return undefined;
  const urls = (await sources) ?? [];
  const shown = urls.length > 0 ? (await documentsAt(db, workspaceId, urls.slice(0, 5))).find((document) => document.kind === 'product') : undefined;
  if (shown) return shown;
  const previous = (await previousUserTurns).at(-1);
  if (!previous) return undefined;
  const [named] = await productsNamedIn(db, workspaceId, previous, { limit: 1 });
  return named && named.score >= NAME_MATCH ? { documentId: named.documentId, kind: 'product', title: named.title, url: named.url } : undefined;
}

/** A follow-up adds at most this many words to the name of the product discussed. */
const SIBLING_MAX_ADDED = 2;
/** Products read whose name has the words a follow-up adds. */
const SIBLING_CANDIDATES = 20;
/** The share of the discussed product's name words a sibling has. */
const SIBLING_SHARE = 0.6;

/**
 * "e quello da 25 anni?" after the 12-year balsamic vinegar, "and the 8 cup one?" after the
 * 6-cup moka pot: the product whose name has the words (a number, a model word) the follow-up
 * adds to the product discussed and most of the rest of its name. Words the follow-up shares
 * with the name ("anni") add nothing.
 */
async function siblingProduct(
  db: Db,
  workspaceId: string,
  discussed: DocumentRef,
  question: string,
  languages: readonly string[],
): Promise<DocumentRef | undefined> {
  const named = new Set(wordsOf(discussed.title));
  const added = [...new Set(wordsOf(question))].filter((word) => !named.has(word) && (/^\p{N}+$/u.test(word) || contentTerms(word, languages).length > 0));
  if (added.length === 0 || added.length > SIBLING_MAX_ADDED) return undefined;
  let best: { product: DocumentRef; share: number } | undefined;
  for (const product of await productsTitledWith(db, workspaceId, added, SIBLING_CANDIDATES)) {
    if (product.documentId === discussed.documentId) continue;
    const share = wordsOf(product.title).filter((word) => named.has(word)).length / named.size;
    if (share >= SIBLING_SHARE && (!best || share > best.share)) best = { product, share };
  }
  return best?.product;
}

interface FocusCandidates {
  names: NamedProduct[];
  page: DocumentRef | undefined;
  lastProduct: DocumentRef | undefined;
  lookingBack: boolean;
  /** The question asks a product's price, stock, sale or a quantity. */
  aboutProduct: boolean;
  terms: readonly string[];
  searched: readonly SearchHit[];
}

function chooseFocus({ names, page, lastProduct, lookingBack, aboutProduct, terms, searched }: FocusCandidates): FocusProduct | null {
  const [bestName, nextName] = names;
  // Two products named about as well ("a Klettersteigset" for "Klettersteigset Comfort" and
  // "Klettersteig-Paket") is a kind of product, not one of them.
  const ambiguous =
    bestName !== undefined &&
    nextName !== undefined &&
    nextName.score >= NAME_MATCH &&
    nextName.matchedWords === bestName.matchedWords &&
    nextName.coverage === bestName.coverage &&
    nextName.score >= bestName.score - AMBIGUOUS_NAME_MARGIN;
  // A product is named by two words of its name, or by one no other product has; one common
  // word ("a rain jacket") is a kind of product. "Is it waterproof?" is about the product at
  // hand even when another is called "Waterproof Jacket".
  // "It" can only point back at a product the conversation or the page has: without one, a word
  // read as pointing ("la" in "Quanto costa la giacca Ridgeline?" is an article) leaves the name alone.
  const pointsBack = lookingBack && (lastProduct !== undefined || page !== undefined);
  const named = bestName !== undefined && bestName.score >= NAME_MATCH && !ambiguous && (bestName.matchedWords >= 2 || (bestName.distinctive && !pointsBack));
  const [top] = searched;
  const pageAnswers = top !== undefined && top.kind !== 'product' && coverageOf(terms, [top]) >= TOPIC_COVERAGE;
  // "What EU size are my shoes?" in a shop with one pair of shoes is for the size guide.
  if (named && !(bestName.byKindWord === true && pageAnswers))
    return { documentId: bestName.documentId, title: bestName.title, url: bestName.url, reason: 'name' };
  const pick = (document: DocumentRef | undefined, reason: FocusProduct['reason']): FocusProduct | null =>
    document ? { documentId: document.documentId, title: document.title, url: document.url, reason } : null;
  if (lookingBack) return pick(lastProduct, 'conversation') ?? pick(page, 'page');
  if (!page) return null;
  if (aboutProduct) return pick(page, 'page');
  // On a product page, a question a page of the site answers ("do you ship to Canada?") is about that page.
  if (pageAnswers && top.documentId !== page.documentId) return null;
  return pick(page, 'page');
}

/**
 * A product's chunks as one source, in reading order with their headings: the product a question
 * is about is read whole (its spec list sits under its own heading, in a chunk of its own).
 */
function wholeDocument(hits: readonly SearchHit[]): SearchHit[] {
  const [first] = hits;
  if (!first) return [];
  const content = hits.map((hit, index) => (hit.heading && index > 0 ? `${hit.heading}\n${hit.content}` : hit.content)).join('\n');
  return [{ ...first, content }];
}

/** A page among the first this many sources is read whole (for each part of the question). */
const WHOLE_PAGE_BY_PLACE = 2;

/**
 * The best pages read whole, in their places: what a policy question asks often sits in another
 * passage of the page that matched ("How long do refunds take?" matches the returns page's
 * opening; the days are under its last heading). Their other passages leave the list.
 */
function withPagesWhole(sources: readonly RankedSource[], wholes: readonly SearchHit[], places: number): RankedSource[] {
  const replaced = new Map<string, RankedSource>();
  for (const whole of wholes) {
    const best = sources.slice(0, places).find((source) => source.kind === 'post' && source.documentId === whole.documentId);
    if (best) replaced.set(whole.documentId, { ...best, content: whole.content, heading: whole.heading });
  }
  if (replaced.size === 0) return [...sources];
  const kept = sources.filter((source) => !replaced.has(source.documentId) || sources.find((s) => s.documentId === source.documentId) === source);
  return kept.map((source, index) => ({ ...(replaced.get(source.documentId) ?? source), rank: index + 1 }));
}

/** Whether a hit may stand in the ranking: pages always, products when they meet the filters (as filterCondition reads them). */
function meetsFilters(hit: SearchHit, filters: ProductFilters): boolean {
  if (hit.kind !== 'product') return true;
  if (filters.inStock && !IN_STOCK.has(String(hit.data.stock_status))) return false;
  if (filters.onSale && hit.data.on_sale !== true && hit.data.on_sale !== 'true') return false;
  if (filters.category) {
    const wanted = filters.category.toLowerCase();
    const categories = Array.isArray(hit.data.categories) ? (hit.data.categories as { name?: unknown; slug?: unknown }[]) : [];
    if (!categories.some((category) => String(category.name ?? '').toLowerCase() === wanted || String(category.slug ?? '').toLowerCase() === wanted))
      return false;
  }
  if (filters.maxPrice === undefined && filters.minPrice === undefined) return true;
  const pricing = hit.data.pricing as { price?: unknown } | undefined;
  const price = Number(pricing?.price);
  if (!Number.isFinite(price)) return false;
  return (filters.maxPrice === undefined || price <= filters.maxPrice) && (filters.minPrice === undefined || price >= filters.minPrice);
}

/** Stock states a visitor can order in: backorders ship later but can be bought. */
const IN_STOCK = new Set(['instock', 'onbackorder']);

/** By this place the best matching page stands among the products. */
const PAGE_BY_PLACE = 2;

/**
 * The best matching page moved up to the third place when products fill the first ones: in a
 * catalog of jackets, "How long do I have to return a jacket?" matches every jacket's name, and
 * the returns page must still be read.
 */
function withPageNearTop<T extends { hit: SearchHit }>(ordered: readonly T[]): T[] {
  const firstPage = ordered.findIndex((entry) => entry.hit.kind === 'post');
  if (firstPage <= PAGE_BY_PLACE) return [...ordered];
  const page = ordered[firstPage] as T;
  return [...ordered.slice(0, PAGE_BY_PLACE), page, ...ordered.slice(PAGE_BY_PLACE).filter((_, index) => index + PAGE_BY_PLACE !== firstPage)];
}

/**
 * "Something under $30 for the kitchen?" asks for products: those within its bounds, found by
 * the search or by the bounds alone, before the pages that share its words ("gift cards").
 */
function productsFirst<T extends { hit: SearchHit }>(ordered: readonly T[]): T[] {
  return [...ordered.filter((entry) => entry.hit.kind === 'product'), ...ordered.filter((entry) => entry.hit.kind !== 'product')];
}

/** The best hit of each part in turn, then the second of each, and so on. */
function interleave(lists: readonly SearchHit[][]): SearchHit[] {
  const out: SearchHit[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (list[i]) out.push(list[i] as SearchHit);
  return out;
}

/** Hits in the order given, each chunk once (its first place kept). */
function mergeHits(hits: readonly SearchHit[]): SearchHit[] {
  const seen = new Set<number>();
  return hits.filter((hit) => !seen.has(hit.chunkId) && seen.add(hit.chunkId) !== undefined);
}

function rank(ordered: readonly { hit: SearchHit; origin: SourceOrigin }[], limit: number): RankedSource[] {
  const perDocument = new Map<string, number>();
  const seen = new Set<number>();
  const sources: RankedSource[] = [];
  for (const { hit, origin } of ordered) {
    if (seen.has(hit.chunkId)) continue;
    const count = perDocument.get(hit.documentId) ?? 0;
    if (count >= MAX_CHUNKS_PER_DOCUMENT) continue;
    seen.add(hit.chunkId);
    perDocument.set(hit.documentId, count + 1);
    sources.push({ rank: sources.length + 1, ...hit, snippet: snippetOf(hit.content), origin });
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
export function confidenceOf(
  terms: readonly string[],
  sources: readonly Pick<RankedSource, 'title' | 'heading' | 'content' | 'score'>[],
  equivalents: ReadonlyMap<string, readonly string[]> = new Map(),
): number {
  const [first, second] = sources;
  if (!first) return 0;
  const topScore = Math.min(Math.max(first.score, 0), 1);
  if (terms.length === 0) return round(topScore);
  // The question's stems, crossed off as the two best sources are read; done once all are found.
  // A term is also crossed off by a word the shop uses for it ("postage" by "shipping").
  const stemsOfTerm = new Map(terms.map((term) => [term, [term, ...(equivalents.get(term) ?? [])].map(stem)]));
  const missing = new Set([...stemsOfTerm.values()].flat());
  const found = new Set<string>();
  for (const source of [first, second]) {
    if (!source || missing.size === 0) continue;
    for (const [word] of normalized(`${source.title} ${source.heading ?? ''} ${source.content}`).matchAll(WORD)) {
      const key = stem(word);
      if (missing.delete(key)) found.add(key);
      if (missing.size === 0) break;
    }
  }
  const covered = terms.filter((term) => (stemsOfTerm.get(term) ?? []).some((key) => found.has(key))).length;
  return round(0.6 * (covered / terms.length) + 0.4 * topScore);
}

/**
 * The shop's words for each term that names a shop topic ("postage" → "shipping", "delivery") or
 * is a word of a phrase that does ("head" of "for my head" → "hat", "beanie").
 */
function shopTopicEquivalents(question: string, terms: readonly string[], languages: readonly string[]): Map<string, string[]> {
  const ofPhrases = phraseEquivalents(question, languages);
  return new Map(
    terms.flatMap((term): [string, string[]][] => {
      if (namesShopTopic(term)) return [[term, shopTopicWords(term, languages).split(' ').filter(Boolean)]];
      const words = ofPhrases.get(fold(term));
      return words ? [[term, words]] : [];
    }),
  );
}

/** Share of the terms found in the sources' text (by their first four letters). */
export function coverageOf(terms: readonly string[], sources: readonly Pick<RankedSource, 'title' | 'heading' | 'content'>[]): number {
  if (terms.length === 0) return 0;
  const missing = new Set(terms.map(stem));
  for (const source of sources) {
    for (const [word] of normalized(`${source.title} ${source.heading ?? ''} ${source.content}`).matchAll(WORD)) {
      if (missing.delete(stem(word)) && missing.size === 0) return 1;
    }
  }
  return 1 - missing.size / new Set(terms.map(stem)).size;
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
    'much many viel viele combien cuanto cuánto cuántos cuántas quanto kind sort type way thing things stuff lot bit policy policies info information details question questions ' +
    "take make give use come see say ask put keep let try whats its it's i'm i've don't can't really actually maybe still even ever here now instead rather myself yourself ourselves themselves " +
    'till something anything someone anyone everything ' +
    // What is left of "don't", "isn't" when the apostrophe splits the word.
    'don doesn didn isn aren wasn weren won wouldn shouldn couldn haven hasn hadn ' +
    'gibt geben machen kommen gehen sehen sagen nehmen lassen bekommen euch mal denn doch also sowas etwas irgendwas ' +
    'faire prendre donner aller voir dire ' +
    'hacer tomar dar ver decir ' +
    'der die das den dem des ein eine einen einem einer und oder aber nicht ist sind war wie was wer wo warum ' +
    'ich du sie wir ihr mein meine mir mich dich ihnen haben hat kann könnt bitte mit für von auf aus bei noch fürs aufs ans übers ums ' +
    'les des une est sont pas pour avec dans sur que qui quoi comment pourquoi où mon mes ma vous nous votre vos ' +
    'avez ont peut bien aussi merci ' +
    'los las una uno unos unas del con por para que qué como cómo cuál donde dónde está están son mis tus sus ' +
    'usted ustedes tiene tengo puede quiero gracias estar ' +
    // "When": it asks about what is at hand ("¿cuándo vuelve a estar disponible?" is a follow-up).
    'cuándo cuando quand quando wann wanneer ' +
    'هل ما ماذا كيف أين متى لماذا من في على إلى عن هذا هذه ذلك التي الذي أنا أنت نحن هو هي'
  ).split(' '),
);

/** ISO 639-1 → the stopword package's list (ISO 639-3), for the languages of lexicon/. */
const STOPWORD_LISTS: Readonly<Record<string, readonly string[]>> = {
  en: stopwords.eng,
  de: stopwords.deu,
  fr: stopwords.fra,
  es: stopwords.spa,
  it: stopwords.ita,
  pt: stopwords.por,
  nl: stopwords.nld,
  ar: stopwords.ara,
  ru: stopwords.rus,
  pl: stopwords.pol,
  tr: stopwords.tur,
  id: stopwords.ind,
  fa: stopwords.fas,
  hi: stopwords.hin,
  ur: stopwords.urd,
  bn: stopwords.ben,
  vi: stopwords.vie,
};
const stopwordSets = new Map<string, ReadonlySet<string>>();

function stopwordsOf(language: string): ReadonlySet<string> {
  const primary = primaryLanguage(language);
  let set = stopwordSets.get(primary);
  if (!set) {
    set = new Set((STOPWORD_LISTS[primary] ?? []).map((word) => normalized(word)));
    stopwordSets.set(primary, set);
  }
  return set;
}

/**
 * The words of a text that carry its subject: three letters or more, not a function word of the
 * main languages nor (given `languages`) of these languages' full stopword lists.
 */
export function contentTerms(text: string, languages: readonly string[] = []): string[] {
  const lists = languages.map(stopwordsOf);
  const terms = new Set<string>();
  for (const word of wordsOf(text)) {
    if ([...word].length >= 3 && !STOPWORDS.has(word) && !lists.some((list) => list.has(word))) terms.add(word);
  }
  return [...terms];
}
