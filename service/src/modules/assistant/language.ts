import { detectAll } from 'tinyld';
import { matchLocale, type Direction, type Locale } from './locales.js';
import { smallTalkLanguage } from './understanding/question.js';

export interface ReplyLanguage {
  tag: string;
  direction: Direction;
  englishName: string;
  /**
   * Which rule picked it. `other_language`: detected in the message, and another language than
   * the visitor's locale (the turn's diagnostics note it).
   */
  source: 'override' | 'other_language' | 'visitor_locale' | 'detected' | 'agent_default';
}

export interface ReplyLanguageInput {
  override?: string | null;
  visitorLocale?: string | null;
  message: string;
  agentDefault: string;
}

/**
 * Below this many letters a detector guesses ("ok", "thx", an order number): such messages fall
 * through to the agent's default instead of flipping the reply language.
 */
const MIN_LETTERS_FOR_DETECTION = 8;
/**
 * Language is told from at most this much of a message: the beginning of a long message says it
 * as well as the whole, and the detector's time grows with the text (tens of ms for 8 KB, several for 1 KB).
 */
const MAX_DETECTION_CHARS = 512;

/** The first MAX_DETECTION_CHARS characters, cut at a space when one is near and never inside a surrogate pair. */
export function detectionSample(message: string): string {
  if (message.length <= MAX_DETECTION_CHARS) return message;
  let end = MAX_DETECTION_CHARS;
  const space = message.lastIndexOf(' ', end);
  if (space > end - 64) end = space;
  const code = message.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return message.slice(0, end);
}
/** tinyld's accuracy for a clear single-language sentence is ~1; mixed or noisy text scores low. */
const MIN_DETECTION_ACCURACY = 0.05;

/**
 * The language of the reply: the Playground override, else the language the message is written
 * in when that is confidently detected (see confidentLocale), else the visitor's locale (the
 * page's language, or the language the widget's last reply came in), else the agent's default
 * (English when even that is not a supported locale). So a reply is always in a language the
 * visitor used or the page is in: an English question after a German one is answered in English,
 * "thanks" keeps the language of the conversation, and a short English question is never taken
 * for French.
 */
export function resolveReplyLanguage(input: ReplyLanguageInput): ReplyLanguage {
  const visitorLocale = () => matchLocale(input.visitorLocale);
  const candidates: [ReplyLanguage['source'], () => Locale | undefined][] = [
    ['override', () => matchLocale(input.override)],
    ['detected', () => detectedLocale(input.message, input.visitorLocale)],
    ['visitor_locale', visitorLocale],
    ['agent_default', () => matchLocale(input.agentDefault) ?? matchLocale('en')],
  ];
  for (const [source, find] of candidates) {
    const locale = find();
    if (!locale) continue;
    const visitor = source === 'detected' ? visitorLocale() : undefined;
    const differs = visitor !== undefined && primary(visitor.tag) !== primary(locale.tag);
    return { tag: locale.tag, direction: locale.direction, englishName: locale.englishName, source: differs ? 'other_language' : source };
  }
  throw new Error('English must be a supported locale');
}

/**
 * The language the message is written in, when it says so clearly. Small talk in the visitor's
 * own language stays in it: "السلام علیکم" on an Urdu page is Urdu, though a detector reads Arabic
 * in those few letters of a script both write. (Asked only when the detector disagrees with the
 * visitor's locale or has no verdict: reading small talk in every language takes longer than
 * the detector on a message that agrees.)
 */
function detectedLocale(message: string, visitorLocale: string | null | undefined): Locale | undefined {
  const detected = confidentLocale(message);
  if (detected && (!visitorLocale || primary(detected.tag) === primary(visitorLocale))) return detected;
  const smallTalk = smallTalkLanguage(message, visitorLocale);
  if (visitorLocale && smallTalk === primary(visitorLocale)) return matchLocale(visitorLocale);
  return detected ?? matchLocale(smallTalk);
}

function primary(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? tag;
}

/**
 * Words that show which Latin-script language a message is in: short questions are mostly made
 * of them ("do you", "haben Sie", "est-ce que"), while the rest are often names and brands.
 * Statistical detectors are unreliable on such messages ("Do you sell garden hoses?" reads as
 * French to one), so these decide for the languages they cover.
 */
const FUNCTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.entries({
    en: "the a an and or is are was were do does did you your yours i my me we our it its this that these those what which who how where when why can could would should will have has had there any some with for of to from not no yes please thanks thank much many what's it's that's there's here's who's how's where's i'm i've i'll don't doesn't isn't aren't can't won't didn't whats thats theres dont doesnt isnt arent cant didnt",
    de: 'der die das den dem des ein eine einen einem einer und oder ist sind war haben hat habt sie ich du wir ihr mein meine mir mich es was wer wie wo warum wann kann können könnt kostet gibt auch nicht kein keine bitte danke für mit von zu noch schon ja nein',
    fr: "le la les un une des du et ou est sont de en au aux je tu il elle nous vous ils elles mon ma mes votre vos ce cette ces quel quelle quels quelles qui que quoi comment où pourquoi quand combien avez peut pouvez pour avec dans sur pas oui non merci l' d' j' n' qu' s' c' m'",
    es: 'el la los las un una unos unas y o de del en al se lo es son está están yo tú él ella nosotros usted ustedes mi mis su sus este esta estos qué que cuál cuáles quién cómo dónde cuándo por para con tiene tienen puedo puede hay cuánto cuánta cuántos cuántas sí gracias',
    it: "il lo la gli le un uno una e o di da del della in è sono io tu lui lei noi voi mio mia suo sua questo questa che chi come dove quando perché quanto quanta quanti avete ha hanno ho hai abbiamo siete posso può potete per con non sì grazie anche alla alle allo nella nelle nel nei sul sulla degli delle dei vorrei cerco fate c'è se mi ci ma però più già ancora quale quali quello quella piace l' dell' nell' all' sull' dall' un' c'",
    pt: 'o a os as um uma e ou de do da em no na é são eu tu ele ela nós você vocês meu minha seu sua este esta isso que qual quem como onde quando porque quanto quanta têm tem posso pode para com não sim obrigado obrigada',
    nl: 'de het een en of is zijn ik jij je hij zij wij jullie mijn uw dit dat deze wat wie hoe waar wanneer waarom hoeveel hebben heeft kan kunnen voor met van niet geen ja nee dank bedankt',
  }).map(([language, words]) => [language, new Set(words.split(' ').flatMap((word) => [word, withoutAccents(word)]))]),
);

/** Visitors often type without accents ("cuanto pesa"): words are matched both ways. */
function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * The word as the lists hold it: as written, else without its accents, else (an elided word,
 * "l'olio", "qu'il") the article or pronoun before its apostrophe. English contractions ("it's")
 * are listed whole.
 */
function functionWordOf(written: string): string {
  if (LISTS_HOLDING.has(written)) return written;
  const plain = withoutAccents(written);
  if (LISTS_HOLDING.has(plain)) return plain;
  const apostrophe = written.indexOf("'");
  return apostrophe > 0 && apostrophe < written.length - 1 ? written.slice(0, apostrophe + 1) : plain;
}

