import { describe, expect, it } from 'vitest';
import { html, safeHref } from '../../src/modules/dashboard/html.js';

describe('the html tagged template', () => {
  it('escapes every interpolated string', () => {
    const value = `<script>alert('x')</script> & "quoted" \`tick\``;
    expect(html`<p title="${value}">${value}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot; &#96;tick&#96;">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot; &#96;tick&#96;</p>',
    );
  });

  it('nests templates without escaping them twice, and renders arrays, numbers and nothing', () => {
    const items = ['<a>', 'b&c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${0}${null}${undefined}${false}`.value).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>0');
  });
});

describe('safeHref', () => {
  it.each([
    ['https://shop.example/a?b=1', 'https://shop.example/a?b=1'],
    ['http://shop.example', 'http://shop.example/'],
    ['/app/leads', '/app/leads'],
    ['javascript:alert(1)', '#'],
    ['JaVaScRiPt:alert(1)', '#'],
    ['data:text/html,<script>', '#'],
    ['//evil.example', '#'],
    ['not a url', '#'],
    [null, '#'],
  ])('%j → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
