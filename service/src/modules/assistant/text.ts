import { Parser } from 'htmlparser2';

/** Elements whose content is code or embedded documents, never readable text. */
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'head']);

/**
 * Text content of an HTML fragment, entities decoded. A real parser rather than a regex: tags
 * split across attributes, comments, CDATA and unterminated elements are all handled the way a
 * browser would, and script or style bodies never leak into the text.
 */
function extractText(html: string): string {
  const parts: string[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (NON_TEXT_ELEMENTS.has(name)) skipDepth += 1;
        parts.push(' ');
      },
      onclosetag(name) {
        if (NON_TEXT_ELEMENTS.has(name) && skipDepth > 0) skipDepth -= 1;
        parts.push(' ');
      },
      ontext(text) {
        if (skipDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}

/** Decoding entities can reveal markup (`&lt;script&gt;`): parse again until nothing changes. */
const MAX_MARKUP_PASSES = 3;

// C0/C1 controls except tab and newline, bidirectional overrides and isolates (they can make
// text display differently from what it says), zero-width space and BOM, lone surrogates.
const CONTROL_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export interface PlainTextOptions {
  /** Keep line breaks (body text); otherwise everything is one line (titles, headings). */
  multiline?: boolean;
}

/** Markup and control characters removed, whitespace collapsed. */
export function toPlainText(input: string, options: PlainTextOptions = {}): string {
  let text = input;
  for (let pass = 0; pass < MAX_MARKUP_PASSES && /[<&]/.test(text); pass += 1) {
    const next = extractText(text);
    if (next === text) break;
    text = next;
  }
  // Whatever still looks like a tag after the passes is not text anyone needs.
  text = text.replace(/[<>]/g, ' ').replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');
  if (options.multiline) {
    return text
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
  return text.replace(/\s+/g, ' ').trim();
}

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, cut between code points so
 * that no character is split into invalid bytes.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes || utf8Length(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