/** How many of the lists hold each word: a word only one language uses says more than "la". */
const LISTS_HOLDING: ReadonlyMap<string, number> = (() => {
  const counts = new Map<string, number>();
  for (const words of Object.values(FUNCTION_WORDS)) for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
})();
/** The vote of a function word that belongs to one language only. */
const OWN_WORD_VOTE = 2;
const LATIN = /\p{Script=Latin}/gu;
const MIN_OTHER_SCRIPT_LETTERS = 3;
const WORDS = /[\p{L}']+/gu;

/**
 * The supported locale of the message's language, only when the text says it clearly: a script
 * only one language of the 132 is written in, or (Latin script) more of one language's function
 * words than of any other's, or a detector's certain verdict on a longer message that no other
 * language's function words contradict.
 */
export function confidentLocale(whole: string): Locale | undefined {
  const message = detectionSample(whole);
  if (message.length < MIN_LETTERS_FOR_DETECTION) return undefined;
  const letters = message.match(LETTER)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_DETECTION) return undefined;
  const latin = message.match(LATIN)?.length ?? 0;
  const votes = new Map<string, number>();
  const wordsFound = new Map<string, number>();
  // An address ("ana@example.com") is no sentence's word.
  for (const written of message
    .toLowerCase()
    .replace(/\S*[@/]\S*/g, ' ')
    .replace(/\u2019/g, "'")
    .match(WORDS) ?? []) {
    const word = functionWordOf(written);
    const vote = LISTS_HOLDING.get(word) === 1 ? OWN_WORD_VOTE : 1;
    for (const [language, words] of Object.entries(FUNCTION_WORDS)) {
      if (!words.has(word)) continue;
      votes.set(language, (votes.get(language) ?? 0) + vote);
      wordsFound.set(language, (wordsFound.get(language) ?? 0) + 1);
    }
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  // A sentence of one language's function words (two at least) is in that language, whatever
  // place or brand names in other scripts it mentions ("Do you ship to Москва?").
  if (best && (wordsFound.get(best[0]) ?? 0) >= 2 && best[1] > (second?.[1] ?? 0)) return matchLocale(best[0]);
  // Names and brands are written in Latin letters in every language: a few letters of another
  // script are what the message is written in, and that script narrows the language down.
  if (letters - latin >= MIN_OTHER_SCRIPT_LETTERS) {
    const [detected] = detectAll(message.replace(/[\p{Script=Latin}\d]+/gu, ' '));
    return detected && detected.accuracy >= MIN_DETECTION_ACCURACY ? matchLocale(detected.lang) : undefined;
  }
  const [detected] = detectAll(message);
  if (!detected || detected.accuracy < 0.99 || letters < 20) return undefined;
  // A language these lists cover must show in its function words, as many as any other's (a tie
  // of words two languages share, "il" of French and Italian, is the detector's to break);
  // another language (Polish, Turkish) must not be contradicted by them.
  const covered = Object.hasOwn(FUNCTION_WORDS, detected.lang);
  if (covered ? best !== undefined && votes.get(detected.lang) === best[1] : ranked.length === 0) return matchLocale(detected.lang);
  return undefined;
}

/** ISO 15924 codes (as Intl gives them) that stand for several Unicode scripts together. */
const SCRIPT_PARTS: Readonly<Record<string, readonly string[]>> = {
  Jpan: ['Hani', 'Hira', 'Kana'],
  Kore: ['Hang', 'Hani'],
  Hans: ['Hani'],
  Hant: ['Hani'],
};

const LETTER = /\p{L}/gu;

interface LocaleScript {
  /** The letters of the script (or scripts) the locale's language is usually written in. */
  letters: RegExp;
  latin: boolean;
}
/** By locale tag; null where the script is not known. */
const localeScripts = new Map<string, LocaleScript | null>();

function scriptOf(locale: Locale): LocaleScript | null {
  let known = localeScripts.get(locale.tag);
  if (known === undefined) {
    const script = new Intl.Locale(locale.tag).maximize().script;
    const parts = script ? (SCRIPT_PARTS[script] ?? [script]) : [];
    try {
      known = parts.length > 0 ? { letters: new RegExp(`[${parts.map((part) => `\\p{sc=${part}}`).join('')}]`, 'gu'), latin: script === 'Latn' } : null;
    } catch {
      known = null; // a script this engine's Unicode tables do not name
    }
    localeScripts.set(locale.tag, known);
  }
  return known;
}

/**
 * Whether the message is written in another script than the locale's language. Brand and product
 * names are written in Latin letters in messages of every language, so a locale of another
 * script keeps the message while it has any letter of that script; a Latin-script locale keeps
 * it while other scripts' letters are at most half as many as its Latin ones.
 */
export function writtenInAnotherScript(message: string, locale: Locale): boolean {
  const script = scriptOf(locale);
  if (!script) return false;
  const letters = message.match(LETTER)?.length ?? 0;
  const own = message.match(script.letters)?.length ?? 0;
  return script.latin ? (letters - own) * 2 > own : letters > 0 && own === 0;
}

/** The supported locale of the message's language, when the text says enough to tell. */
export function detectLocale(whole: string): Locale | undefined {
  const message = detectionSample(whole);
  // Fewer characters than letters needed: init (no message) and one-word replies skip the scan.
  if (message.length < MIN_LETTERS_FOR_DETECTION) return undefined;
  const letters = message.match(LETTER)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_DETECTION) return undefined;
  const [best] = detectAll(message);
  if (!best || best.accuracy < MIN_DETECTION_ACCURACY) return undefined;
  return matchLocale(best.lang);
}
