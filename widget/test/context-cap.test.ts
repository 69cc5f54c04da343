import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAP_BYTES, capHeadings, capJsonLd, capPageContext, capUtf8, utf8Length } from '../src/context-cap.js';

/** Text of 1-, 2-, 3- and 4-byte characters, and a lone surrogate (encoded as U+FFFD, 3 bytes). */
const mixedWidthText = fc.array(fc.constantFrom('a', 'é', '世', '👋', '\ud800'), { maxLength: 200 }).map((chars) => chars.join(''));

describe('capUtf8', () => {
  it('returns short text unchanged', () => {
    expect(capUtf8('hello', 8)).toBe('hello');
  });

  it('cuts before a multi-byte character that would not fit whole', () => {
    expect(capUtf8('aé', 2)).toBe('a'); // é takes 2 bytes
    expect(capUtf8('ab世', 4)).toBe('ab'); // 世 takes 3 bytes
    expect(capUtf8('a👋b', 4)).toBe('a'); // 👋 takes 4 bytes (a surrogate pair)
    expect(capUtf8('a👋b', 5)).toBe('a👋');
  });

  it('always yields a prefix that fits, never splits a surrogate pair, and is the longest such prefix', () => {
    fc.assert(
      fc.property(mixedWidthText, fc.nat(400), (input, max) => {
        const cut = capUtf8(input, max);
        expect(input.startsWith(cut)).toBe(true);
        expect(utf8Length(cut)).toBeLessThanOrEqual(max);
        const last = cut.charCodeAt(cut.length - 1);
        const pairSplit = last >= 0xd800 && last <= 0xdbff && /[\udc00-\udfff]/.test(input[cut.length] ?? '');
        expect(pairSplit).toBe(false);
        if (cut.length < input.length) {
          const nextCharLength = (input.codePointAt(cut.length) ?? 0) > 0xffff ? 2 : 1;
          expect(utf8Length(input.slice(0, cut.length + nextCharLength))).toBeGreaterThan(max);
        }
      }),
    );
  });

  it('caps at 8 KB by default', () => {
    expect(utf8Length(capUtf8('ü'.repeat(10_000)))).toBe(CAP_BYTES);
  });
});

describe('capHeadings', () => {
  it('keeps headings while the newline-joined text fits and cuts the last', () => {
    expect(capHeadings(['abc', 'def', 'ghi'], 9)).toEqual(['abc', 'def', 'g']);
    expect(capHeadings(['abc', 'def'], 7)).toEqual(['abc', 'def']);
  });

  it('never exceeds the cap once joined', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 50 }), { maxLength: 30 }), fc.nat(300), (headings, max) => {
        expect(utf8Length(capHeadings(headings, max).join('\n'))).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('capJsonLd', () => {
  it('keeps objects while the serialized array fits and skips one too big on its own', () => {
    const small = { '@type': 'Product', name: 'Shoe' };
    const big = { '@type': 'Thing', text: 'x'.repeat(100) };
    const kept = capJsonLd([small, big, small], 2 * JSON.stringify(small).length + 3);
    expect(kept).toEqual([small, small]);
    expect(utf8Length(JSON.stringify(kept))).toBeLessThanOrEqual(2 * JSON.stringify(small).length + 3);
  });
});

describe('capPageContext', () => {
  it('caps each part, trims, and drops empty fields', () => {
    const context = capPageContext({
      url: 'https://shop.example/p',
      title: '  Shoes  ',
      description: '   ',
      og: { title: 'OG', image: '' },
      headings: ['', ' H1 '],
      json_ld: [],
      body_text: 'é'.repeat(5000),
    });
    expect(context).toEqual({
      url: 'https://shop.example/p',
      title: 'Shoes',
      og: { title: 'OG' },
      headings: ['H1'],
      body_text: 'é'.repeat(4096),
    });
  });
});
