import { describe, expect, it } from 'vitest';
import { chunkSections, MAX_WORDS } from '../../src/modules/knowledge/chunker.js';
import { htmlToSections, htmlToText } from '../../src/modules/knowledge/html-text.js';
import { literalTerms, orQueryText } from '../../src/modules/knowledge/text-search.js';

describe('HTML to text', () => {
  it('decodes entities, drops scripts and styles, splits on headings', () => {
    const sections = htmlToSections(
      '<p>Intro &amp; welcome</p><script>alert("x")</script><style>p{}</style><h2>Sizes &lt;EU&gt;</h2><ul><li>40</li><li>41</li></ul><h3>Care</h3><p>Wash&nbsp;cold.</p>',
    );
    expect(sections).toEqual([
      { heading: null, text: 'Intro & welcome' },
      { heading: 'Sizes <EU>', text: '40\n41' },
      { heading: 'Care', text: 'Wash cold.' },
    ]);
  });

  it('survives broken markup and keeps text that looks like tags as text', () => {
    expect(htmlToText('<div><p>Unclosed <b>bold<p>next')).toBe('Unclosed bold\nnext');
    expect(htmlToText('<p>a &lt;script&gt; b</p>')).toBe('a <script> b');
  });
});

describe('chunking', () => {
  it('keeps each chunk under its heading and within the word limit', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkSections([
      { heading: 'A', text: 'short paragraph' },
      { heading: 'B', text: long },
    ]);
    expect(chunks[0]).toEqual({ heading: 'A', content: 'short paragraph' });
    const underB = chunks.filter((c) => c.heading === 'B');
    expect(underB.length).toBeGreaterThanOrEqual(4);
    for (const chunk of underB) expect(chunk.content.split(' ').length).toBeLessThanOrEqual(MAX_WORDS);
    expect(underB.map((c) => c.content).join(' ')).toBe(long);
  });
});

describe('query terms', () => {
  it('turns a question into an OR of safe terms, keeping SKUs whole', () => {
    expect(orQueryText('Do you have SKU ZX-4411-BLU?')).toBe('do | you | have | sku | zx-4411-blu');
    expect(orQueryText("a & b | !c:* 'd'")).toBe('a | b | c | d');
    expect(orQueryText('¿Dónde está mi pedido?')).toBe('dónde | está | mi | pedido');
    expect(orQueryText('!!! ***')).toBeUndefined();
    expect(literalTerms('do | you | zx-4411-blu | v2.1')).toBe('zx-4411-blu | v2.1');
    expect(literalTerms('do | you')).toBeUndefined();
  });
});
