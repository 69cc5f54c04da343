import { Parser } from 'htmlparser2';

export interface TextSection {
  /** The nearest heading above this text, if any. */
  heading: string | null;
  text: string;
}

/** Elements whose content is never visible text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'head', 'button', 'select', 'form']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'li',
  'ul',
  'ol',
  'br',
  'table',
  'blockquote',
  'pre',
  'figcaption',
  'dd',
  'dt',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'hr',
]);

/**
 * Turns HTML (post content, product descriptions) into plain text split by headings, with a real
 * HTML parser: entities decoded, scripts and styles dropped, block elements as line breaks.
 * A table row becomes one line that names each cell by its column's header ("Method: Express;
 * Cost: $18.95; Delivery time: 1–2 business days"), so that a row can be quoted on its own.
 */
export function htmlToSections(html: string): TextSection[] {
  const sections: TextSection[] = [];
  let heading: string | null = null;
  let headingBuffer: string | null = null;
  let buffer = '';
  let skipDepth = 0;
  let headers: string[] = [];
  let row: { text: string; header: boolean }[] | null = null;
  let cell: { text: string; header: boolean } | null = null;

  const endRow = () => {
    if (!row) return;
    const cells = row.map((c) => ({ ...c, text: normalizeWhitespace(c.text).replace(/\n/g, ' ') }));
    row = null;
    if (cells.length === 0 || cells.every((c) => !c.text)) return;
    if (cells.every((c) => c.header)) {
      headers = cells.map((c) => c.text);
      return;
    }
    const named = cells.map((c, i) => (headers[i] && c.text ? `${headers[i]}: ${c.text}` : c.text)).filter(Boolean);
    buffer += `\n${named.join(headers.length > 0 ? '; ' : ' | ')}\n`;
  };

  const flush = () => {
    const text = normalizeWhitespace(buffer);
    if (text) sections.push({ heading, text });
    buffer = '';
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth += 1;
        if (skipDepth > 0) return;
        if (HEADINGS.has(name)) {
          flush();
          headingBuffer = '';
        } else if (name === 'table') {
          headers = [];
          buffer += '\n';
        } else if (name === 'tr') {
          endRow();
          row = [];
        } else if ((name === 'td' || name === 'th') && row) {
          cell = { text: '', header: name === 'th' };
          row.push(cell);
        } else if (BLOCKS.has(name)) {
          if (cell) cell.text += ' ';
          else buffer += '\n';
        }
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (headingBuffer !== null) headingBuffer += text;
        else if (cell) cell.text += text;
        else buffer += text;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth > 0) return;
        if (HEADINGS.has(name) && headingBuffer !== null) {
          heading = normalizeWhitespace(headingBuffer) || heading;
          headingBuffer = null;
        } else if (name === 'td' || name === 'th') {
          cell = null;
        } else if (name === 'tr') {
          endRow();
        } else if (name === 'table') {
          endRow();
          buffer += '\n';
        } else if (BLOCKS.has(name)) {
          if (cell) cell.text += ' ';
          else buffer += '\n';
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  endRow();
  if (headingBuffer !== null) heading = normalizeWhitespace(headingBuffer) || heading;
  flush();
  return sections;
}

export function htmlToText(html: string): string {
  return htmlToSections(html)
    .map((section) => (section.heading ? `${section.heading}\n${section.text}` : section.text))
    .join('\n');
}

/** Collapses runs of spaces, keeps paragraph breaks, drops control characters. */
export function normalizeWhitespace(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/[ \t\u00A0]+/g, ' ')
      .replace(/ *\n[\n ]*/g, '\n')
      .trim()
  );
}
