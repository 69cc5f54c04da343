// Capping of the page context before it is sent (contract section 7: each of body_text, json_ld
// serialized and headings joined is capped at 8 KB of UTF-8, cut on a character boundary). The
// service enforces the same caps; capping here keeps requests small on large pages.

import type { PageContext } from './types.js';

export const CAP_BYTES = 8 * 1024;

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character. */
export function capUtf8(text: string, maxBytes = CAP_BYTES): string {
  if (text.length * 3 <= maxBytes) return text; // a UTF-16 unit never takes more than 3 bytes
  // encodeInto writes whole characters only and reports how many UTF-16 units it consumed.
  const { read } = encoder.encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

/** Headings in page order while their newline-joined text fits; the last one is cut to fit. */
export function capHeadings(headings: string[], maxBytes = CAP_BYTES): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const heading of headings) {
    const separator = kept.length > 0 ? 1 : 0;
    const room = maxBytes - used - separator;
    if (room <= 0) break;
    const cut = capUtf8(heading, room);
    if (cut) kept.push(cut);
    if (cut !== heading) break;
    used += separator + utf8Length(cut);
  }
  return kept;
}

/** JSON-LD objects in page order while their serialized array fits; an object too big on its own is skipped. */
export function capJsonLd(items: unknown[], maxBytes = CAP_BYTES): unknown[] {
  const kept: unknown[] = [];
  let used = 2; // the brackets of the array
  for (const item of items) {
    const size = utf8Length(JSON.stringify(item)) + (kept.length > 0 ? 1 : 0);
    if (used + size > maxBytes) continue;
    kept.push(item);
    used += size;
  }
  return kept;
}

/** Applies every cap and drops empty fields. */
export function capPageContext(raw: PageContext): PageContext {
  const context: PageContext = { url: capUtf8(raw.url) };
  for (const key of ['canonical_url', 'title', 'description', 'body_text'] as const) {
    const value = raw[key]?.trim();
    if (value) context[key] = capUtf8(value);
  }
  const og: NonNullable<PageContext['og']> = {};
  for (const [key, value] of Object.entries(raw.og ?? {}) as [keyof typeof og, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) og[key] = capUtf8(trimmed);
  }
  if (Object.keys(og).length > 0) context.og = og;
  const headings = capHeadings((raw.headings ?? []).map((text) => text.trim()).filter(Boolean));
  if (headings.length > 0) context.headings = headings;
  const jsonLd = capJsonLd(raw.json_ld ?? []);
  if (jsonLd.length > 0) context.json_ld = jsonLd;
  return context;
}
