import { markdownLink } from '../blocks.js';
import { lexiconFor } from '../lexicon/index.js';
import { phrase } from '../phrases.js';
import { contentTerms, coverageOf } from '../retrieval.js';
import { categoryNamedIn } from '../understanding/categories.js';
import { withoutMeasureConditions } from '../understanding/measures.js';
import { productTerms, relevantProducts } from '../understanding/product-request.js';
import { pointsBack } from '../understanding/question.js';
import { asksForKindSold, asksShopPolicy, countryNamesIn, destinationWords, namesShopTopic, shopTopicWords } from '../understanding/shop-topics.js';
import { fold, primaryLanguage, stemsOf, wordsOf } from '../understanding/stemming.js';
import { ownerAnswer, quotedAnswer, smallTalkAnswer } from './compose.js';
import { asksForConcept, asksForMeasure, asksHowTo, extractAnswer, lacksWordAsked, type Extracted } from './extract.js';
import type { OfflineSource, OfflineTurnFacts } from './facts.js';
import { detectIntents } from './intents.js';
import { attributesOf, productAnswer, stockSentence } from './product-answers.js';

/**
 * What the offline responder answers, decided from the turn's facts alone: small talk; for a
 * question about one product (named, on the page, or just discussed) its structured fields and
 * the sentences of its description that answer; a catalog search for products described or
 * bounded by price; otherwise the sentences of the best sources that answer each part of the
 * question. When nothing answers, it says so (and the caller offers a person), never quoting
 * something unrelated.
 */

export type Composed =
  | { kind: 'text'; text: string; /** The owner's own answer (a snippet): it comes before any request recognised by phrase. */ owners?: true }
  | { kind: 'tool'; toolName: string; input: Record<string, unknown>; fallback?: string }
  | { kind: 'abstain'; text: string; reason: string };

/** An owner's answer whose questions cover this share of the question's words answers it, whole. */
const OWNER_ANSWER_COVERAGE = 0.6;
/** A page that covers this share of the question's words is what a product-sounding question is about. */
const PAGE_TOPIC_COVERAGE = 0.5;
/** The product's own sentence answers unless another page's scores this much more (less than 1: the product is preferred). */
const PRODUCT_SHARE = 0.75;
/** ...and for "how do I…", a page of the shop's is preferred unless the product's sentence scores this much more. */
const HOW_TO_PRODUCT_SHARE = 1.25;
/** A follow-up of at most this many words without a question word of its own ("and in blue?"). */
const SHORT_FOLLOW_UP_TERMS = 3;

export function composeAnswer(question: string, facts: OfflineTurnFacts, context: { toolsAvailable: ReadonlySet<string> }): Composed {
  const { analysis, language } = facts;
  const languages = [language, facts.contentLanguage];
  if (analysis.smallTalk) return { kind: 'text', text: smallTalkAnswer(analysis.smallTalkKinds, language, facts.agentName, facts.shop) };
  const owned = ownerAnswerFor(question, facts.sources, languages);
  if (owned) return { kind: 'text', text: ownerAnswer(owned, language), owners: true };

  const focusSources = facts.focus ? facts.sources.filter((source) => source.documentId === facts.focus?.documentId) : [];
  // "And what's your cheapest jacket?" after another product asks for a listing, not about that product.
  const [focus] = analysis.priceOrder === null ? focusSources : [];
  if (focus && analysis.parts.length > 1) return productAndOtherParts(question, facts, focus, focusSources, languages);
  if (focus) return aboutProduct(question, facts, focus, focusSources, languages);

  // "How much is the beanie, and the headlamp?": each product the question names, from its fields.
  const named = facts.sources.filter((source, index, all) => source.origin === 'name' && all.findIndex((s) => s.documentId === source.documentId) === index);
  if (named.length > 1 && (analysis.asksPrice || analysis.asksStock)) {
    const lines = named.slice(0, 3).flatMap((product) => productAnswer(question, product, analysis, language, languages, false).lines);
    if (lines.length > 0) return { kind: 'text', text: lines.join('\n') };
  }
  const hasBounds = analysis.bounds.max !== undefined || analysis.bounds.min !== undefined || analysis.measures.length > 0;
  const terms = contentTerms(question, languages);
  const bestCoverage = (kind: OfflineSource['kind']) => Math.max(0, ...facts.sources.filter((s) => s.kind === kind).map((s) => coverageOf(terms, [s])));
  const pageCoverage = bestCoverage('post');
  const pageTopic = pageCoverage >= PAGE_TOPIC_COVERAGE && pageCoverage > bestCoverage('product');
  // "How much is shipping?", "do you have a shop in Leeds?": the shop's pages answer, not its catalog.
  const wantsProducts =
    hasBounds ||
    analysis.priceOrder !== null ||
    asksForKindSold(question) ||
    (detectIntents(question).has('product') && !pageTopic && analysis.parts.length < 2 && !asksShopPolicy(question));
  // "Do you sell green unroasted beans?" where nothing found speaks of unroasted beans: the team
  // knows, the catalog search would list the nearest coffee.
  if (wantsProducts && !hasBounds && lacksThingAsked(question, facts, languages)) {
    return { kind: 'abstain', text: phrase(facts.language, 'unsure'), reason: 'The question asks for a thing no source speaks of' };
  }
  if (wantsProducts && context.toolsAvailable.has('show_products')) {
    // When the catalog search finds no product, a page of the shop's may answer ("do you sell
    // gift cards?"), and so may a product that has two of the things asked for or is one of them;
    // not one that only mentions the one thing asked ("do you sell shoes?": a sock's "US shoe size").
    const sought = withoutMeasureConditions(question);
    const soughtTerms = productTerms(sought, languages);
    const relevant = relevantProducts(sought, facts.sources, languages);
    const passagesOf = (source: OfflineSource) => facts.sources.filter((other) => other.documentId === source.documentId);
    const fallbackSources = facts.sources.filter(
      (source) => source.kind !== 'product' || relevant.includes(source) || coverageOf(soughtTerms, passagesOf(source)) * soughtTerms.length >= 2,
    );
    const fallback = answerFromSources(question, { ...facts, sources: fallbackSources }, languages);
    return {
      kind: 'tool',
      toolName: 'show_products',
      input: {
        query: question,
        ...(analysis.bounds.max !== undefined ? { max_price: analysis.bounds.max } : {}),
        ...(analysis.bounds.min !== undefined ? { min_price: analysis.bounds.min } : {}),
        ...(analysis.priceOrder ? { sort: analysis.priceOrder === 'asc' ? 'price_asc' : 'price_desc' } : {}),
        ...(analysis.onSale ? { on_sale: true } : {}),
        ...(analysis.asksStock ? { in_stock: true } : {}),
        ...categoryAskedFor(question, facts.sources, languages),
      },
      ...(fallback.kind === 'text' ? { fallback: fallback.text } : {}),
    };
  }
  if (facts.lowConfidence)
    return crossLanguageTopicAnswer(question, facts) ?? { kind: 'abstain', text: phrase(language, 'unsure'), reason: 'No source answers the question' };
  return answerFromSources(question, facts, languages);
}

