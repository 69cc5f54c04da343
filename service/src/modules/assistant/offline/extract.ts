import { LEXICONS } from '../lexicon/index.js';
import { oneEditApart } from '../../../lib/edit-distance.js';
import { contentTerms } from '../retrieval.js';
import { productWordEquivalents } from '../understanding/product-words.js';
import { COUNTRY_NAMES, namesShopTopic, policyAskedMatcher, topicsAsked } from '../understanding/shop-topics.js';
import { compounding, fold, stemsOf, wordsOf } from '../understanding/stemming.js';
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

/**
 * The sources a sentence is looked for in, best first. Two passages of a product and two of the
 * page that answers often come before the passage that does ("opened food" in the second passage
 * of the returns page, ranked fifth): four were too few.
 */
const MAX_SOURCES_READ = 6;
const MAX_SENTENCE_CHARS = 400;
const NAME_TERM_WEIGHT = 0.25;
/** A word that only asks ("long" of "how long") counts this much when a sentence has it. */
const CUE_TERM_WEIGHT = 0.35;
/**
 * A word that asks for a measure ("window", "weight", "how long") counts for half in a sentence:
 * the figure in its unit answers ("You have 45 days…"), not "…within its return window".
 */
const UNIT_ASKING_WEIGHT = 0.5;
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
    // "How many ounces of down", "cuántos gramos": the unit asked names a weight too; a fabric's
    // weight is written per square metre ("240 gsm", "180 g/m²").
    asks: /(?<![\p{L}])(?:weigh\w*|weight|heavy|light(?:weight)?|schwer|wiegt|gewicht|leicht|pese\w*|poids|lourd|pesa\w*|peso|ligero|pesante|gewicht|waz\w*|ounces?|pounds|grams|gramos|gramm|grammes|يزن|تزن|وزن\p{L}*|الوزن|ثقيل\p{L}*)(?![\p{L}])/iu,
    units: /\d\s?(?:kg|g|mg|oz|lbs?|pounds?|gramm?s?|grams?|kilo\w*|gsm|g\/m[²2])(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:how long|how (?:fast|quickly|soon)|wie schnell|que tan rapido|con que rapidez|quanto velocemente|hoe snel|last\w*|window|\p{L}*frist|delai|plazo|prazo|battery|runtime|run time|hours?|duration|lange|dauer\w*|laufzeit|brenndauer|akku|stunden|combien de temps|duree|autonomie|cuanto tiempo|dura\w*|bateria|(?<!que )horas?|quanto tempo|durata|ore)(?![\p{L}])/iu,
    // "5 business days", "two working days", "14 Werktagen": a number, in digits or words, and
    // at most one word before the unit.
    units:
      /(?:\d|(?<![\p{L}])(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|ein|eine|einem|zwei|drei|vier|fünf|sechs|sieben|acht|zehn|un|une|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|due|tre)\s)\s?(?:[\p{L}-]+\s)?(?:h|hrs?|hours?|min\w*|days?|nights?|weeks?|months?|years?|std|stunden?|tage?n?|werktage?n?|wochen?|monate?n?|jahre?n?|heures?|jours?|semaines?|mois|ans?|horas?|dias?|días|semanas?|meses|anos|años|ore|giorni)(?![\p{L}])/iu,
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
    units:
      /(?<![\p{L}\d.,])\d{1,4}(?![\d.,]?\d)(?!\s?(?:mm|cm|kg|g|ml|l|%))|(?<![\p{L}])(?:two|three|four|five|six|seven|eight|nine|ten|twelve|zwei|drei|vier|funf|fünf|sechs|sieben|acht|zehn|deux|trois|quatre|cinq|dos|tres|cuatro|cinco|due|tre|quattro|cinque)(?![\p{L}])/iu,
  },
  {
    asks: /[$€£¥₹]|(?<![\p{L}])(?:price\w*|cost\w*|how much|fee\w*|charge\w*|spend\w*|minimum order|preis\w*|kost\w*|gebühr\w*|prix|cout\w*|frais|precio\w*|cuesta\w*|cuanto|prezz\w*|costa\w*)(?![\p{L}])/iu,
    units:
      /[$€£¥₹]\s?\d|\d(?:[.,]\d+)?\s?(?:[$€£¥₹]|eur|euro|usd|chf|gbp|dollars?)(?![\p{L}])|(?<![\p{L}])(?:free|kostenlos|gratis|gratuit\w*|\p{L}*(?:kostenfrei|versandfrei|portofrei))(?![\p{L}])/iu,
    money: true,
  },
  {
    // "How much should I give a 20 kg dog a day?": an amount to feed or serve, not a price.
    asks: /(?<![\p{L}])(?:feed(?:ing)?|portions?|servings?|rations?|a day|per day|each day|daily|futter\w*|futtern|pro tag|am tag|taglich|par jour|por dia|al dia|diari[ao]s?|al giorno|giornalier\w*)(?![\p{L}])/iu,
    units: /\d\s?(?:g|grams?|gramm|gramos|grammes?|cups?|tasses?|tazas?|scoops?|ml|tins?|cans?|pouch(?:es)?|sachets?)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:bright\w*|lumens?|hell\w*|leuchtweite|luminosit\w*|brillo)(?![\p{L}])/iu,
    units: /\d\s?(?:lm|lumens?|m)(?![\p{L}])/iu,
  },
  {
    // "How far does it shine?", "Wie weit leuchtet sie?", "range": a distance.
    asks: /(?<![\p{L}])(?:how far|range|reach|wie weit|reichweite|leuchtweite|portee|portée|jusqu'ou|hasta donde|alcance|quanto lontano|portata)(?![\p{L}])/iu,
    units: /\d\s?(?:m|km|meters?|metres?|meter|metern|mi|miles?|ft|feet|yards?)(?![\p{L}])/iu,
  },
  {
    // "What time do you open?", "until what time", "opening hours", "Öffnungszeiten": a time of day or a span of days.
    asks: /(?<![\p{L}])(?:what time|when (?:do|does|are|is)\b[^.?!]{0,40}\b(?:open|close|available|reachable)|opening hours|business hours|office hours|hours of (?:operation|business)|um wie viel uhr|wann\b[^.?!]{0,40}\b(?:offen|geoffnet|erreichbar)|offnungszeit\w*|geoffnet|erreichbar|servicezeit\w*|bis wann|horaires?|heures d'ouverture|a quelle heure|jusqu'a quelle heure|horario\w*|a que hora|hasta que hora|orari\w*|a che ora|fino a che ora|a que horas|ate que horas|until what time|till what time)(?![\p{L}])/iu,
    units:
      /(?<![\d.,])\d{1,2}(?:[:.]\d{2})?\s?(?:a\.?\s?m\.?|p\.?\s?m\.?|uhr|h)(?![\p{L}])|(?<![\d.,])\d{1,2}:\d{2}(?![\d])|(?<![\p{L}])(?:monday|mon|montag|mo|lundi|lunes|lunedi)\s?(?:-|–|to|bis|through|a|au|al)\s?(?:friday|fri|saturday|sat|freitag|fr|samstag|sa|vendredi|samedi|viernes|sabado|venerdi|sabato)(?![\p{L}])/iu,
  },
  {
    // Not "grad" alone: in spoken German it is also "just now" ("wie teuer ist das Zelt grad?").
    asks: /(?<![\p{L}])(?:temperatur\w*|degrees?|wie viel grad|wieviel grad|warm|cold|kalt|komfort\w*|comfort|limit|température|temperatura)(?![\p{L}])/iu,
    units: /-?\d\s?(?:°\s?c?|grad|degrees?)(?![\p{L}])/iu,
  },
];

