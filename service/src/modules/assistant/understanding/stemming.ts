import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { primaryLanguage } from '../locales.js';

/**
 * Word comparison for answer extraction: words are folded (lower case, accents removed) and
 * reduced to their Snowball stem in a language, so that "weighs" meets "weight" and
 * "Rücksendungen" meets "Rücksendung". Languages without a stemmer compare folded words whole.
 */

type Stemmer = (word: string) => string;

const STEMMERS: Readonly<Record<string, Stemmer>> = {
  ar: arabic,
  da: danish,
  nl: dutch,
  en: english,
  fi: finnish,
  fr: french,
  de: german,
  hu: hungarian,
  id: indonesian,
  it: italian,
  no: norwegian,
  nb: norwegian,
  nn: norwegian,
  pt: portuguese,
  ro: romanian,
  ru: russian,
  es: spanish,
  sv: swedish,
  tr: turkish,
};

const identity: Stemmer = (word) => word;

export { primaryLanguage };

export function stemmerFor(languageTag: string | null | undefined): Stemmer {
  return STEMMERS[primaryLanguage(languageTag)] ?? identity;
}

/**
 * Lower case, Latin/Greek/Cyrillic accents and Arabic vowel marks removed, typographic
 * apostrophes straightened, back in composed form. Vowel signs of Indic scripts are letters of
 * the word, not accents, and stay.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .normalize('NFC')
    .replace(/[’‘`´]/g, "'");
}

const WORD = /[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu;

/** The words of a text as written (folded), numbers with their decimal separator kept whole. */
export function wordsOf(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/**
 * Endings whose accent the Snowball stemmers of these languages need to see: words are folded
 * before they are stemmed, and "devolución" (folded "devolucion") would keep an ending that
 * "devoluciones" loses, "enviáis" one that "enviamos" loses. The folded ending is given its
 * accent back for the stemmer, and the stem folded again.
 */
const ACCENTED_ENDINGS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  es: [
    ['cion', 'ción'],
    ['sion', 'sión'],
    ['iais', 'íais'],
    ['ais', 'áis'],
    ['eis', 'éis'],
    ['ia', 'ía'],
    ['ias', 'ías'],
    ['ian', 'ían'],
  ],
  pt: [
    ['coes', 'ções'],
    ['cao', 'ção'],
    ['sao', 'são'],
    ['oes', 'ões'],
    ['avel', 'ável'],
    ['ivel', 'ível'],
    ['encia', 'ência'],
    ['ancia', 'ância'],
  ],
};

/**
 * English verbs whose past forms no stemmer brings back to them: "will the tee shrink?" is
 * answered by "pre-shrunk", "can I return worn shoes?" by "unworn".
 */
const ENGLISH_IRREGULAR: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'shrank:shrink shrunk:shrink shrunken:shrink wore:wear worn:wear unworn:wear tore:tear torn:tear sent:send bought:buy sold:sell ' +
    'paid:pay made:make kept:keep held:hold lost:lose broke:break broken:break froze:freeze frozen:freeze grew:grow grown:grow ' +
    'ran:run left:leave gave:give given:give drove:drive driven:drive wrote:write written:write chose:choose chosen:choose ' +
    'fell:fall fallen:fall felt:feel found:find threw:throw thrown:throw built:build brought:bring caught:catch taught:teach ' +
    'thought:think spun:spin sewn:sew woven:weave wove:weave dealt:deal meant:mean slept:sleep'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/**
 * A word's stems in each of the languages: a question in one language about content in another
 * is compared in both, and a word that is the same in both (a name, a number) matches either way.
 */
export function stemsOf(word: string, languages: readonly string[]): string[] {
  const stems = new Set<string>([word]);
  for (const language of languages) {
    const stemmer = stemmerFor(language);
    const stem = stemmer(word);
    if (stem) stems.add(stem);
    const base = primaryLanguage(language) === 'en' ? ENGLISH_IRREGULAR[word] : undefined;
    if (base) stems.add(stemmer(base));
    // Every ending that fits: "enviais" is "envi-áis" (enviar) as much as "env-íais".
    for (const [folded, accented] of ACCENTED_ENDINGS[primaryLanguage(language)] ?? []) {
      if (word.endsWith(folded) && word.length > folded.length + 2) stems.add(fold(stemmer(word.slice(0, -folded.length) + accented)));
    }
  }
  return [...stems];
}

/** Languages that write compounds as one word: "Versandkosten" is about "Versand", a "Daunenschlafsack" is a "Schlafsack". */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'nb', 'nn', 'no', 'is', 'fi']);

/** Whether any of the languages compounds. */
export function compounding(languages: readonly string[]): boolean {
  return languages.some((language) => COMPOUNDING.has(primaryLanguage(language)));
}
