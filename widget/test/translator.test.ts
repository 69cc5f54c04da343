import { describe, expect, it } from 'vitest';
import { catalogueTag, formatPrice, pickCatalogue, Translator } from '../src/i18n/translator.js';

const AVAILABLE = ['ar', 'de', 'en', 'fr', 'nb', 'pt', 'pt-PT', 'zh-Hans', 'zh-Hant'];

describe('choosing a catalogue', () => {
  it.each([
    ['en-GB', 'en'],
    ['fr-CA', 'fr'],
    ['de_AT', 'de'],
    ['nn', 'nb'],
    ['no-NO', 'nb'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt-PT'],
    ['AR-eg', 'ar'],
  ])('%s reads the %s catalogue', (locale, tag) => {
    expect(catalogueTag(locale, AVAILABLE)).toBe(tag);
  });

  it('falls back to the next locale, then to English', () => {
    expect(pickCatalogue(['xx-YY', 'de-CH'], AVAILABLE)).toBe('de');
    expect(pickCatalogue(['tlh', undefined], AVAILABLE)).toBe('en');
  });
});

describe('Translator', () => {
  const german = new Translator('de', {
    couponApplied: 'Gutschein {code} wurde hinzugefügt.',
    unread: { one: '{count} ungelesene Nachricht', other: '{count} ungelesene Nachrichten' },
  });

  it('fills placeholders, and takes English for a key its catalogue lacks', () => {
    expect(german.text('couponApplied', { code: 'WELCOME10' })).toBe('Gutschein WELCOME10 wurde hinzugefügt.');
    expect(german.text('send')).toBe('Send');
  });

  it('chooses plural forms by the language rules and writes the count its way', () => {
    expect(german.count('unread', 1)).toBe('1 ungelesene Nachricht');
    expect(german.count('unread', 1200)).toBe('1.200 ungelesene Nachrichten');
    const arabic = new Translator('ar', {
      unread: { zero: 'لا رسائل', one: 'رسالة واحدة', two: 'رسالتان', few: '{count} رسائل', many: '{count} رسالة', other: '{count} رسالة' },
    });
    expect(arabic.count('unread', 2)).toBe('رسالتان');
    expect(arabic.count('unread', 3)).toBe(`${new Intl.NumberFormat('ar').format(3)} رسائل`);
    expect(arabic.count('unread', 11)).toBe(`${new Intl.NumberFormat('ar').format(11)} رسالة`);
  });

  it('says how long ago in the language, "just now" under a minute', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(german.ago(new Date('2026-01-10T11:59:30Z'), now)).toBe('Just now');
    expect(german.ago(new Date('2026-01-10T11:55:00Z'), now)).toBe('vor 5 Minuten');
    expect(german.ago(new Date('2026-01-09T12:00:00Z'), now)).toBe('gestern');
    expect(new Translator('ja').ago(new Date('2026-01-10T10:00:00Z'), now)).toBe('2 時間前');
  });
});

describe('formatPrice', () => {
  it("writes the shop's price in the page's locale and the synced currency", () => {
    expect(formatPrice('189.00', 'USD', 'en-US')).toBe('$189.00');
    expect(formatPrice('189.00', 'EUR', 'de-DE')).toBe('189,00\u00a0€');
    expect(formatPrice('1890', 'JPY', 'ja-JP')).toBe('￥1,890');
  });

  it('leaves what is not a price as the shop sent it', () => {
    expect(formatPrice('on request', 'EUR', 'de')).toBe('on request EUR');
    expect(formatPrice('10.00', 'NOTACURRENCY', 'de')).toBe('10.00 NOTACURRENCY');
  });
});
