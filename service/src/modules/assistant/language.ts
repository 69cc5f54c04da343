import { detectAll } from 'tinyld';
import { matchLocale, type Direction, type Locale } from './locales.js';

export interface ReplyLanguage {
  tag: string;
  direction: Direction;
  englishName: string;
  /**
   * Which rule picked it. `other_script`: detected in a message written in another script than
   * the visitor's locale, over that locale (the turn's diagnostics note it).
   */
  source: 'override' | 'other_script' | 'visitor_locale' | 'detected' | 'agent_default';
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
/** tinyld's accuracy for a clear single-language sentence is ~1; mixed or noisy text scores low. */
const MIN_DETECTION_ACCURACY = 0.05;

/**
 * The language of the reply: the Playground override, else the visitor's locale, else the
 * language detected in the message, else the agent's default (English when even that is not a
 * supported locale). Unsupported tags at any step fall through to the next.
 *
 * One exception puts detection before the visitor's locale: a message written in another script
 * than that locale's language (an Arabic or Russian question on a page in English; see
 * writtenInAnotherScript). Its writer is not writing the locale's language, so the reply follows
 * what they wrote. Within one script the locale stays first: telling German from English would
 * take the detector on every turn, and a page's own language is the safer guess for short or
 * mixed messages.
 */
export function resolveReplyLanguage(input: ReplyLanguageInput): ReplyLanguage {
  const visitorLocale = () => matchLocale(input.visitorLocale);
  // In order, and each only if the ones before it found nothing: detection is the costly one,
  // and runs at most once.
  const candidates: [ReplyLanguage['source'], () => Locale | undefined][] = [
    ['override', () => matchLocale(input.override)],
    [
      'other_script',
      () => {
        const visitor = visitorLocale();
        return visitor && writtenInAnotherScript(input.message, visitor) ? detectLocale(input.message) : undefined;
      },
    ],
    ['visitor_locale', visitorLocale],
    ['detected', () => detectLocale(input.message)],
    ['agent_default', () => matchLocale(input.agentDefault) ?? matchLocale('en')],
  ];
  for (const [source, find] of candidates) {
    const locale = find();
    if (locale) return { tag: locale.tag, direction: locale.direction, englishName: locale.englishName, source };
  }
  throw new Error('English must be a supported locale');
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
export function detectLocale(message: string): Locale | undefined {
  // Fewer characters than letters needed: init (no message) and one-word replies skip the scan.
  if (message.length < MIN_LETTERS_FOR_DETECTION) return undefined;
  const letters = message.match(LETTER)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_DETECTION) return undefined;
  const [best] = detectAll(message);
  if (!best || best.accuracy < MIN_DETECTION_ACCURACY) return undefined;
  return matchLocale(best.lang);
}
