import { detectAll } from 'tinyld';
import { matchLocale, type Direction, type Locale } from './locales.js';

export interface ReplyLanguage {
  tag: string;
  direction: Direction;
  englishName: string;
  /** Which rule picked it, shown in Diagnostics. */
  source: 'override' | 'visitor_locale' | 'detected' | 'agent_default';
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
 */
export function resolveReplyLanguage(input: ReplyLanguageInput): ReplyLanguage {
  // In order, and each only if the ones before it found nothing: detection is the costly one.
  const candidates: [ReplyLanguage['source'], () => Locale | undefined][] = [
    ['override', () => matchLocale(input.override)],
    ['visitor_locale', () => matchLocale(input.visitorLocale)],
    ['detected', () => detectLocale(input.message)],
    ['agent_default', () => matchLocale(input.agentDefault) ?? matchLocale('en')],
  ];
  for (const [source, find] of candidates) {
    const locale = find();
    if (locale) return { tag: locale.tag, direction: locale.direction, englishName: locale.englishName, source };
  }
  throw new Error('English must be a supported locale');
}

/** The supported locale of the message's language, when the text says enough to tell. */
export function detectLocale(message: string): Locale | undefined {
  // Fewer characters than letters needed: init (no message) and one-word replies skip the scan.
  if (message.length < MIN_LETTERS_FOR_DETECTION) return undefined;
  const letters = message.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_DETECTION) return undefined;
  const [best] = detectAll(message);
  if (!best || best.accuracy < MIN_DETECTION_ACCURACY) return undefined;
  return matchLocale(best.lang);
}
