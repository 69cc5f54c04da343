import { describe, expect, it } from 'vitest';
import { directionOf, parseHexColor, textColorOn } from '../src/theme.js';

describe('theme', () => {
  it('accepts only hex colours, normalized to #rrggbb', () => {
    expect(parseHexColor('#0A7')).toBe('#00aa77');
    expect(parseHexColor(' #112233 ')).toBe('#112233');
    for (const bad of ['red', '#12345', 'url(x)', '#fff;background:url(x)', 42, null]) expect(parseHexColor(bad)).toBeNull();
  });

  it('picks the readable text colour for the accent', () => {
    expect(textColorOn('#ffffff')).toBe('#111111');
    expect(textColorOn('#ffeb3b')).toBe('#111111');
    expect(textColorOn('#1e3a8a')).toBe('#ffffff');
    expect(textColorOn('#000000')).toBe('#ffffff');
  });

  it('knows right-to-left locales', () => {
    for (const locale of ['ar', 'ar-EG', 'he', 'fa_IR', 'ur', 'yi']) expect(directionOf(locale)).toBe('rtl');
    for (const locale of ['en', 'de-CH', 'ja', 'arn']) expect(directionOf(locale)).toBe('ltr');
  });
});
