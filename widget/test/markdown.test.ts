import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, type BlockNode, type Inline } from '../src/panel/markdown.js';
import { safeHref } from '../src/panel/url-policy.js';

const text = (value: string): Inline => ({ type: 'text', text: value });

/** All link targets anywhere in a parsed document. */
function hrefs(blocks: BlockNode[]): string[] {
  const found: string[] = [];
  const walk = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.type === 'link') found.push(node.href);
      if ('children' in node) walk(node.children);
    }
  };
  const visit = (list: BlockNode[]) => {
    for (const block of list) {
      if (block.type === 'paragraph' || block.type === 'heading') walk(block.children);
      if (block.type === 'list') block.items.forEach(walk);
      if (block.type === 'quote') visit(block.children);
    }
  };
  visit(blocks);
  return found;
}

describe('safeHref', () => {
  it('allows absolute http, https and mailto URLs', () => {
    expect(safeHref('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1');
    expect(safeHref(' http://shop.example ')).toBe('http://shop.example/');
    expect(safeHref('mailto:help@shop.example')).toBe('mailto:help@shop.example');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/relative/path',
    '//shop.example/protocol-relative',
    'not a url',
    '',
  ])('refuses %j', (href) => {
    expect(safeHref(href)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref({ toString: () => 'https://x.example' })).toBeNull();
  });
});

describe('parseMarkdown', () => {
  it('splits paragraphs on blank lines and keeps single newlines as breaks', () => {
    expect(parseMarkdown('one\ntwo\n\nthree')).toEqual([
      { type: 'paragraph', children: [text('one'), { type: 'br' }, text('two')] },
      { type: 'paragraph', children: [text('three')] },
    ]);
  });

  it('parses bold, italic and inline code', () => {
    expect(parseInline('**bold** and *it* and _it2_ and `a*b*c`')).toEqual([
      { type: 'strong', children: [text('bold')] },
      text(' and '),
      { type: 'em', children: [text('it')] },
      text(' and '),
      { type: 'em', children: [text('it2')] },
      text(' and '),
      { type: 'code', text: 'a*b*c' },
    ]);
  });

  it('nests emphasis', () => {
    expect(parseInline('*a **b** c*')).toEqual([{ type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] }]);
  });

  it('leaves intraword underscores, lone stars and unclosed markers as text', () => {
    expect(parseInline('snake_case_name 2 * 3 **open')).toEqual([text('snake_case_name 2 * 3 **open')]);
  });

  it('honours backslash escapes', () => {
    expect(parseInline('\\*not em\\*')).toEqual([text('*not em*')]);
  });

  it('parses bullet and numbered lists', () => {
    expect(parseMarkdown('- a\n- b\n  continued\n\n3. x\n4. y')).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[text('a')], [text('b'), { type: 'br' }, text('continued')]] },
      { type: 'list', ordered: true, start: 3, items: [[text('x')], [text('y')]] },
    ]);
  });

  it('parses headings, rules and fenced code, whose content stays literal', () => {
    expect(parseMarkdown('## Sizes\n***\n```\n<b>**x**</b>\n```')).toEqual([
      { type: 'heading', children: [text('Sizes')] },
      { type: 'rule' },
      { type: 'code', text: '<b>**x**</b>' },
    ]);
  });

  it('turns allowed links into link nodes', () => {
    expect(parseInline('see [the **shoes**](https://shop.example/shoes "Shoes")')).toEqual([
      text('see '),
      { type: 'link', href: 'https://shop.example/shoes', children: [text('the '), { type: 'strong', children: [text('shoes')] }] },
    ]);
    expect(parseInline('[mail](<mailto:help@shop.example>)')).toEqual([{ type: 'link', href: 'mailto:help@shop.example', children: [text('mail')] }]);
  });

  it('keeps only the label of a link to a refused target', () => {
    expect(parseInline('[click](javascript:alert(document.cookie))')).toEqual([text('click')]);
    expect(parseInline('[x](data:text/html,hi) [y](/relative)')).toEqual([text('x'), text(' '), text('y')]);
  });

  it('links bare http(s) URLs without the sentence punctuation after them', () => {
    expect(parseInline('Go to https://shop.example/a_(b). Or http://x.example/p, now')).toEqual([
      text('Go to '),
      { type: 'link', href: 'https://shop.example/a_(b)', children: [text('https://shop.example/a_(b)')] },
      text('. Or '),
      { type: 'link', href: 'http://x.example/p', children: [text('http://x.example/p')] },
      text(', now'),
    ]);
  });

  it('has no HTML: tags stay text', () => {
    const blocks = parseMarkdown('<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:x">y</a>');
    expect(blocks).toEqual([{ type: 'paragraph', children: [text('<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:x">y</a>')] }]);
  });

  it('never produces a link outside the allowlist, whatever the input', () => {
    const hostile = [
      '[a](javascript:alert(1))',
      '[a](  javascript:alert(1)  )',
      '[a](<javascript:alert(1)>)',
      '[a](java\nscript:alert(1))',
      '[[a](javascript:1)](https://ok.example)',
      'javascript:alert(1)',
      '[a](vbscript:1) [b](data:x) [c](file:///x)',
    ].join('\n\n');
    for (const href of hrefs(parseMarkdown(hostile))) expect(href).toMatch(/^(https?:|mailto:)/);
  });

  it('keeps a 10,000-character word as one text node', () => {
    const word = 'x'.repeat(10_000);
    expect(parseMarkdown(word)).toEqual([{ type: 'paragraph', children: [text(word)] }]);
  });

  it('bounds nesting depth on hostile input', () => {
    const deep = '*'.repeat(2000) + 'x' + '*'.repeat(2000);
    const blocks = parseMarkdown(deep);
    let depth = 0;
    let nodes: Inline[] = blocks[0]?.type === 'paragraph' ? blocks[0].children : [];
    while (nodes[0] && 'children' in nodes[0]) {
      nodes = nodes[0].children;
      depth++;
    }
    expect(depth).toBeLessThanOrEqual(7);
  });
});

