/**
 * Reads a system prompt the way a test checks it: the JSON items of one fenced data section, and
 * the lines that would make a machine-readable facts section. The prompt module no longer exports
 * readers of its own (the offline responder gets its facts as typed provider options), so tests
 * parse the text as a hosted model would see it.
 */

const DATA_BEGIN = '<<<BEGIN UNTRUSTED DATA';
const DATA_END = '<<<END UNTRUSTED DATA';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The fence id of a data section, when the prompt has it. */
export function fenceOf(system: string, name: string): string | undefined {
  return system.match(new RegExp(`^${escapeRegExp(DATA_BEGIN)} ${name} ([0-9a-f]+)>>>$`, 'm'))?.[1];
}

/**
 * The JSON items between a section's begin and end markers (same fence id). Every line between
 * them must be one JSON document: a line that is not is an error, not something to skip, since
 * it would mean untrusted text escaped its JSON string.
 */
export function readDataSection(system: string, name: string): unknown[] {
  const begin = system.match(new RegExp(`^${escapeRegExp(DATA_BEGIN)} ${name} ([0-9a-f]+)>>>$`, 'm'));
  if (!begin?.[1] || begin.index === undefined) return [];
  const end = system.indexOf(`${DATA_END} ${name} ${begin[1]}>>>`, begin.index);
  if (end < 0) throw new Error(`data section ${name} is not closed`);
  return system
    .slice(begin.index + begin[0].length, end)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** Keys the old "Turn facts" section had, which the offline responder once parsed back out of the prompt. */
export const OLD_FACT_KEYS = ['reply_language', 'direction', 'retrieval_confidence', 'confidence_level', 'verified_shopper'] as const;

/** Lines of the prompt that look like "- key: value" facts for a machine to read back. */
export function machineReadableFactLines(system: string): string[] {
  return system.split('\n').filter((line) => OLD_FACT_KEYS.some((key) => line.startsWith(`- ${key}:`)));
}