/**
 * "Liefert ihr nach Österreich?" on an English shop: none of its words is in the pages, so
 * retrieval is unsure, yet it touches a topic every shop's pages cover (shipping, returns,
 * payment) and names a country. The pages' sentences are then read in the shop's own words for
 * that topic and region ("shipping delivery", "European Union"), for questions in another
 * language than the content only: in the content's language, words the pages never use
 * ("Can I pay with Bitcoin?") mean the pages do not answer.
 */
function crossLanguageTopicAnswer(question: string, facts: OfflineTurnFacts): Composed | undefined {
  if (primaryLanguage(facts.language) === primaryLanguage(facts.contentLanguage)) return undefined;
  const topicWords = shopTopicWords(question, [facts.contentLanguage]);
  if (!topicWords) return undefined;
  const pages = facts.sources.filter((source) => source.kind === 'post');
  const extracted = extractAnswer(topicWords, pages, [facts.contentLanguage], facts.analysis.quantity, { asked: question, preferPages: true });
  return extracted ? { kind: 'text', text: quotedAnswer(extracted, facts.language) } : undefined;
}

/**
 * The owner's answer (a snippet) to this question, if one was retrieved whose questions cover
 * most of its words: the owner wrote it for exactly this, so it is quoted whole rather than
 * sentence by sentence.
 */
function ownerAnswerFor(question: string, sources: readonly OfflineSource[], languages: readonly string[]): OfflineSource | undefined {
  const terms = contentTerms(question, languages);
  if (terms.length === 0) return undefined;
  return sources.find((source) => {
    if (source.kind !== 'snippet') return false;
    const questions = Array.isArray(source.data.questions) ? source.data.questions.map(String) : [source.title];
    return questions.some((asked) => coverageOf(terms, [{ title: asked, heading: null, content: '' }]) >= OWNER_ANSWER_COVERAGE);
  });
}

/** The category the question names, as the catalog search's filter; see categoryNamedIn. */
function categoryAskedFor(question: string, sources: readonly OfflineSource[], languages: readonly string[]): { category?: string } {
  const category = categoryNamedIn(question, sources, languages);
  return category ? { category } : {};
}

