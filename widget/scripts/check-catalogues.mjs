// Checks every catalogue in src/i18n/catalogues against en.json, the key set they all follow:
// the same keys, the same {placeholders} in every string, plurals with exactly the CLDR categories
// this runtime's Intl.PluralRules uses for the language (so every count finds its form), and
// "…" rather than three dots. Prints each problem and exits 1 when there is one.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'catalogues');
const REFERENCE = 'en';

const isPlural = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const placeholdersOf = (text) => [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]).sort();
const sameList = (left, right) => left.length === right.length && left.every((item, index) => item === right[index]);
const describe = (list) => (list.length === 0 ? 'none' : list.map((name) => `{${name}}`).join(' '));

/** Keys written twice in one object: JSON.parse keeps the last silently, so scan the text itself. */
function duplicateKeys(source) {
  const duplicates = [];
  const keysPerDepth = [];
  const stringPattern = /"(?:[^"\\]|\\.)*"/y;
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (character === '{') keysPerDepth.push(new Set());
    else if (character === '}') keysPerDepth.pop();
    else if (character === '"') {
      stringPattern.lastIndex = index;
      const literal = stringPattern.exec(source)?.[0] ?? '"';
      index += literal.length - 1;
      const isKey = /^\s*:/.test(source.slice(index + 1, index + 20));
      const keys = keysPerDepth.at(-1);
      if (isKey && keys) {
        const key = JSON.parse(literal);
        if (keys.has(key)) duplicates.push(key);
        keys.add(key);
      }
    }
  }
  return duplicates;
}

/** The problems of one catalogue, as sentences naming the key; empty when it is complete. */
export function checkCatalogue(tag, source, reference) {
  let catalogue;
  try {
    catalogue = JSON.parse(source);
  } catch (error) {
    return [`not valid JSON: ${error.message}`];
  }
  if (!isPlural(catalogue)) return ['not a JSON object'];
  if (Intl.PluralRules.supportedLocalesOf([tag]).length === 0) return [`"${tag}" is not a language this runtime knows`];

  const problems = duplicateKeys(source).map((key) => `${key}: written twice`);
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.slice().sort();
  const checkText = (where, text, expected) => {
    if (typeof text !== 'string' || text.trim() === '') return problems.push(`${where}: not a non-empty string`);
    if (text !== text.trim()) problems.push(`${where}: leading or trailing whitespace`);
    if (text.includes('...')) problems.push(`${where}: three dots instead of "…"`);
    const found = placeholdersOf(text);
    if (!sameList(found, expected)) problems.push(`${where}: placeholders ${describe(found)}, expected ${describe(expected)}`);
  };

  for (const [key, english] of Object.entries(reference)) {
    if (!(key in catalogue)) {
      problems.push(`${key}: missing`);
      continue;
    }
    const value = catalogue[key];
    if (!isPlural(english)) {
      checkText(key, value, placeholdersOf(english));
      continue;
    }
    if (!isPlural(value)) {
      problems.push(`${key}: must be a plural object with ${categories.join(', ')}`);
      continue;
    }
    const written = Object.keys(value).sort();
    if (!sameList(written, categories)) {
      problems.push(`${key}: plural categories ${written.join(', ')}, expected ${categories.join(', ')}`);
    }
    for (const category of written) checkText(`${key}.${category}`, value[category], placeholdersOf(english.other));
  }
  for (const key of Object.keys(catalogue)) if (!(key in reference)) problems.push(`${key}: not in ${REFERENCE}.json`);
  return problems;
}

/** Every catalogue of the directory checked against its en.json: a map of tag to problems. */
export async function checkCatalogues(directory = defaultDirectory) {
  const reference = JSON.parse(await readFile(join(directory, `${REFERENCE}.json`), 'utf8'));
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
  const results = new Map();
  for (const file of files) {
    const tag = file.slice(0, -'.json'.length);
    results.set(tag, checkCatalogue(tag, await readFile(join(directory, file), 'utf8'), reference));
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await checkCatalogues(process.argv[2] ?? defaultDirectory);
  let failed = false;
  for (const [tag, problems] of results) {
    failed ||= problems.length > 0;
    process.stdout.write(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${tag}\n`);
    for (const problem of problems) process.stdout.write(`       ${problem}\n`);
  }
  process.stdout.write(`${results.size} catalogues, ${failed ? 'with problems' : 'all complete'}\n`);
  process.exit(failed ? 1 : 0);
}
