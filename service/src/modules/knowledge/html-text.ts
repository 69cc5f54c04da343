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
  'p', 'div', 'section', 'article', 'li', 'ul', 'ol', 'br', 'tr', 'td', 'th', 'table', 'blockquote', 'pre',
  'figcaption', 'dd', 'dt', 'header', 'footer', 'main', 'aside', 'nav', 'hr',
]);

/**
 * Turns HTML (post content, product descriptions) into plain text split by headings, with a real
 * HTML parser: entities decoded, scripts and styles dropped, block elements as line breaks.
 */
export function htmlToSections(html: string): TextSection[] {
  const sections: TextSection[] = [];
  let heading: string | null = null;
  let headingBuffer: string | null = null;
  let buffer = '';
  let skipDepth = 0;

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
        } else if (BLOCKS.has(name)) {
          buffer += '\n';
        }
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (headingBuffer !== null) headingBuffer += text;
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
        } else if (BLOCKS.has(name)) {
          buffer += '\n';
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
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
  return text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
}