/** Each part of the question answered from the sources; abstains when no part is. */
function answerFromSources(question: string, facts: OfflineTurnFacts, languages: readonly string[]): Composed {
  // "Is there a Threadline app…?", "do you run barista courses?": whether the shop has a thing
  // it never speaks of is for its team to say, not for a sentence sharing the question's other
  // words ("…track your rewards points", "…our baristas"). In the content's language only.
  if (lacksThingAsked(question, facts, languages)) {
    return { kind: 'abstain', text: phrase(facts.language, 'unsure'), reason: 'The question asks for a thing no source speaks of' };
  }
  // "¿Tienen integración con Mercado Pago?": a name is written alike in every language.
  const partner = partnerAskedFor(question);
  if (partner && lacksWordAsked(partner, facts.sources, languages)) {
    return { kind: 'abstain', text: phrase(facts.language, 'unsure'), reason: 'The question asks about a name no source speaks of' };
  }
  // A part with a single word of its own ("how long do I have?") is read with the question whole,
  // unless that word names a topic of the shop's ("…, and how do I return something?").
  const ownWords = (part: string) => contentTerms(part, languages);
  const splittable =
    facts.analysis.parts.length > 1 && facts.analysis.parts.every((part) => ownWords(part).length >= 2 || ownWords(part).some((word) => namesShopTopic(word)));
  const parts = splittable ? facts.analysis.parts : [question];
  // "Spedite in Italia? Quanto costa la spedizione?": a country an earlier part names is where a
  // later part that names none asks about ("How much is express shipping, and do you ship to
  // Canada?" asks the price at home).
  let countries: string[] = [];
  const answers: Extracted[] = [];
  // "And how long does it take to get there?" after "do you ship to Canada?": read with the
  // question it leans on, for what kind of answer it asks ("how long": days).
  if (facts.leansOn && parts.length === 1) {
    const extracted = extractAnswer(`${facts.leansOn} ${question}`, facts.sources, languages, facts.analysis.quantity, {
      asked: question,
      preferPages: !detectIntents(question).has('product'),
    });
    if (extracted) return { kind: 'text', text: quotedAnswer(extracted, facts.language) };
  }
  for (const written of parts) {
    const named = parts.length > 1 ? countryNamesIn(written, [facts.language]) : [];
    const part = named.length === 0 && countries.length > 0 ? `${written} ${countries.join(' ')}` : written;
    if (named.length > 0) countries = named;
    // Each part is answered by a sentence of its own: the one an earlier part quoted is taken.
    const exclude = new Set(answers.flatMap((answer) => answer.sentences));
    const options = {
      exclude,
      preferPages: !detectIntents(part).has('product'),
      // A question in the site's own language whose key word the site never uses is not answered by a sentence sharing another word with it.
      requireKnownWords: primaryLanguage(facts.language) === primaryLanguage(facts.contentLanguage),
    };
    // "How long do I have to send something back?": when no sentence shares its words, the one
    // in the shop's words for the topic ("returns") answers it.
    // Only for a part of a question that asks several things: a question of its own whose words
    // the sources do not use ("Can I pay with Bitcoin?") is left unanswered.
    // So is a question naming a country the pages only cover as part of a region ("Germany": "the European Union").
    const topicWords =
      parts.length > 1 ? shopTopicWords(part, [facts.contentLanguage, facts.language]) : destinationWords(part, [facts.contentLanguage, facts.language]);
    // "What's your phone number?" is answered by a page that gives one, not by a sentence about
    // other numbers ("the next number 001 gives 2025-001"); on a site that gives none, by the team.
    const sources = asksPhoneNumber(part) ? facts.sources.slice(0, PHONE_SOURCES_READ).filter((source) => givesPhoneNumber(source.content)) : facts.sources;
    const extracted =
      extractAnswer(part, sources, languages, facts.analysis.quantity, options) ??
      (topicWords ? extractAnswer(`${part} ${topicWords}`, sources, languages, facts.analysis.quantity, options) : undefined);
    if (extracted && !answers.some((answer) => sameAnswer(answer, extracted))) answers.push(extracted);
  }
  if (answers.length === 0) return { kind: 'abstain', text: phrase(facts.language, 'unsure'), reason: 'No source answers the question' };
  return {
    kind: 'text',
    text: mergeQuotes(answers)
      .map((answer) => quotedAnswer(answer, facts.language))
      .join('\n\n'),
  };
}

function sameAnswer(a: Extracted, b: Extracted): boolean {
  return a.source.url === b.source.url && a.sentences.join(' ') === b.sentences.join(' ');
}

/** Two parts answered from one page are quoted under one link. */
function mergeQuotes(answers: readonly Extracted[]): Extracted[] {
  const merged: Extracted[] = [];
  for (const answer of answers) {
    const same = merged.find((m) => m.source.url === answer.source.url);
    if (same) same.sentences = [...new Set([...same.sentences, ...answer.sentences])];
    else merged.push({ ...answer, sentences: [...answer.sentences] });
  }
  return merged;
}

/**
 * "How heavy is the Sternwacht 3? And how long does delivery to Switzerland take?": the parts
 * about the product (naming it, or pointing back at it: "…, and can they be dimmed?") are
 * answered about it, the others from the pages.
 */