/**
 * Questions shops are asked every day whose answer is worded differently from the question:
 * "what's in the box" is answered by "Lieferumfang:" or "Set includes", "what is it made of" by
 * "Material:". A sentence with one of the answer words answers such a question.
 */
const CONCEPTS: readonly {
  asks: RegExp;
  answers: RegExp;
  /** Answered best with a figure ("Wassersäule 28.000 mm", "42 dB", "2 years"); what is in the box or what it is made of, not. */
  measured?: true;
}[] = [
  {
    asks: /(?<![\p{L}])(?:includ\w*|comes? with|comes? in|contains?|consists? of|in the (?:box|set|kit|pack)|what(?:'s| is) in|dabei|enthalten|lieferumfang|mitgeliefert|inklusive|inclu\w*|livre avec|fourni\w*|viene con|trae|incluid\w*|compris)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:includ\w*|comes? with|in the box|lieferumfang|enthalten|inklusive|inkl|mitgeliefert|dabei|inclu\w*|fourni\w*|compris|incluid\w*|not included|nicht enthalten)(?![\p{L}])/iu,
  },
  {
    asks: /(?<![\p{L}])(?:made (?:of|from)|material\w*|fabric|woraus|aus welchem|aus was|stoff|matiere|matière|en quoi|fait en|hecho de|de que esta|tejido|materiale)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:material\w*|made (?:of|from)|fabric|obermaterial|futter|gewebe|stoff|aus \d|matiere|matière|tissu|hecho de|tejido|materiale|\d+\s?%\s?\p{L}+|\w*(?:merino|wool|cotton|linen|polyester|nylon|polyamide|elastane|spandex|leather|suede|down|fleece|steel|aluminium|aluminum|titanium|carbon|glass|bamboo|silicone|ceramic|porcelain|oak|walnut|wolle|baumwolle|leinen|leder|daunen|stahl|edelstahl|glas|keramik|laine|coton|lin|cuir|duvet|acier|verre|lana|algodon|algodón|cuero|acero|vidrio)\w*)(?![\p{L}])/iu,
  },
  {
    // "Is it ok in the rain?", "can I leave it outside?": how much water and weather it takes.
    asks: /(?<![\p{L}])(?:waterproof|water-?resistant|rain ?proof|in (?:the )?rain|rainy|wet|outside|outdoors?|wasserdicht|wasserfest|wasserabweisend|regendicht|im regen|bei regen|draussen|draußen|im freien|etanche|étanche|sous la pluie|exterieur|extérieur|impermeable|bajo la lluvia|lluvia|pluie|regen|pioggia|chuva|exterior|al aire libre|impermeabile|sotto la pioggia|all'aperto)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:waterproof|water-?resistant|water repellent|splash\w*|rain\w*|ipx?\s?\d+|hydrostatic|outdoors?|indoors?|weather\w*|wasserdicht\w*|wasserfest|wasserabweisend|wassersaule|wassersäule|spritzwasser\w*|regen\w*|etanche|étanche|impermeable|colonne d'eau|columna de agua)(?![\p{L}])/iu,
    measured: true,
  },
  {
    // "Is it noisy?", "how loud is it?": the sound level.
    asks: /(?<![\p{L}])(?:nois\w*|loud\w*|quiet\w*|silent\w*|sound level|laut\w*|leise\w*|gerausch\w*|bruit\w*|bruyant\w*|silencieu\w*|ruid\w*|silencios\w*|rumor\w*|silenzios\w*)(?![\p{L}])/iu,
    answers: /\d\s?(?:db|dba|decibels?)(?![\p{L}])|(?<![\p{L}])(?:quiet\w*|silent\w*|whisper\w*|leise\w*|silencieu\w*|silencios\w*|silenzios\w*)(?![\p{L}])/iu,
    measured: true,
  },
  {
    // "Can I control it from my phone?", "does it work with Alexa?": the app and what it connects to.
    asks: /(?<![\p{L}])(?:(?:from|with|on|via) (?:my|your|a) (?:phone|smartphone|iphone|android)|app|alexa|google home|homekit|siri|smart home|wi-?fi|bluetooth|handy|smartphone)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:app|apps|wi-?fi|bluetooth|alexa|google (?:home|assistant)|homekit|apple home|matter|zigbee|smartphone|ios|android|(?:ghz|hub|bridge)\b|no app|without an app|programmed on the unit)(?![\p{L}])/iu,
    measured: true,
  },
  {
    // "Does it go in the dishwasher?", "in the dryer?": what the care instructions say.
    asks: /(?<![\p{L}])(?:dishwasher\w*|dryer|tumble\w*|spulmaschine|spülmaschine|geschirrspuler\w*|geschirrspüler\w*|trockner|lave-vaisselle|seche-linge|sèche-linge|lavavajillas|secadora|lavastoviglie|asciugatrice|maquina (?:de )?lavar (?:a )?lo[iu]ca|máquina (?:de )?lavar (?:a )?loiça)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:dishwasher\w*|dry\w*|tumble\w*|hand ?wash\w*|spulmaschin\w*|spülmaschin\w*|geschirrspul\w*|geschirrspül\w*|trockn\w*|handwasch\w*|lave-vaisselle|seche\w*|sèche\w*|a la main|à la main|lavavajillas|secad\w*|a mano|lavastoviglie|asciug\w*|loica|loiça|louca)(?![\p{L}])/iu,
  },
  {
    // "Is it rechargeable?", "how do I charge it?": the battery and how it charges.
    asks: /(?<![\p{L}])(?:recharg\w*|charg(?:e|es|ed|ing)(?! (?:for|you|me|extra|a fee))|aufladbar|aufladen|rechargeable|recargable|cargar|ricaric\w*|caric\w*)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:usb(?:-c)?|recharg\w*|batter\w*|mah|akku\w*|aufladbar|ladekabel|charg\w*|recargable|ricaricabil\w*|qi2?|wireless)(?![\p{L}])/iu,
    measured: true,
  },
  {
    // "Is there a monthly fee?", "do I need a subscription?".
    asks: /(?<![\p{L}])(?:subscription\w*|monthly|per month|a month|one-? ?off|fee|fees|abo|abonnement\w*|monatlich\w*|mensual\w*|suscripci\w*|mensuel\w*|abbonamento|mensil\w*)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:subscription\w*|per month|a month|monthly|\/\s?month|\/\s?mo|plan|plans|no fee|free|abo\w*|monatlich\w*|mensual\w*|suscripci\w*|mensuel\w*|abbonamento|mensil\w*)(?![\p{L}])/iu,
    measured: true,
  },
  {
    // "What does it smell like?", "il sent quoi ?": its scent ("Parfum : Lavande", "unscented").
    asks: /(?<![\p{L}])(?:smell\w*|scent\w*|fragran\w*|(?:il|elle|ça|ca) sent|sent (?:quoi|bon|fort)|odeur\w*|senteur\w*|parfum\w*|riecht|duft\w*|geruch|huele|olor\w*|aroma\w*|profum\w*|odore|sa di|ruikt|geur\w*|cheir\w*)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:smell\w*|scent\w*|fragran\w*|perfum\w*|unscented|odeur\w*|senteur\w*|parfum\w*|duft\w*|geruch\w*|olor\w*|aroma\w*|profum\w*|odore|geur\w*|cheiro\w*)(?![\p{L}])/iu,
  },
  {
    // "Can I dim it?": whether it dims.
    asks: /(?<![\p{L}])(?:dim|dims|dimmed|dimming|dimmable|dimmer|dimmbar|dimmen|regulable|atenuable|variateur|dimmerabile)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:dimm\w*|dims?|regulable|variateur|not dimmable|non-dimmable)(?![\p{L}])/iu,
  },
  {
    // "What's your phone number?", "Can I call you?": a number to dial.
    asks: /(?<![\p{L}])(?:phone\w*(?: numbers?)?|telephone(?: numbers?)?|call (?:you|us)|numbers? to call|hotline|telefon\w*|anrufen|rufnummer|numero de telephone|appeler|(?:numero de )?telefono|llamar|numero di telefono|chiamare)(?![\p{L}])/iu,
    answers: /\+?\(?\d[\d\s()./-]{6,}\d/u,
  },
  {
    // "Where is it made?", "Wo wird das hergestellt?": a place of making.
    asks: /(?<![\p{L}])(?:where (?:is|are)\b[^.?!]{0,40}\b(?:made|produced|manufactured|from|sourced)|made in|country of origin|origin|wo\b[^.?!]{0,40}\b(?:hergestellt|produziert|gefertigt|herkunft)|herkunft\w*|hergestellt|ou\b[^.?!]{0,40}\b(?:fabrique|produit)|origine|donde\b[^.?!]{0,40}\b(?:fabrica|hecho|produce)|origen|dove\b[^.?!]{0,40}\b(?:prodott|fabbricat)|provenienza)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:made in|produced in|manufactured in|sourced from|woven in|grown in|crafted in|hergestellt in|gefertigt in|produziert in|made by|fabrique en|hecho en|fabricado en|prodotto in|fatto in)(?![\p{L}])/iu,
  },
  {
    // "What's the minimum spend for free postage?", "Ab wann ist der Versand kostenlos?": the
    // sentence that states the amount from which ("orders over £40", "ab 50 €") answers.
    asks: /(?<![\p{L}])(?:minimum|min\.?|at least|threshold|how much (?:do i|must i|should i) (?:need to )?(?:spend|order)|free (?:shipping|delivery|postage)|mindest\w*|ab wann|ab welche\w*|versandkostenfrei|kostenlose\w* (?:versand|lieferung)|minimo|mínimo|a partir de cuanto|gratuit\w*|franco)(?![\p{L}])/iu,
    answers:
      /(?<![\p{L}])(?:over|above|more than|exceeding|from|of at least|ab|über|uber|mehr als|des|dès|a partir de|à partir de|plus de|desde|mas de|más de|superiores? a|oltre|sopra|a partire da|vanaf|boven)\s(?:[\p{L}-]+\s){0,3}?[$€£¥₹]?\s?\d|\d\s?[$€£¥₹]?\s?(?:or more|and over|and above|\+|oder mehr|ou plus|o mas|o más|o più)/iu,
  },
  {
    asks: /(?<![\p{L}])(?:warrant\w*|guarantee\w*|garantie\w*|gewährleistung|garantia|garantía|garanzia)(?![\p{L}])/iu,
    answers: /(?<![\p{L}])(?:warrant\w*|guarantee\w*|garantie\w*|gewährleistung|garantia|garantía|garanzia)(?![\p{L}])/iu,
    measured: true,
  },
];

