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
  for (const block of blocks) {
    if (block.type === 'paragraph' || block.type === 'heading') walk(block.children);
    if (block.type === 'list') block.items.forEach(walk);
  }
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
    expect(parseInline('*a **b** c*')).toEqual([
      { type: 'em', children: [text('a '), { type: 'strong', children: [text('b')] }, text(' c')] },
    ]);
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
    expect(parseInline('[mail](<mailto:help@shop.example>)')).toEqual([
      { type: 'link', href: 'mailto:help@shop.example', children: [text('mail')] },
    ]);
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
    expect(blocks).toEqual([
      { type: 'paragraph', children: [text('<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:x">y</a>')] },
    ]);
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
