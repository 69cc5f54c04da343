// A small Markdown subset for assistant replies, parsed into a tree that markdown-dom.ts turns into
// DOM nodes. There is no HTML in this dialect: "<img ...>" stays text. Supported: paragraphs (a
// single newline is a line break), headings, bullet and numbered lists, fenced code, rules,
// blockquotes ("> " lines), **bold**, *italic*, `code`, [links](url) and bare http(s) URLs. Links
// pass through safeHref.

import { safeHref } from './url-policy.js';

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

export type BlockNode =
  | { type: 'paragraph' | 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  /** Never holds another quote: nested markers (">> a", "> > a") are flattened into this one. */
  | { type: 'quote'; children: BlockNode[] };

/** Nesting beyond this is kept as literal text: bounds recursion on hostile input. */
const MAX_DEPTH = 6;
const ESCAPABLE = '\\`*_{}[]()#+-.!<>|~';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^[ \t]*[-*+][ \t]+(.*)$/;
const ORDERED = /^[ \t]*(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^ {0,3}>/;

/**
 * A quoted line without its markers: every leading ">" (each after up to three spaces, each with
 * one optional space after it) goes, so "> > a" and ">>a" are both "a". One pass over the line.
 */
function unquote(line: string): string {
  let at = 0;
  for (;;) {
    let j = at;
    while (j < at + 3 && line[j] === ' ') j++;
    if (line[j] !== '>') return line.slice(at);
    at = j + 1;
    if (line[at] === ' ') at++;
  }
}

/**
 * The blocks of a reply. Consecutive lines starting with ">" form one quote, whose content is
 * parsed again as blocks with `quotes` off: one level of recursion at most, and every line is
 * read a bounded number of times, so the work stays linear in the input.
 */
export function parseMarkdown(source: string, quotes = true): BlockNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;

  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ type: 'list', ordered: list.ordered, start: list.start, items: list.items.map((item) => parseInline(item)) });
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const fence = FENCE.exec(line);
    if (fence?.[1]) {
      endParagraph();
      endList();
      const marker = fence[1];
      const code: string[] = [];
      while (++i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker)) code.push(lines[i] ?? '');
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      endList();
      continue;
    }
    if (quotes && QUOTE.test(line)) {
      endParagraph();
      endList();
      const quoted: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i] ?? ''); i++) quoted.push(unquote(lines[i] ?? ''));
      i--; // the loop's own i++ moves to the first line after the quote
      blocks.push({ type: 'quote', children: parseMarkdown(quoted.join('\n'), false) });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      blocks.push({ type: 'heading', children: parseInline(heading[1] ?? '') });
      continue;
    }
    if (RULE.test(line)) {
      endParagraph();
      endList();
      blocks.push({ type: 'rule' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      endParagraph();
      const isOrdered = ordered !== null;
      if (!list || list.ordered !== isOrdered) {
        endList();
        list = { ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [] };
      }
      list.items.push((bullet ?? ordered)?.[bullet ? 1 : 2] ?? '');
      continue;
    }
    if (list && /^[ \t]/.test(line)) {
      // An indented line continues the last item.
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    endList();
    paragraph.push(line);
  }
  endParagraph();
  endList();
  return blocks;
}

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Where the emphasis opened by `marker` at `from` closes, or -1. */
function findClose(text: string, from: number, marker: string): number {
  const c = marker[0];
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === '`') {
      // Code spans are opaque: a delimiter inside one does not close anything.
      const end = text.indexOf('`', j + 1);
      if (end < 0) return -1;
      j = end;
      continue;
    }
    if (!text.startsWith(marker, j)) continue;
    if (marker.length === 1 && text[j + 1] === c) {
      j++; // a double delimiter inside single emphasis belongs to a nested strong
      continue;
    }
    const closes = !isSpace(text[j - 1]) && j > from && (c !== '_' || !isWordChar(text[j + marker.length]));
    if (closes) return j;
  }
  return -1;
}

/** A [label](href) at `at`, with balanced brackets and parentheses, or null. */
function parseLink(text: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = at; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '[') depth++;
    else if (text[j] === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== '(') return null;
  depth = 0;
  for (let j = close + 1; j < text.length; j++) {
    if (text[j] === '(') depth++;
    else if (text[j] === ')' && --depth === 0) {
      const target = text.slice(close + 2, j).trim();
      // Drop an optional "title" and the optional <angle brackets> around the destination.
      const href = (/^<([^>]*)>/.exec(target)?.[1] ?? target.split(/\s+/)[0] ?? '').trim();
      return { label: text.slice(at + 1, close), href, end: j + 1 };
    }
  }
  return null;
}

const BARE_URL = /https?:\/\/[^\s<>"'`]+/iy; // sticky: matched at lastIndex, without copying the rest

/** Sentence punctuation after a bare URL is not part of it; a ")" is only when it closes a "(" inside. */
function trimBareUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const c = url[end - 1] ?? '';
    const unbalanced = c === ')' && url.slice(0, end).split(')').length > url.slice(0, end).split('(').length;
    if ('.,;:!?*_'.includes(c) || unbalanced) end--;
    else return url.slice(0, end);
  }
}

export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && ESCAPABLE.includes(next)) {
      buffer += next;
      i += 2;
      continue;
    }
    if (c === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    if (c === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const end = text.indexOf('`'.repeat(run), i + run);
      if (end >= 0) {
        flush();
        out.push({ type: 'code', text: text.slice(i + run, end) });
        i = end + run;
      } else {
        buffer += '`'.repeat(run);
        i += run;
      }
      continue;
    }
    if ((c === '*' || c === '_') && depth < MAX_DEPTH) {
      const marker = next === c ? c + c : c;
      const opens = !isSpace(text[i + marker.length]) && (c !== '_' || !isWordChar(text[i - 1]));
      const end = opens ? findClose(text, i + marker.length, marker) : -1;
      if (end >= 0) {
        flush();
        out.push({ type: marker.length === 2 ? 'strong' : 'em', children: parseInline(text.slice(i + marker.length, end), depth + 1) });
        i = end + marker.length;
      } else {
        buffer += marker;
        i += marker.length;
      }
      continue;
    }
    const link = c === '[' && depth < MAX_DEPTH ? parseLink(text, i) : null;
    if (link) {
      const children = parseInline(link.label, depth + 1);
      const href = safeHref(link.href);
      flush();
      // A link whose target is not allowed keeps its label, as plain text.
      if (href) out.push({ type: 'link', href, children });
      else out.push(...children);
      i = link.end;
      continue;
    }
    BARE_URL.lastIndex = i;
    const bare = (c === 'h' || c === 'H') && /^$|[\s(]/.test(text[i - 1] ?? '') ? BARE_URL.exec(text) : null;
    if (bare) {
      const url = trimBareUrl(bare[0]);
      const href = safeHref(url);
      flush();
      if (href) out.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
      else buffer += url;
      i += url.length;
      continue;
    }
    buffer += c;
    i++;
  }
  flush();
  return out;
}