describe('blockquotes', () => {
  const paragraph = (...children: Inline[]): BlockNode => ({ type: 'paragraph', children });
  const quote = (...children: BlockNode[]): BlockNode => ({ type: 'quote', children });

  it('groups consecutive ">" lines into one quote, with or without the space after ">"', () => {
    expect(parseMarkdown('> first line\n>second line\n   > third line')).toEqual([
      quote(paragraph(text('first line'), { type: 'br' }, text('second line'), { type: 'br' }, text('third line'))),
    ]);
  });

  it("parses the offline responder's shape: intro, quote, then a paragraph with links", () => {
    const reply =
      'From [Shipping](https://shop.example/shipping):\n\n> Orders ship **within two days**.\n> See https://shop.example/faq.\n\nSee also [Returns](https://shop.example/returns)';
    expect(parseMarkdown(reply)).toEqual([
      paragraph(text('From '), { type: 'link', href: 'https://shop.example/shipping', children: [text('Shipping')] }, text(':')),
      quote(
        paragraph(
          text('Orders ship '),
          { type: 'strong', children: [text('within two days')] },
          text('.'),
          { type: 'br' },
          text('See '),
          { type: 'link', href: 'https://shop.example/faq', children: [text('https://shop.example/faq')] },
          text('.'),
        ),
      ),
      paragraph(text('See also '), { type: 'link', href: 'https://shop.example/returns', children: [text('Returns')] }),
    ]);
  });

  it('splits a quote into paragraphs on an empty ">" line, and ends it at the first line without ">"', () => {
    expect(parseMarkdown('> one\n>\n> two\nafter')).toEqual([quote(paragraph(text('one')), paragraph(text('two'))), paragraph(text('after'))]);
  });

  it('separates two quotes divided by a blank line', () => {
    expect(parseMarkdown('> a\n\n> b')).toEqual([quote(paragraph(text('a'))), quote(paragraph(text('b')))]);
  });

  it('interrupts a paragraph or a list', () => {
    expect(parseMarkdown('intro\n> quoted\n- item\n> again')).toEqual([
      paragraph(text('intro')),
      quote(paragraph(text('quoted'))),
      { type: 'list', ordered: false, start: 1, items: [[text('item')]] },
      quote(paragraph(text('again'))),
    ]);
  });

  it('holds lists and code, whose content stays literal', () => {
    expect(parseMarkdown('> - a\n> - b\n> ```\n> > not a quote\n> ```')).toEqual([
      quote({ type: 'list', ordered: false, start: 1, items: [[text('a')], [text('b')]] }, { type: 'code', text: 'not a quote' }),
    ]);
  });

  it('keeps a ">" inside a line, in code, escaped or indented as code as text', () => {
    expect(parseMarkdown('5 > 3 and a -> b')).toEqual([paragraph(text('5 > 3 and a -> b'))]);
    expect(parseMarkdown('`> not a quote`')).toEqual([paragraph({ type: 'code', text: '> not a quote' })]);
    expect(parseMarkdown('```\n> not a quote\n```')).toEqual([{ type: 'code', text: '> not a quote' }]);
    expect(parseMarkdown('\\> not a quote')).toEqual([paragraph(text('> not a quote'))]);
    expect(parseMarkdown('    > four spaces')).toEqual([paragraph(text('    > four spaces'))]);
  });

  it('flattens nested quotes into one level', () => {
    expect(parseMarkdown('> outer\n>> inner\n> > > deeper')).toEqual([
      quote(paragraph(text('outer'), { type: 'br' }, text('inner'), { type: 'br' }, text('deeper'))),
    ]);
  });

  it('has no HTML inside a quote either, and no link outside the allowlist', () => {
    const blocks = parseMarkdown('> <script>alert(1)</script> [x](javascript:alert(1)) [y](https://ok.example)');
    expect(blocks).toEqual([
      quote(paragraph(text('<script>alert(1)</script> '), text('x'), text(' '), { type: 'link', href: 'https://ok.example/', children: [text('y')] })),
    ]);
    expect(hrefs(blocks)).toEqual(['https://ok.example/']);
  });

  /** The deepest nesting of blocks in a tree: 1 for flat blocks, 2 for a quote of paragraphs. */
  const depthOf = (blocks: BlockNode[]): number => Math.max(0, ...blocks.map((b) => (b.type === 'quote' ? 1 + depthOf(b.children) : 1)));

  it('reads 10,000 ">" on one line as one empty quote', () => {
    expect(parseMarkdown('>'.repeat(10_000))).toEqual([quote()]);
    expect(parseMarkdown(`${'>'.repeat(10_000)} tail`)).toEqual([quote(paragraph(text('tail')))]);
    expect(parseMarkdown('> '.repeat(10_000))).toEqual([quote()]);
  });

  it('keeps hostile quote input flat: 10,000 quoted lines are one quote of one level', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `${'>'.repeat(1 + (i % 50))} line ${i}`);
    const blocks = parseMarkdown(lines.join('\n'));
    expect(blocks).toHaveLength(1);
    expect(depthOf(blocks)).toBe(2);
    const inner = blocks[0]?.type === 'quote' ? blocks[0].children : [];
    expect(inner).toHaveLength(1);
    const children = inner[0]?.type === 'paragraph' ? inner[0].children : [];
    // One text node and one break per line, minus the break after the last.
    expect(children).toHaveLength(2 * 10_000 - 1);
    expect(children[0]).toEqual(text('line 0'));
    expect(children.at(-1)).toEqual(text('line 9999'));
  });

  it('keeps alternating quotes and paragraphs flat', () => {
    const source = Array.from({ length: 5_000 }, (_, i) => `>>> q${i}\np${i}`).join('\n');
    const blocks = parseMarkdown(source);
    expect(blocks).toHaveLength(10_000);
    expect(depthOf(blocks)).toBe(2);
    expect(blocks[0]).toEqual(quote(paragraph(text('q0'))));
    expect(blocks[1]).toEqual(paragraph(text('p0')));
  });
});