function productAndOtherParts(
  question: string,
  facts: OfflineTurnFacts,
  focus: OfflineSource,
  focusSources: readonly OfflineSource[],
  languages: readonly string[],
): Composed {
  const { parts } = facts.analysis;
  const shared = (part: string, title: string) => {
    const words = wordsOf(part);
    return wordsOf(title).filter((word) => words.includes(word)).length;
  };
  // Another product named in a part ("…, and the Lumen 400 Headlamp?"), by more of its words than
  // the product in focus, is answered from its own fields.
  const namedIn = (part: string) =>
    facts.sources.find(
      (source) =>
        source.kind === 'product' &&
        source.documentId !== focus.documentId &&
        source.origin === 'name' &&
        shared(part, source.title) >= 2 &&
        shared(part, source.title) > shared(part, focus.title),
    );
  const aboutFocus = parts.filter((part) => !namedIn(part) && (shared(part, focus.title) > 0 || pointsBack(part, languages)));
  const productParts = aboutFocus.length > 0 ? aboutFocus : [parts.find((part) => !namedIn(part)) ?? question];
  const otherParts = parts.filter((part) => !productParts.includes(part));
  const aboutIt = productParts.map((part) => aboutProduct(part, facts, focus, focusSources, languages));
  const productLines = otherParts.flatMap((part) => {
    const other = namedIn(part);
    return other ? productAnswer(part, other, facts.analysis, facts.language, languages, false).lines : [];
  });
  const pageParts = otherParts.filter((part) => !namedIn(part));
  const rest: Composed =
    pageParts.length > 0
      ? answerFromSources(pageParts.join(' '), { ...facts, analysis: { ...facts.analysis, parts: pageParts } }, languages)
      : { kind: 'text', text: '' };
  const texts = [...aboutIt, ...(productLines.length > 0 ? [{ kind: 'text' as const, text: productLines.join('\n') }] : []), rest]
    .filter((composed): composed is Extract<Composed, { kind: 'text' }> => composed.kind === 'text')
    .map((composed) => composed.text);
  // Two parts about the product may be answered by the same line (its price, one sentence).
  const joined = [...new Set(texts.filter(Boolean))];
  return joined.length > 0 ? { kind: 'text', text: joined.join('\n\n') } : (aboutIt[0] ?? rest);
}

/**
 * A question about one product: its structured fields for price, stock and options, then what
 * its description says about the rest of the question, or the page that answers it.
 */