/** A question about sending something to a country, and the country ("ship to spain" → "spain"). */
const SHIPPING_TO_COUNTRY = new RegExp(
  `(?<![\\p{L}])(?:ship|deliver|send|post|versand|versend|liefer|envoy|livr|envi|spedi|verzend|bezorg)\\w*\\b.{0,40}(?<![\\p{L}])(${COUNTRY_NAMES})(?![\\p{L}])`,
  'iu',
);
const COUNTRY = new RegExp(`(?<![\\p{L}])(?:${COUNTRY_NAMES})(?![\\p{L}])`, 'giu');
/** A sentence naming two countries or more: where the shop ships ("Ireland, France and Germany"). */
const COUNTRY_LIST: Pick<RegExp, 'test'> = { test: (text) => new Set(text.toLowerCase().match(COUNTRY) ?? []).size >= 2 };

/** The text without these words (whole words only). */
function withoutWords(text: string, words: readonly string[]): string {
  if (words.length === 0) return text;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu'), ' ');
}

/** Size names as shops abbreviate them in size tables ("Size: M"), in the main languages (folded). */
const SIZE_LETTERS: Readonly<Record<string, string>> = {
  small: 's',
  medium: 'm',
  large: 'l',
  xsmall: 'xs',
  xlarge: 'xl',
  klein: 's',
  mittel: 'm',
  mittelgross: 'm',
  gross: 'l',
  petit: 's',
  petite: 's',
  moyen: 'm',
  moyenne: 'm',
  grand: 'l',
  grande: 'l',
  pequeno: 's',
  pequena: 's',
  mediano: 'm',
  mediana: 'm',
  piccolo: 's',
  piccola: 's',
  medio: 'm',
  media: 'm',
};

/** Words of the lexicons' question cues ("long", "weigh"): they ask, they are not the subject. */
const CUE_WORDS: ReadonlySet<string> = new Set(
  Object.values(LEXICONS).flatMap((lexicon) =>
    [...lexicon.cues.quantity, ...lexicon.cues.price_question, ...lexicon.cues.stock_question, ...lexicon.cues.deictic].flatMap((cue) =>
      wordsOf(cue.replace(/\*$/, '')),
    ),
  ),
);

function isCueWord(word: string): boolean {
  return CUE_WORDS.has(word);
}

/** Whether the question asks for something the shop words differently (what is included, the material...). */
export function asksForConcept(question: string): boolean {
  const folded = fold(question);
  return CONCEPTS.some((concept) => concept.asks.test(folded));
}

/** Whether the question asks for a measure (a weight, a duration, a size, a capacity...). */
export function asksForMeasure(question: string): boolean {
  const folded = fold(question);
  return UNIT_CLASSES.some((unitClass) => !unitClass.money && unitClass.asks.test(folded));
}

/** Numbers written as words ("zwei Eingänge", "two pockets"): a count, like digits. */
const NUMBER_WORD =
  /(?<![\p{L}])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|zwei|drei|vier|funf|fünf|sechs|sieben|acht|neun|zehn|elf|zwolf|zwölf|deux|trois|quatre|cinq|sept|huit|neuf|dix|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)(?![\p{L}])/iu;