function aboutProduct(
  question: string,
  facts: OfflineTurnFacts,
  focus: OfflineSource,
  focusSources: readonly OfflineSource[],
  languages: readonly string[],
): Composed {
  const { analysis, language } = facts;
  // "When will it be back in stock?": the shop's pages never give a date, but the product's own
  // may ("Back in stock mid-March"). Its stock today and that sentence; without one, that the
  // date is not known here (the team may know): no page is quoted as if it answered.
  if (RESTOCK.test(fold(question)) && focus.data.stock_status !== 'instock') {
    const today = stockSentence(focus, focus.title, language);
    const dated = restockSentence(focusSources);
    if (dated) return { kind: 'text', text: [today, quotedAnswer({ source: focus, sentences: [dated], score: 1 }, language)].filter(Boolean).join('\n\n') };
    return {
      kind: 'abstain',
      text: [today, phrase(language, 'detail_not_found', { name: focus.title })].filter(Boolean).join(' '),
      reason: `When ${focus.title} will be back in stock is not known`,
    };
  }
  // "When would this ship if I order today?" about a product on backorder: its own page's
  // "Orders placed now ship in about 3 weeks" answers, not the shop's usual delivery times.
  if (focus.data.stock_status !== 'instock' && SHIPS_WHEN.test(fold(question.slice(0, THING_ASKED_CHARS)))) {
    const dated = restockSentence(focusSources);
    if (dated) {
      const today = stockSentence(focus, markdownLink(focus.title, focus.url), language);
      return { kind: 'text', text: [today, quotedAnswer({ source: focus, sentences: [dated], score: 1 }, language)].filter(Boolean).join('\n\n') };
    }
  }
  // "Can I get the Coastline sunglasses with prescription lenses?": a detail its own text never
  // speaks of is for the team, not a sentence sharing the question's other words ("Polarized
  // lenses"). In the content's language only.
  const detail = detailAskedFor(question);
  if (detail && primaryLanguage(language) === primaryLanguage(facts.contentLanguage) && lacksWordAsked(detail, focusSources, languages)) {
    return { kind: 'abstain', text: phrase(language, 'detail_not_found', { name: focus.title }), reason: `${focus.title} says nothing of ${detail}` };
  }
  const residual = residualTerms(question, focus, facts);
  // "And in blue?" about the product just discussed: its options answer it.
  const followUp = facts.focus?.reason !== 'name' && residual.length > 0 && residual.length <= SHORT_FOLLOW_UP_TERMS && !analysis.quantity;
  // "How much does it weigh?" asks a weight, not a price.
  const asksPrice = analysis.asksPrice && !(asksForMeasure(question) && !EXPLICIT_PRICE.test(fold(question)));
  const productAnalysis = { ...analysis, asksPrice };
  const structured = productAnswer(question, focus, productAnalysis, language, languages, false);
  // "Was ist beim Kocher alles dabei?": every word of it is a cue or the name, yet it asks what is included.
  const withoutName = wordsOf(question)
    .filter((word) => !wordsOf(focus.title).includes(word))
    .join(' ');
  const asksDetail = asksForMeasure(withoutName) || asksForConcept(withoutName);
  // Another page may answer what is asked about the product when it is a matter of the shop's
  // policies (returning, exchanging, shipping, paying for it); what the product is like, only its
  // own page says. So may a page that tells how to do something with it ("How do I re-season my
  // cast iron pan?"): such a page is preferred to the product's description.
  const howTo = asksHowTo(question);
  // The product's name may hold a topic's word ("Pumpfilter Expedition" is not about shipping).
  const topicWords = shopTopicWords(withoutName, languages);
  // Not any shop topic: "so I can charge my phone" is not a question for the contact page.
  // Whether it may go in the dishwasher is the product's own detail, though "lavavajillas" and
  // "máquina de lavar loiça" hold a word for washing (which a care guide may answer).
  // How often to do something with it is not a question of the shop's policies, though it may be
  // one for a care guide ("how often do I swap the filter?" asks for no exchange).
  const often = HOW_OFTEN.test(fold(withoutName));
  const policy = POLICY_TOPIC.test(fold(withoutName).replace(DISHWASHER, ' ')) || (!often && asksShopPolicy(withoutName)) || howTo;
  // "Can I swap it for a king?" names a size, yet asks about exchanges, not the sizes it comes in.
  const answeredByStructure = structured.complete && !analysis.quantity && !asksDetail && !policy && residual.every(namesAnAttribute(focus));
  // "Do you have this in a medium?" about a product that cannot be bought now: that it cannot
  // comes first, whatever else answers (a shop's policy applies to it all the same).
  const stock =
    !policy && !analysis.asksStock && focus.data.stock_status !== 'instock' ? stockSentence(focus, markdownLink(focus.title, focus.url), language) : undefined;
  const withStock = (lines: string[]) => (stock ? [stock, ...lines] : lines);
  if (answeredByStructure || (structured.complete && residual.length === 0 && !asksDetail))
    return { kind: 'text', text: withStock(structured.lines).join(' ') };

  const others = policy ? pagesBesides(focus, facts.sources) : [];
  const residualQuestion = residual.length > 0 ? residual.join(' ') : question;
  const fromProduct =
    residual.length > 0 || asksDetail ? extractAnswer(residualQuestion, focusSources, languages, analysis.quantity, { asked: question }) : undefined;
  // The other pages are read in the shop's words for the topic ("swap" → "exchange").
  const fromOthers =
    residual.length > 0 || asksDetail
      ? extractAnswer(`${residualQuestion} ${topicWords}`.trim(), others, languages, analysis.quantity, { asked: question })
      : undefined;
  // Nothing of the product answers, nor do its fields: a page of the shop's may ("can I get a
  // power bank sent overnight?" is the shipping page's), read as strictly as a question of its own.
  const fromPages =
    !policy && !fromProduct && residual.length > 0 && structured.lines.length === 0
      ? extractAnswer(residualQuestion, pagesBesides(focus, facts.sources), languages, analysis.quantity, { asked: question, requireKnownWords: true })
      : undefined;
  // The product's own text first; another page only when it answers clearly better (a return
  // question asked about a product is answered by the returns page).
  // The product's sentence that says every word asked ("will the tee shrink in the wash?":
  // "…pre-shrunk… less than 3% shrinkage if you wash cold") is about it, as a care page's
  // sentence on linen is not, however well that page's title fits.
  const productSaysAll =
    fromProduct !== undefined &&
    !howTo &&
    residual.length > 1 &&
    coverageOf(residual, [{ title: '', heading: null, content: fromProduct.sentences.join(' ') }]) === 1;
  const extracted =
    fromProduct && (!fromOthers || productSaysAll || fromProduct.score >= fromOthers.score * (howTo ? HOW_TO_PRODUCT_SHARE : PRODUCT_SHARE))
      ? fromProduct
      : (fromOthers ?? fromPages);
  // A page's answer to a policy question is not preceded by the product's options it happens to
  // name, and without one the product's price is no answer to "how much is gift wrapping for it?".
  const lines = policy && (!extracted || extracted === fromOthers) ? [] : [...structured.lines];
  if (extracted) lines.push(quotedAnswer(extracted, language));
  // Nothing else answers a short follow-up ("and in blue?"): the options the product comes in do.
  if (lines.length === 0 && followUp) lines.push(...productAnswer(question, focus, productAnalysis, language, languages, true).lines);
  if (lines.length > 0) return { kind: 'text', text: withStock(lines).join('\n\n') };
  if (residual.length === 0) {
    // "Tell me about this one": what the shop says of it in one line, with its price.
    const summary = productAnswer(question, focus, { ...analysis, asksPrice: true, asksStock: true }, language, languages, false);
    return { kind: 'text', text: summary.lines.join(' ') };
  }
  return {
    kind: 'abstain',
    // The product is named, not linked: nothing of its page answered, so it is not shown as a source.
    text: phrase(language, 'detail_not_found', { name: focus.title }),
    reason: `The content of ${focus.title} does not answer the question`,
  };
}

/** The pages among the sources (not the product in focus, nor other products). */
function pagesBesides(focus: OfflineSource, sources: readonly OfflineSource[]): OfflineSource[] {
  return sources.filter((source) => source.documentId !== focus.documentId && source.kind === 'post');
}

/** "When will it be back in stock?", "elle sera dispo quand ?", in the languages with most shoppers. */
const RESTOCK =
  /(?<![\p{L}])(?:back in stock|in stock again|restock\w*|available again|(?:be|come) back|wieder (?:lieferbar|verfugbar|auf lager|vorratig|da|erhaltlich)|nachschub|de nouveau (?:disponible|en stock)|reassort\w*|reappro\w*|a nouveau disponible|vuelve a (?:estar disponible|haber)|reposicion|disponible de nuevo|di nuovo disponibile|torna (?:disponibile|in stock)|weer (?:op voorraad|leverbaar|beschikbaar)|volta a estar disponivel|when (?:\w+ ){0,4}(?:available|in stock)|dispo\w* quand|quand (?:\w+ ){0,4}(?:dispo\w*|en stock|de retour)|wann (?:\w+ ){0,4}(?:wieder|lieferbar|verfugbar)|cuando (?:\w+ ){0,4}(?:disponible|en stock)|quando (?:\w+ ){0,4}(?:disponibil\w*|disponivel))(?![\p{L}])/u;

/** A question asking when an order ships or arrives (folded text, main languages). */
const SHIPS_WHEN =
  /(?<![\p{L}])(?:when|how soon|how long|wann|wie lange|wie schnell|quand|combien de temps|cuando|cuanto tarda\p{L}*|quando|quanto tempo|wanneer|hoe lang|hoe snel)(?![\p{L}])[^?.!]{0,60}?(?<![\p{L}])(?:ship\p{L}*|dispatch\p{L}*|deliver\p{L}*|arriv\p{L}*|get it|receive|versand\p{L}*|verschick\p{L}*|liefer\p{L}*|ankomm\p{L}*|expedi\p{L}*|envoy\p{L}*|livr\p{L}*|recevoir|envi\p{L}*|entreg\p{L}*|llega\p{L}*|recib\p{L}*|sped\p{L}*|consegn\p{L}*|ricev\p{L}*|verzend\p{L}*|verzonden|lever\p{L}*|geleverd|ontvang\p{L}*|cheg\p{L}*)/u;

/**
 * A sentence of the product's own text that says when it is back or ships: a restock phrase or
 * "ships in/within/from…", and a time (a number, a month, a week or a season).
 */
function restockSentence(sources: readonly OfflineSource[]): string | undefined {
  for (const source of sources) {
    for (const line of source.content.split('\n')) {
      for (const sentence of line.split(/(?<=[.!?])\s+/)) {
        const folded = fold(sentence);
        if ((RESTOCK.test(folded) || RESTOCK_STATED.test(folded)) && WHEN_STATED.test(folded)) return sentence.trim();
      }
    }
  }
  return undefined;
}

/** How a product's text says when it ships: "ship in about two weeks", "expected early April", "lieferbar ab". */
const RESTOCK_STATED =
  /(?<![\p{L}])(?:(?:ship|ships|shipped|dispatch\w*|deliver\w*|arriv\w*) (?:in|within|from|by|after|again)|expected|due (?:in|on|by)|(?:lieferbar|verfugbar|versandfertig|erhaltlich) ab|ab (?:mitte|anfang|ende)|disponible (?:a partir|des|en)|prevue? (?:a partir|le|pour|en|debut|fin|mi)|disponible desde|disponibile da|leverbaar (?:vanaf|in))(?![\p{L}])/u;

/** A time in such a sentence: a number, a month, a week, a season (folded text). */
const WHEN_STATED =
  /\d|(?<![\p{L}])(?:january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|marz|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|weeks?|days?|months?|wochen?|tagen?|monate?n?|semaines?|jours?|mois|semanas?|dias|meses|settimane?|giorni|mesi|spring|summer|autumn|fall|winter|fruhling|sommer|herbst)(?![\p{L}])/u;

/** Words that ask a price whatever else is asked ("price", "cost", a currency sign). */
const EXPLICIT_PRICE =
  /[$€£¥₹]|(?<![\p{L}])(?:price\w*|cost\w*|pricing|preis\w*|kost\w*|prix|cout\w*|precio\w*|cuesta\w*|prezz\w*|costa\w*|preco\w*|euro\w*|dollar\w*)(?![\p{L}])/u;

/** "How often", folded, in the languages with most shoppers. */
const HOW_OFTEN =
  /(?<![\p{L}])(?:how often|how frequently|how many times|wie oft|wie haufig|combien de fois|tous les combien|a quelle frequence|cada cuanto|con que frecuencia|cuantas veces|ogni quanto|quante volte|con quale frequenza|hoe vaak|com que frequencia|de quanto em quanto)(?![\p{L}])/u;
/** The dishwasher, folded, in the languages with most shoppers. */
const DISHWASHER =
  /(?<![\p{L}])(?:dishwasher\w*|spulmaschine\w*|geschirrspuler\w*|lave-vaisselle|lavavajillas|lavaplatos|lavastoviglie|maquina (?:de )?lavar (?:a )?lo[iu]ca)(?![\p{L}])/gu;