const QUANTITY =
  /\d(?:[\d.,]*)\s?(?:kg|g|mg|l|ml|cl|cm|mm|m|km|w|wh|mah|lm|lumens?|h|hours?|hrs?|min|minutes?|°c|°|%|oz|lbs?|in|inch(?:es)?|ft|tog|d|denier|std|stunden|stunde|tage?|days?|years?|jahre?|ans?|anos?|años?|heures?|horas?|l\b|liters?|litres?|liter|personen|people|persons|pairs?|paar|pcs|stück|x)(?![\p{L}])/iu;
const DIGIT = /\d/;

/**
 * Where a sentence ends: after . ! ? (and their CJK and Arabic forms) before a capital or a
 * figure, but not after an abbreviation ("8 a.m. Eastern Time", "z. B. Daunen", "approx. 2 kg").
 */
const SENTENCE_END =
  /(?<=[.!?。！？؟])(?<!(?<![\p{L}])(?:a\.m|p\.m|e\.g|i\.e|z\.\s?b|d\.\s?h|u\.\s?a|ca|approx|incl|inkl|excl|exkl|nr|no|vs|etc|bzw|usw|ggf|evtl|max|min|st|mr|mrs|ms|dr|env|aprox|p\.\s?ex|resp)\.)\s+(?=[\p{Lu}\p{N}"„«(])/iu;

/** A line this short without a full stop, followed by more text, heads the lines after it. */
const HEADING_MAX_CHARS = 80;

const SHORT_UNFINISHED = (line: string) => line.length <= HEADING_MAX_CHARS && !/[.!;,:]$/.test(line);

/**
 * A heading among a text's lines: short, without a full stop, followed by running text. Not an
 * item of a list: the line after a label ("open:") or before another short one ("Saturday: 9–5").
 */
function isHeadingLine(lines: readonly string[], index: number): boolean {
  const line = lines[index] as string;
  const next = lines[index + 1];
  const previous = lines[index - 1];
  // A table's row or a line with figures ("Express | $18.95 | 1–2 days") is content.
  if (next === undefined || line.length > HEADING_MAX_CHARS || /[.!;,]$/.test(line) || /[|\d]/.test(line)) return false;
  if (previous?.endsWith(':')) return false;
  return !SHORT_UNFINISHED(next);
}

const LIST_HEADING_MAX_WORDS = 4;
/** A list's items quoted after its lead line, at most this many. */
const MAX_LIST_ITEMS = 8;

/**
 * The items of the list a line leads ("Set includes" or "Lieferumfang:" above short lines):
 * undefined when the line leads none. A line inside a list (after another short line) or a
 * "label: value" line of a spec list leads nothing.
 */
function listLedBy(lines: readonly string[], index: number): string[] | undefined {
  const line = lines[index] as string;
  const previous = lines[index - 1];
  // A table's row ("Express | $18.95") leads nothing either.
  if (line.includes('|')) return undefined;
  // A heading over a list is a few words without a figure ("Set includes", "Technische Daten");
  // "Set includes 6 glasses" is the list's first item.
  const heading = line.split(/\s+/).length <= LIST_HEADING_MAX_WORDS && !/[\d:]/.test(line) && (previous === undefined || !SHORT_UNFINISHED(previous));
  const lead = line.endsWith(':') || (SHORT_UNFINISHED(line) && heading);
  if (!lead) return undefined;
  const items: string[] = [];
  for (let next = index + 1; next < lines.length && items.length < MAX_LIST_ITEMS; next++) {
    const item = (lines[next] as string).replace(/[;,]$/, '');
    // The next list's heading ends this one: "Specifications" over "Material: steel".
    const headsLabels = !/[\d:]/.test(item) && (lines[next + 1] ?? '').includes(':') && !items.some((earlier) => earlier.includes(':'));
    if (!SHORT_UNFINISHED(item) || headsLabels) break;
    items.push(item);
  }
  return items.length >= 2 ? items : undefined;
}

interface SourceSentences {
  sentences: string[];
  /** What is quoted for each sentence: itself, or with the list or answer it introduces. */
  quoted: string[];
  headings: string[];
  /**
   * The sentence before each one in the same paragraph: "We ship to Canada. Delivery takes 7 to
   * 12 days." — the second is about Canada too.
   */
  before: string[];
}

/**
 * The source's sentences, each with the heading it sits under: the passage's own heading, then
 * any heading line inside the text (a page read whole carries its subheadings as lines).
 */
function sentencesOf(source: OfflineSource): SourceSentences {
  const title = fold(source.title).trim();
  const out: SourceSentences = { sentences: [], quoted: [], headings: [], before: [] };
  const lists = new Map<number, string[]>();
  const lines = source.content
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let heading = source.heading ?? '';
  // The line that leads each list item ("The following are final sale:" over "Socks and
  // underwear"): an item is read in its context and quoted after it.
  const itemLeads = new Map<number, string>();
  const leads: string[] = [];
  lines.forEach((trimmed, index) => {
    const folded = fold(trimmed);
    // The product header the index adds (name, SKU, categories) is no answer to anything.
    if (source.kind === 'product' && (folded === title || /^sku\s/i.test(trimmed) || isCategoryLine(source, trimmed))) return;
    // A heading line is the context of what follows, not an answer itself; a heading that asks
    // ("When will I get my money back?") is quoted with the sentence after it.
    if (source.kind === 'post' && isHeadingLine(lines, index)) {
      heading = trimmed;
      if (!/[?？؟:]$/.test(trimmed)) return;
    }
    const list = listLedBy(lines, index);
    if (list) {
      lists.set(out.sentences.length, list);
      list.forEach((_item, offset) => itemLeads.set(index + 1 + offset, trimmed));
      out.sentences.push(trimmed);
      out.headings.push(heading);
      out.before.push('');
      leads.push('');
      return;
    }
    // A line ending in ":" leads the lines after it that do not end a sentence, even where they
    // are too long to be quoted as its list ("Anything bought on sale (marked-down items…)").
    if (trimmed.endsWith(':')) {
      for (let next = index + 1; next < lines.length && next <= index + MAX_LIST_ITEMS; next++) {
        const item = lines[next] as string;
        if (item.length > 2 * HEADING_MAX_CHARS || /[.!?:]$/.test(item)) break;
        itemLeads.set(next, trimmed);
      }
    }
    const lead = itemLeads.get(index) ?? '';
    let previous = lead;
    for (const sentence of trimmed.split(SENTENCE_END)) {
      const clean = sentence.trim();
      if (clean.length < 3) continue;
      const kept = clean.length > MAX_SENTENCE_CHARS ? `${clean.slice(0, MAX_SENTENCE_CHARS - 1)}…` : clean;
      out.sentences.push(kept);
      out.headings.push(heading);
      out.before.push(previous);
      leads.push(lead.endsWith(':') && previous === lead ? lead : '');
      previous = kept;
    }
  });
  out.quoted = out.sentences.map((sentence, position) => {
    const list = lists.get(position);
    if (list) return `${sentence.endsWith(':') ? sentence : `${sentence}:`} ${list.join('; ')}`;
    return leads[position] ? `${leads[position]} ${sentence}` : withContinuation(out.sentences, position);
  });
  return out;
}

const ENDS_AS_QUESTION = /[?？؟]\s*$/;
/** A reply this short ("Yes.", "Sí, claro.") answers a question the text asks itself only with what follows it. */
const SHORT_REPLY_CHARS = 16;

/**
 * A label line ("Pay later with Klarna:") is quoted with what follows it, and so is a question
 * the text asks itself (an FAQ's "How long does delivery take?"): what follows is its answer.
 */
function withContinuation(sentences: readonly string[], position: number): string {
  const sentence = sentences[position] as string;
  const next = sentences[position + 1];
  if (!(sentence.endsWith(':') || ENDS_AS_QUESTION.test(sentence)) || !next || ENDS_AS_QUESTION.test(next)) return sentence;
  // "Do you gift wrap? Yes. For £2.50 we…": a bare "yes" is followed by what it means.
  const after = sentences[position + 2];
  return next.length <= SHORT_REPLY_CHARS && after && !ENDS_AS_QUESTION.test(after) ? `${sentence} ${next} ${after}` : `${sentence} ${next}`;
}

function isCategoryLine(source: OfflineSource, line: string): boolean {
  const categories = Array.isArray(source.data.categories) ? (source.data.categories as { name?: unknown }[]).map((c) => String(c.name ?? '')) : [];
  return categories.length > 0 && line === categories.join(', ');
}

interface QuestionTerms {
  terms: {
    stems: string[];
    parts: string[];
    weight: number;
    answering: boolean;
    cue: boolean;
    /** A figure the question states ("20kg"): found in a sentence, it says which row is meant, as two words would. */
    figure?: true;
  }[];
  /** The question asks how the shop works ("will you price match?"). */
  policy: boolean;
  /** Whether a text speaks of the ways the shop works that the question asks about (see policyAskedMatcher). */
  speaksOfPolicyAsked: (text: string) => boolean;
  quantity: boolean;
  /** Units a number must have to answer the quantity asked for. */
  units: RegExp[];
  /** Words that answer the kind of question asked (see CONCEPTS). */
  concepts: Pick<RegExp, 'test'>[];
  /** Those of `concepts` best answered with a figure. */
  measuredConcepts: Pick<RegExp, 'test'>[];
  /** "How do I get the student discount?": the steps under a "How to…" heading answer it. */
  procedure: boolean;
}

/** A question that asks how to do something, in the languages with most shoppers. */
const ASKS_PROCEDURE =
  /(?<![\p{L}])(?:how (?:do|can|should|would) (?:i|we|you|one)|how to|what(?:'s| is| are) the (?:process|procedure|steps)|steps to|wie (?:kann|muss|soll|konnen|können|mussen|müssen) (?:ich|man|wir)|wie geht|wie funktioniert|comment (?:puis-je|faire|je peux|dois-je|on)|como (?:puedo|hago|se|posso|faco|faço)|cómo (?:puedo|hago|se)|come (?:posso|faccio|si))(?![\p{L}])/u;
/** A heading over steps: "How to verify", "So funktioniert's", "Étapes". */
const PROCEDURE_HEADING =
  /^(?:how (?:to|do|does|it works)|steps?\b|getting started|so (?:geht|funktioniert)|wie\b|anleitung|schritt|comment|etapes|étapes|como|cómo|pasos|come\b|procedura|passaggi)/u;
/** Whether the question asks how to do something ("How do I re-season my pan?"). */
export function asksHowTo(question: string): boolean {
  return ASKS_PROCEDURE.test(fold(question));
}

function underProcedureHeading(heading: string | undefined): boolean {
  return PROCEDURE_HEADING.test(fold(heading ?? '').trim());
}

/** What the procedure heading adds to a sentence's score, like an answering word. */
const PROCEDURE_BONUS = 1;

/** A compound is this long at least, and each part taken from it this long. */
const MIN_COMPOUND_LENGTH = 9;
const MIN_COMPOUND_PART = 5;

/**
 * The leading and trailing parts a compound may be made of: "versandkostenfrei" is found by
 * "Versand", "Daunenschlafsack" by "Schlafsack", and "Bestellwert" finds "Bestellung" (stem
 * "bestell"). Only for languages that compound, and no part shorter than five letters.
 */
function compoundParts(word: string): string[] {
  if (word.length < MIN_COMPOUND_LENGTH || /\d/.test(word)) return [];
  const parts: string[] = [];
  for (let length = MIN_COMPOUND_PART; length <= word.length - 3; length++) parts.push(word.slice(0, length), word.slice(word.length - length));
  return parts;
}

/** Marks a compound's part in a stem set, apart from the stems of whole words. */
const PART = '~';

function stemSet(text: string, languages: readonly string[]): Set<string> {
  const stems = new Set<string>();
  const compounds = compounding(languages);
  for (const word of wordsOf(text)) {
    for (const stem of stemsOf(word, languages)) stems.add(stem);
    if (compounds) for (const part of compoundParts(word)) stems.add(PART + part);
  }
  return stems;
}

/** A match through a compound's part ("Versand" in "versandkostenfrei") says less than a whole word. */
const PART_MATCH_WEIGHT = 0.6;

/**
 * How well a term of the question is found in a stem set: 1 for a word of its own, less when one
 * of the two is a part of a compound of the other, 0 when not found.
 */
function termMatch(term: { stems: readonly string[]; parts: readonly string[] }, stems: ReadonlySet<string>): number {
  if (term.stems.some((stem) => stems.has(stem))) return 1;
  if (term.parts.some((part) => stems.has(part)) || term.stems.some((stem) => stems.has(PART + stem))) return PART_MATCH_WEIGHT;
  return 0;
}

const ASKS_EVERYWHERE = [...UNIT_CLASSES, ...CONCEPTS].map(({ asks }) => new RegExp(asks.source, `${asks.flags}g`));

/** The words of the phrases that ask for a kind of answer: "phone number", "wie lange". */
function wordsAsking(question: string): ReadonlySet<string> {
  const folded = fold(question);
  return new Set(ASKS_EVERYWHERE.flatMap((asks) => [...folded.matchAll(asks)].flatMap((match) => wordsOf(match[0]))));
}

/** The measures' part of ASKS_EVERYWHERE (UNIT_CLASSES come first in it). */
const MEASURE_ASKS_EVERYWHERE = ASKS_EVERYWHERE.slice(0, UNIT_CLASSES.length);
/** The question words of a phrase that asks for a measure: "how long", "what time", "hasta qué hora", "bis wann". */
const INTERROGATIVE = /^(?:how|what|which|wie|wann|welche\w*|que|cuanto|cuantos|cuantas|cuando|combien|quel\w*|quanto|quanti|quante|quantos|quantas|che)$/;

/**
 * The words of a question's phrase for a measure that only ask ("long" of "how long", "hora" of
 * "hasta qué hora"): the figure in its unit answers, and "as long as it is unused" or "24 horas"
 * says nothing of what is asked.
 */
function wordsOnlyAsking(question: string): ReadonlySet<string> {
  const folded = fold(question);
  return new Set(
    MEASURE_ASKS_EVERYWHERE.flatMap((asks) =>
      [...folded.matchAll(asks)]
        .map((match) => wordsOf(match[0]))
        .flatMap((words) => (words.length > 1 && words.some((word) => INTERROGATIVE.test(word)) ? words : [])),
    ),
  );
}

/** What follows "instead of", "rather than", "statt", "au lieu de", "en vez de"… (folded). */
const CONTRAST =
  /(?<![\p{L}])(?:instead of|rather than|(?:an)?statt|au lieu d[e']|en (?:lugar|vez) de|invece d[i']|em vez de|in plaats van)\s+((?:[\p{L}\p{N}'-]+\s+)?[\p{L}\p{N}'-]+)/gu;

/** The words a question sets aside ("instead of delivery"): the alternative, not what it asks about. */
function wordsContrasted(question: string): ReadonlySet<string> {
  return new Set([...fold(question).matchAll(CONTRAST)].flatMap((match) => wordsOf(match[1] ?? '')));
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
  const compounds = compounding(languages);
  // A product's name and, where words compound, its parts ("Pumpfilter": "filter").
  const nameWords = new Set(wordsOf(source.title).flatMap((word) => [word, ...(compounds ? compoundParts(word) : [])]));
  const askingWords = wordsAsking(asked);
  const onlyAsking = wordsOnlyAsking(asked);
  const contrasted = wordsContrasted(asked);
  const foundInSources = (stems: readonly string[]) => sourceStems.some((set) => stems.some((stem) => set.has(stem)));
  const terms = contentTerms(question, languages).map((term) => {
    const folded = fold(term);
    // "In a medium?" is answered by the row of size "M", "a 20kg dog" by the row that says "20 kg".
    const figure = /^(\d+(?:[.,]\d+)?)\p{L}+$/u.exec(folded)?.[1];
    const also = SIZE_LETTERS[folded] ?? figure;
    const own = also ? [...stemsOf(folded, languages), also] : stemsOf(folded, languages);
    // A word the sources never use may be in another language than theirs ("meules" for "burrs").
    const stems = foundInSources(own) ? own : [...new Set([...own, ...productWordEquivalents(folded).flatMap((other) => stemsOf(other, languages))])];
    const parts = compounds ? compoundParts(folded) : [];
    // A product's name says which product, not what is asked about it; a page's title says its topic.
    if (nameWords.has(folded) && source.kind === 'product') return { stems, parts, weight: NAME_TERM_WEIGHT, answering: false, cue: false };
    // "biggest", "lightest" say which figure is wanted (see superlativeOf), not what about.
    if (LARGEST.test(folded) || SMALLEST.test(folded)) return { stems, parts, weight: 0, answering: false, cue: true };
    const spread = sourceStems.filter((set) => termMatch({ stems, parts }, set) > 0).length;
    // A word that asks for a measure or a kind of answer ("hold", "weigh", "included") is
    // answered by the unit or the answer words, not by itself: never a word the site lacks.
    const asksForUnit = UNIT_CLASSES.some((unitClass) => unitClass.asks.test(folded));
    const asksForAnswer = askingWords.has(folded) || asksForUnit || CONCEPTS.some((concept) => concept.asks.test(folded));
    const cue = isCueWord(folded);
    // "long" of "how long" matched in "How long we keep your data" says little: the unit answers.
    // "Instead of delivery": what the shopper does not want says little of what answers.
    const cueWeight = onlyAsking.has(folded) ? 0 : (cue && !asksForAnswer) || contrasted.has(folded) ? CUE_TERM_WEIGHT : 1;
    return {
      stems,
      parts,
      weight: (spread <= 1 ? 1 : spread === 2 ? 0.85 : 0.7) * cueWeight * (asksForUnit ? UNIT_ASKING_WEIGHT : 1),
      answering: true,
      cue: cue || asksForAnswer,
      ...(figure ? { figure: true as const } : {}),
    };
  });
  // "Minimum spend for free postage?" on a page that says "delivery": the topic asked about, in
  // the shop's words, is one more term of the question, when the question's own word for it is
  // in none of the sources. It is never a word the site lacks.
  const words = contentTerms(question, languages).map(fold);
  const askedStems = new Set(terms.flatMap((term) => term.stems));
  const topics = topicsAsked(question, languages);
  for (const topic of topics) {
    // "Send back" means "return": neither "send" nor "back" is asked about ("we send you an email").
    const phraseWords = new Set(topic.phrases.flatMap((phrase) => wordsOf(phrase)));
    words.forEach((word, index) => {
      const term = terms[index];
      if (term && phraseWords.has(word)) Object.assign(term, { weight: 0, answering: false, cue: true });
    });
    const askedWith = words.filter((word) => topic.askedBy(word));
    if (topic.phrases.length === 0 && askedWith.some((word) => foundInSources(stemsOf(word, languages)))) continue;
    // The question's own words are terms already ("gift" of "gift wrapping"): counted once.
    const stems = [...new Set(topic.words.flatMap((topicWord) => stemsOf(fold(topicWord), languages)))].filter((stem) => !askedStems.has(stem));
    if (stems.length === 0) continue;
    const spread = sourceStems.filter((set) => termMatch({ stems, parts: [] }, set) > 0).length;
    terms.push({ stems, parts: [], weight: spread <= 1 ? 1 : spread === 2 ? 0.85 : 0.7, answering: true, cue: true });
  }
  // What kind of answer is asked, read without the product's own name: "does the Smart Dimmer
  // Switch need a neutral?" does not ask whether it dims, nor "Lumen 400" how bright it is.
  const folded = source.kind === 'product' ? withoutWords(fold(asked), wordsOf(source.title)) : fold(asked);
  const units = UNIT_CLASSES.filter((unitClass) => unitClass.asks.test(folded)).map((unitClass) => unitClass.units);
  const conceptsAsked = CONCEPTS.filter((concept) => concept.asks.test(folded));
  const concepts: Pick<RegExp, 'test'>[] = conceptsAsked.map((concept) => concept.answers);
  const measuredConcepts = conceptsAsked.filter((concept) => concept.measured).map((concept) => concept.answers);
  // "Do you ship to Spain?" where no source names Spain: the sentence listing the countries the
  // shop ships to answers (Spain is not among them). Where a source names it, its own word does.
  const country = SHIPPING_TO_COUNTRY.exec(folded)?.[1];
  if (country && !sourceStems.some((set) => wordsOf(country).every((w) => stemsOf(w, languages).some((stem) => set.has(stem))))) concepts.push(COUNTRY_LIST);
  const policy = topics.some((topic) => topic.policy);
  return {
    terms,
    quantity,
    units,
    concepts,
    measuredConcepts,
    procedure: ASKS_PROCEDURE.test(folded),
    policy,
    speaksOfPolicyAsked: policyAskedMatcher(question),
  };
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
function scoreSentence(
  stems: ReadonlySet<string>,
  sentence: string,
  question: QuestionTerms,
  frequency: readonly number[],
  heading = '',
): { score: number; matched: number; words: number } {
  let score = 0;
  let answering = 0;
  let figures = 0;
  question.terms.forEach((term, index) => {
    const match = termMatch(term, stems);
    if (match > 0) {
      score += match * term.weight * rarity(frequency[index] ?? 1);
      if (term.answering) answering += 1;
      if (term.figure) figures += 1;
    }
  });

  // A number in the unit asked for answers a quantity question on its own, and the words that
  // answer the kind of question asked ("Lieferumfang:") count as the question's own.
  const concept = question.concepts.some((answers) => answers.test(fold(sentence)));
  const stated = question.units.filter((units) => units.test(sentence));
  const unitsStated = stated.length;
  // What counts where the question has a word the site lacks: its words, and what answers the
  // kind of question asked (a figure in the unit asked for, the words that answer it).
  const wordsMatched = answering + figures + (concept || stated.length > 0 ? 1 : 0);
  if (unitsStated > 0 || concept) {
    // "How many hours does it last on full brightness?": the row that states both the hours and
    // the brightness over the sentence that states the brightness alone.
    score += 1 + EACH_MORE_UNIT * Math.max(0, unitsStated - 1);
    answering += 1;
  }
  // "Is it waterproof?": the sentence that says how waterproof (a figure) over the one that says it
  // is; not "are fish included?", where "water conditioner 100 ml" is no more of an answer.
  if (DIGIT.test(sentence) && question.measuredConcepts.some((answers) => answers.test(fold(sentence)))) score += FIGURE_BONUS;
  if (answering === 0) return { score: 0, matched: 0, words: wordsMatched };
  // The steps under "How to verify" answer "how do I get the discount?" on the page it is about.
  if (question.procedure && underProcedureHeading(heading)) {
    score += PROCEDURE_BONUS;
    answering += 1;
  }
  if (question.quantity) score = QUANTITY.test(sentence) ? score + 0.5 : DIGIT.test(sentence) || NUMBER_WORD.test(sentence) ? score + 0.25 : score * 0.6;
  if (sentence.split(/\s+/).length > 45) score *= 0.8;
  // A question in the text ("Need your tent by the weekend?") introduces an answer; it is not one
  // (quoted, it comes with the sentence after it).
  if (ENDS_AS_QUESTION.test(sentence)) score *= 0.4;
  return { score, matched: answering, words: wordsMatched };
}

/**
 * "La moka de 9 tazas", "the 6-cup one", "size 42 in black": a number with the word after it
 * names a variant, and the row or sentence that states the same number with that word (the
 * "9 tazas | 450 ml | 36,90 €" row of a size table) is the one about it.
 */
const COUNT_WITH_WORD = /(?<![\p{L}\d.,])(\d{1,4})(?:[.,]\d+)?[\s-]?(\p{L}{3,})/gu;
const COUNT_ASKED_FACTOR = 1.5;

function countsIn(text: string): { count: string; word: string }[] {
  return [...fold(text).matchAll(COUNT_WITH_WORD)].map((match) => ({ count: match[1] as string, word: (match[2] as string).slice(0, 4) })).slice(0, 4);
}

function statesCountAsked(sentence: string, asked: readonly { count: string; word: string }[]): boolean {
  const stated = countsIn(sentence);
  return asked.some((wanted) => stated.some((found) => found.count === wanted.count && found.word === wanted.word));
}

/** What each further kind of figure asked for adds to a sentence that states it. */
const EACH_MORE_UNIT = 0.3;

/** A sentence stating a figure for what is asked ("Wassersäule 28.000 mm") is quoted beside the claim. */
const FIGURE_BONUS = 0.6;
/** ...and is quoted as the second sentence when it scores this share of the first. */
const FIGURE_SECOND_SHARE = 0.6;

const LARGEST =
  /(?<![\p{L}])(?:biggest|largest|largest|heaviest|longest|highest|tallest|widest|most|maximum|grosste\w*|groesste\w*|schwerste\w*|langste\w*|hochste\w*|meiste\w*|maximal\w*|plus grand\w*|plus lourd\w*|mas grande\w*|mayor|più grand\w*|piu grand\w*|maggiore|grootste)(?![\p{L}])/u;
const SMALLEST =
  /(?<![\p{L}])(?:smallest|lightest|shortest|lowest|least|minimum|kleinste\w*|leichteste\w*|kurzeste\w*|niedrigste\w*|wenigste\w*|minimal\w*|plus petit\w*|plus leger\w*|mas pequen\w*|menor|più piccol\w*|piu piccol\w*|kleinste)(?![\p{L}])/u;

function superlativeOf(question: string): 'max' | 'min' | undefined {
  const folded = fold(question);
  return LARGEST.test(folded) ? 'max' : SMALLEST.test(folded) ? 'min' : undefined;
}

/** The largest (or smallest) figure a sentence states in one of the units asked for. */
function measureIn(sentence: string, units: readonly RegExp[], extreme: 'max' | 'min'): number | undefined {
  if (!units.some((unit) => unit.test(sentence))) return undefined;
  const values: number[] = [];
  for (const match of sentence.matchAll(/(\d+(?:[.,]\d+)?)(?=\s?[\p{L}"°])/gu)) {
    const tail = sentence.slice(match.index, match.index + (match[0].length + 12));
    if (units.some((unit) => new RegExp(unit.source, unit.flags.replace('g', '')).test(tail))) values.push(Number((match[1] as string).replace(',', '.')));
  }
  if (values.length === 0) return undefined;
  return extreme === 'max' ? Math.max(...values) : Math.min(...values);
}

/** One quote contains the other: a label quoted with the line after it, and that line. */
function overlapping(a: string, b: string): boolean {
  return a.includes(b) || b.includes(a);
}

/**
 * The sources whose sentences must speak of how the shop works to answer a question about it: the
 * pages, and the products a search found ("do you price match?" is not answered by a plug's
 * "leaves the second outlet free"). A product the question names answers of itself ("how long is
 * the warranty on the Polarfuchs?": "10 Jahre Herstellergarantie").
 */
function policyRead(source: OfflineSource): boolean {
  return source.kind === 'post' || source.origin === 'search';
}

/** A word shorter than this is not corrected: too many words are one letter from it. */
const MIN_CORRECTED_LENGTH = 5;

/**
 * Words that ask what kind of answer is wanted, which the page that answers need not use ("return
 * window" on a page that says "45 days"): a misspelling of one is corrected to it all the same.
 */
const ASKING_WORDS = [
  'window',
  'warranty',
  'guarantee',
  'delivery',
  'shipping',
  'refund',
  'exchange',
  'payment',
  'waterproof',
  'weight',
  'capacity',
  'dimensions',
  'material',
  'included',
];

/**
 * The question with its misspelt words replaced by the sources' own ("Whats the retrun policy?"
 * → "return"), or by a word that asks (ASKING_WORDS: "windw" → "window"): a word found in none of
 * the sources, of five letters or more, one edit away from such a word, starting with the same
 * letter. The commonest in the sources wins.
 */
function withTyposCorrected(question: string, sources: readonly OfflineSource[], languages: readonly string[]): string {
  const counts = new Map<string, number>(ASKING_WORDS.map((word) => [word, 0.5]));
  for (const source of sources) for (const word of wordsOf(`${source.title} ${source.content}`)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const known = new Set<string>();
  for (const word of counts.keys()) for (const stem of stemsOf(word, languages)) known.add(stem);
  let corrected = fold(question);
  for (const word of new Set(wordsOf(question))) {
    if (word.length < MIN_CORRECTED_LENGTH || /\d/.test(word) || stemsOf(word, languages).some((stem) => known.has(stem))) continue;
    let best: string | undefined;
    let bestCount = 0;
    for (const [candidate, count] of counts) {
      if (candidate[0] === word[0] && count > bestCount && oneEditApart(word, candidate)) {
        best = candidate;
        bestCount = count;
      }
    }
    if (best) corrected = corrected.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu'), best);
  }
  return corrected;
}

/**
 * Whether none of the sources speaks of what the words name: one of them (besides the first
 * source's own name) found in none of them, typos corrected ("app" of "a Threadline app").
 */
export function lacksWordAsked(question: string, sources: readonly OfflineSource[], languages: readonly string[]): boolean {
  const read = sources.slice(0, MAX_SOURCES_READ);
  const [first] = read;
  if (!first) return false;
  const corrected = withTyposCorrected(question, read, languages);
  const sourceStems = read.map((source) => stemSet(`${source.title} ${source.content}`, languages));
  const { terms } = questionTerms(corrected, question, first, sourceStems, languages, false);
  // The question's own words (the shop's words for a topic it names follow them); a topic's word
  // ("loyalty", "postage") the shop may word otherwise.
  const words = contentTerms(corrected, languages).map(fold);
  return words.some((word, index) => {
    const term = terms[index];
    return term !== undefined && term.answering && !namesShopTopic(word) && !sourceStems.some((set) => termMatch(term, set) > 0);
  });
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
  const countsAsked = countsIn(options.asked ?? question);
  question = withTyposCorrected(question, read, languages);
  const sourceStems = read.map((source) => stemSet(`${source.title} ${source.content}`, languages));
  const perSource = read.map((source) => {
    const { sentences, quoted, headings, before } = sentencesOf(source);
    // A page's title and the heading a sentence sits under are its context ("Shipping times" →
    // "Every order ships within two working days").
    const own = sentences.map((sentence) => stemSet(sentence, languages));
    const stems =
      source.kind === 'post'
        ? sentences.map((sentence, index) => stemSet(`${sentence} ${source.title} ${headings[index] ?? ''} ${before[index] ?? ''}`, languages))
        : own;
    return { source, sentences, quoted, headings, own, stems, headingStems: headings.map((heading) => stemSet(heading, languages)) };
  });
  const allStems = perSource.flatMap((entry) => entry.stems);
  perSource.forEach(({ source, sentences, quoted, headings, own, stems, headingStems }, sourceIndex) => {
    const terms = questionTerms(question, options.asked ?? question, source, sourceStems, languages, quantity);
    // Rarity is counted over the sentences of all the sources read: a word every sentence of
    // one page repeats ("gift card" on the gift card page) says less than the one that answers.
    const frequency = terms.terms.map((term) => allStems.filter((set) => termMatch(term, set) > 0).length);
    // The heading a passage sits under says what all of its sentences are about.
    const headingBonus = (position: number) =>
      terms.terms.filter((term) => term.answering && termMatch(term, headingStems[position] ?? new Set()) > 0).length * 0.25;
    const prior = Math.max(0.4, 1 - SOURCE_RANK_DISCOUNT * sourceIndex) * (options.preferPages && source.kind === 'product' ? 0.7 : 1);
    // A word of the question found in none of the sources ("CEO", "London") is what the site
    // does not talk about: a sentence then answers only if it matches two of the other words.
    const unknown =
      options.requireKnownWords === true &&
      terms.terms.some((term, index) => term.answering && frequency[index] === 0 && !term.cue && !sourceStems.some((set) => termMatch(term, set) > 0));
    // What of the question a sentence says itself or under its heading and title (the sentence
    // before it, read as its context elsewhere, is about something else).
    const titleStems = unknown ? stemSet(source.title, languages) : new Set<string>();
    const wordsUnder = (position: number) =>
      scoreSentence(new Set([...(own[position] ?? []), ...(headingStems[position] ?? []), ...titleStems]), sentences[position] as string, terms, frequency)
        .words;
    // A question about how the shop works ("will you price match…?") is answered by a sentence
    // about that (in its words, its page's or the shop's), not by one sharing its other words.
    const scored = sentences
      .map((sentence, position) => {
        const { score, matched } = scoreSentence(stems[position] as Set<string>, sentence, terms, frequency, headings[position]);
        // A word the site lacks: two of what the question asks must be found (its words, a figure
        // it states, the kind of answer it wants), not one of them alone, and not in the sentence before.
        const answers =
          (unknown ? wordsUnder(position) >= 2 : matched >= 1) &&
          (!terms.policy ||
            !policyRead(source) ||
            terms.speaksOfPolicyAsked(source.kind === 'post' ? `${sentence} ${source.title} ${headings[position] ?? ''}` : sentence));
        // Whether the sentence itself, not only its page's title, says something asked about.
        // A step under "How to verify" is itself the answer to "how do I get the discount?".
        const itself =
          scoreSentence(own[position] as Set<string>, sentence, terms, frequency).matched > 0 || (terms.procedure && underProcedureHeading(headings[position]));
        const weight = itself ? 1 : CONTEXT_ONLY_WEIGHT;
        const counted = countsAsked.length > 0 && statesCountAsked(sentence, countsAsked) ? COUNT_ASKED_FACTOR : 1;
        return {
          sentence: quoted[position] as string,
          position,
          itself,
          score: answers ? (score + headingBonus(position)) * prior * weight * counted : 0,
        };
      })
      .filter((entry) => entry.score > 0 && !options.exclude?.has(entry.sentence));
    if (scored.length === 0) return;
    const ranked = [...scored].sort((a, b) => b.score - a.score || a.position - b.position);
    // "How much does the biggest jar hold?": of the sentences stating the measure asked for, the
    // one with the largest figure (the smallest for "smallest", "lightest"...).
    const extreme = superlativeOf(options.asked ?? question);
    if (extreme && terms.units.length > 0) {
      const measured = ranked
        .map((entry) => ({ entry, value: measureIn(entry.sentence, terms.units, extreme) }))
        .filter((candidate): candidate is { entry: (typeof ranked)[number]; value: number } => candidate.value !== undefined);
      const pick = measured.reduce<(typeof measured)[number] | undefined>(
        (chosen, candidate) => (!chosen || (extreme === 'max' ? candidate.value > chosen.value : candidate.value < chosen.value) ? candidate : chosen),
        undefined,
      );
      if (pick && pick.entry !== ranked[0]) {
        ranked.splice(ranked.indexOf(pick.entry), 1);
        ranked.unshift({ ...pick.entry, score: (ranked[0]?.score ?? pick.entry.score) + 0.01 });
        ranked.length = 1;
      }
    }
    const top = ranked[0] as (typeof ranked)[number];
    if (best && best.score >= top.score) return;
    // "Is it waterproof?" answered by a claim ("Kompromisslos wasserdicht") is completed by the
    // sentence that gives the figure ("Wassersäule: 28.000 mm") when there is one.
    const figure =
      terms.measuredConcepts.length > 0 && !DIGIT.test(top.sentence)
        ? ranked.find((entry) => entry !== top && entry.itself && DIGIT.test(entry.sentence) && entry.score >= top.score * FIGURE_SECOND_SHARE)
        : undefined;
    const second = figure ?? ranked[1];
    const chosen =
      second && second.itself && (second === figure || second.score >= top.score * 0.8) && !overlapping(top.sentence, second.sentence)
        ? [top, second].sort((a, b) => a.position - b.position)
        : [top];
    best = { source, sentences: chosen.map((entry) => entry.sentence), score: top.score };
  });
  return best;
}