/** The shop's policies, in the languages with most shoppers: asked about a product, a policy page answers. */
const POLICY_TOPIC =
  /(?<![\p{L}])(?:wash\w*|clean\w*|care|dry\w*|wasch\w*|pfleg\w*|reinig\w*|lav\w*|nettoy\w*|entretien|limpi\w*|return\w*|refund\w*|exchang\w*|ship\w*|deliver\w*|warrant\w*|guarantee\w*|pay\w*|cancel\w*|repair\w*|assembl\w*|trial|zuruck\w*|ruckgabe|rucksend\w*|umtausch\w*|erstatt\w*|versand\w*|versend\w*|liefer\w*|garantie\w*|gewahrleistung|zahl\w*|bezahl\w*|storn\w*|reparat\w*|retour\w*|rembours\w*|echang\w*|livraison|expedi\w*|paiement|payer|annul\w*|devol\w*|reembols\w*|cambi\w*|envio|entrega|garantia|pago|pagar|rimbors\w*|spedizion\w*|consegna|pagamento)(?![\p{L}])/u;

/** What a shopper says to ask for a product at all ("do you sell", "ich suche"): no detail asked. */
const REQUEST_PHRASES = [
  'sell',
  'carry',
  'have',
  'looking',
  'need',
  'want',
  'recommend',
  'such',
  'suche',
  'brauche',
  'habt',
  'empfehlen',
  'cherche',
  'busco',
  'tienen',
  'vendez',
  'verkauft',
];

/**
 * The question's words that ask for something: not the product's name, not the words that only
 * point at it ("this one") or ask its price or stock (the structured answer covers those).
 */
function residualTerms(question: string, focus: OfflineSource, facts: OfflineTurnFacts): string[] {
  const nameWords = new Set(wordsOf(focus.title));
  const cueWords = nonSubjectWords(facts.language, facts.contentLanguage);
  return contentTerms(question, [facts.language, facts.contentLanguage])
    .map((term) => fold(term))
    .filter((term) => !nameWords.has(term) && !cueWords.has(term) && !/^\d+$/.test(term));
}

const nonSubjectWordSets = new Map<string, ReadonlySet<string>>();

/** The words that only point, ask a price or stock, greet or request, in these languages and English; built once per pair. */
function nonSubjectWords(language: string, contentLanguage: string): ReadonlySet<string> {
  const languages = [...new Set([primaryLanguage(language), primaryLanguage(contentLanguage), 'en'])].sort();
  const key = languages.join(' ');
  let words = nonSubjectWordSets.get(key);
  if (!words) {
    const set = new Set<string>();
    for (const lang of languages) {
      const cues = lexiconFor(lang).cues;
      for (const list of [cues.deictic, cues.price_question, cues.stock_question, cues.on_sale, cues.greeting, cues.thanks, REQUEST_PHRASES]) {
        for (const cue of list) for (const word of wordsOf(cue.replace(/\*$/, ''))) set.add(word);
      }
    }
    nonSubjectWordSets.set(key, (words = set));
  }
  return words;
}

/** Whether a word names one of a product's attributes or options ("sizes", "navy"). */
function namesAnAttribute(product: OfflineSource): (term: string) => boolean {
  const stems = new Set<string>();
  for (const attribute of attributesOf(product)) {
    for (const word of wordsOf(`${attribute.name} ${attribute.options.join(' ')}`)) for (const stem of stemsOf(word, ['en'])) stems.add(stem);
  }
  return (term) => stemsOf(term, ['en']).some((stem) => stems.has(stem));
}

/**
 * "Is there a…", "do you have / sell / offer / run…", "gibt es…", "y a-t-il…", "¿hay…?": how a
 * question asks whether the shop has a thing, in the main languages (folded text), and the words
 * naming the thing up to what says more of it ("…where I can", "…for home roasting", "…under $200").
 */
const THING_ASKED_FOR = new RegExp(
  String.raw`(?<![\p{L}])(?:is there|are there|do you (?:guys )?(?:have|sell|offer|run|do|make|carry|provide|stock|host|organi[sz]e)|does (?:the shop|[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?) (?:have|offer|do|support|sell|provide)|gibt es|habt ihr|haben sie|bietet ihr|bieten sie|verkauft ihr|y a-t-il|avez-vous|vous avez|organisez-vous|vous organisez|proposez-vous|vous proposez|vendez-vous|vous vendez|faites-vous|hay|tienen|teneis|ofrecen|ofreceis|venden|vendeis|organizais|organizan|imparten|impartis|haceis|c'e|ci sono|avete(?: anche)?|offrite|vendete|fate(?: anche)?|organizzate|hebben jullie|is er|zijn er|verkopen jullie|tem|voces tem|vendem|oferecem)\s+(?:an?|any|some|the|ein|eine|einen|irgendwelche|un|une|des|du|de la|una|unos|unas|algun|alguna|algunos|algunas|uno|dei|delle|degli|een|um|uma)?\s*([\p{L}\p{N}' -]+?)(?=\s+(?:where|that|which|who|for|to|with|in|on|at|from|so|if|under|below|over|above|less|more|around|between|wo|mit|fur|um|zum|zur|unter|uber|bis|zwischen|ou|pour|avec|qui|que|moins|jusqu'a|entre|donde|con|para|menos|hasta|dove|per|sotto|sopra|meno|fino|waar|voor|onder|boven|tot|onde|com|abaixo|ate)(?![\p{L}])|\s*[?.!,;]|$)`,
  'u',
);

/** Whether the question asks if the shop has a thing (see THING_ASKED_FOR) no source speaks of, in the content's language. */
function lacksThingAsked(question: string, facts: OfflineTurnFacts, languages: readonly string[]): boolean {
  const thing = thingAskedFor(question);
  return thing !== undefined && primaryLanguage(facts.language) === primaryLanguage(facts.contentLanguage) && lacksWordAsked(thing, facts.sources, languages);
}

/** Words that say a thing is asked for, not which ("an express delivery option", "un truc pour…"). */
const ANY_THING =
  /(?<![\p{L}])(?:options?|choices?|possibilit\w*|ways?|services?|chances?|moglichkeit\w*|optionen|opcion\w*|posibilidad\w*|opzion\w*|opties?|mogelijkhe\w*|opcao|opcoes|possibilidades?|things?|stuff|something|products?|items?|trucs?|choses?|quelque chose|produits?|articles?|algo|cosas?|productos?|qualcosa|prodotti|prodotto|articoli|etwas|sachen?|produkte?|artikel|iets|dingen|producten|coisas?|produtos?)(?![\p{L}])/gu;

/** Such a question is short: it is read in the question's first characters only, which bounds the work of the pattern's lazy scan. */
const THING_ASKED_CHARS = 300;

/**
 * A name a question asks to work with: "integration with Mercado Pago", "connect to Xero",
 * "compatible con Alexa" (the name's words capitalised as the visitor wrote them).
 */
const PARTNER_ASKED_FOR =
  /(?<![\p{L}])(?:integrat|integraci|integrazion|integre|connect|conect|collegat|verbind|compatib|kompatib|sync|sincroniz)\p{L}*\s+(?:with|to|con|mit|avec|a|met|com|zu)\s+((?:\p{Lu}[\p{L}\p{N}'-]*)(?:\s+\p{Lu}[\p{L}\p{N}'-]*){0,3})/u;

function partnerAskedFor(question: string): string | undefined {
  return PARTNER_ASKED_FOR.exec(question.slice(0, THING_ASKED_CHARS))?.[1];
}

/** A detail asked of a product: what it is to come with ("…with prescription lenses", "does it come with a case?"), in folded text. */
const DETAIL_ASKED =
  /(?<![\p{L}])(?:(?:can|could) (?:i|we|you) (?:get|order|buy|have) (?:[\p{L}\p{N}'-]+ ){0,5}?with|(?:does|do|will) (?:it|they|this|that|[\p{L}\p{N}'-]+) come with|available with)\s+(?:(?:an?|any|the|some|extra) )?([\p{L}\p{N}'-]+(?: [\p{L}\p{N}'-]+)?)/u;

function detailAskedFor(question: string): string | undefined {
  const detail = DETAIL_ASKED.exec(fold(question.slice(0, THING_ASKED_CHARS)))?.[1];
  if (!detail) return undefined;
  // "…with a 3-year warranty?" asks a kind of answer, which its words need not be.
  return asksForMeasure(detail) || asksForConcept(detail) ? undefined : detail;
}

/** A question asking for the phone number, or to call (folded text, main languages). */
const PHONE_ASKED =
  /(?<![\p{L}])(?:phone (?:number|no)|telephone number|number to call|call (?:you|someone|somebody|a person)|ring you|telefonnummer|anrufen|numero de (?:telephone|tel|telefono|telefone)|(?:vous|quelqu'un) appeler|appeler quelqu'un|llamar(?:les|os)?|numero di telefono|chiamar\p{L}*|telefoonnummer|bellen|ligar para)(?![\p{L}])/u;
/** A run that may be a phone number as pages write it, with spaces, dots, dashes or brackets. */
const NUMBER_RUN = /[+(]?\d[\d\s()./-]{7,}\d/g;
/** Digits a phone number has at least, with its area code: more than a date ("2025-01-15") or an invoice number. */
const PHONE_DIGITS = 9;
/** The sources read for a phone number: the contact page is among the first when there is one. */
const PHONE_SOURCES_READ = 6;

function asksPhoneNumber(question: string): boolean {
  return PHONE_ASKED.test(fold(question.slice(0, THING_ASKED_CHARS)));
}

function givesPhoneNumber(text: string): boolean {
  return [...text.matchAll(NUMBER_RUN)].some(([run]) => (run.match(/\d/g)?.length ?? 0) >= PHONE_DIGITS);
}

function thingAskedFor(question: string): string | undefined {
  return (
    THING_ASKED_FOR.exec(fold(question.slice(0, THING_ASKED_CHARS)))?.[1]
      ?.replace(ANY_THING, ' ')
      .trim() || undefined
  );
}
