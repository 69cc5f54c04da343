import { describe, expect, it } from 'vitest';
import { confidentLocale, detectLocale, resolveReplyLanguage, writtenInAnotherScript } from '../../src/modules/assistant/language.js';
import { LOCALES, matchLocale } from '../../src/modules/assistant/locales.js';

describe('reply locales', () => {
  it('are exactly 132 unique canonical BCP-47 tags with both names', () => {
    expect(LOCALES).toHaveLength(132);
    const tags = LOCALES.map((locale) => locale.tag);
    expect(new Set(tags).size).toBe(132);
    for (const locale of LOCALES) {
      expect(Intl.getCanonicalLocales(locale.tag)).toEqual([locale.tag]);
      expect(locale.englishName.trim()).not.toBe('');
      expect(locale.nativeName.trim()).not.toBe('');
    }
  });

  it('flag right-to-left scripts, and only those', () => {
    const rtl = LOCALES.filter((locale) => locale.direction === 'rtl')
      .map((locale) => locale.tag)
      .sort();
    expect(rtl).toEqual(['ar', 'ckb', 'dv', 'fa', 'he', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);
    // Where the platform knows a script's direction it agrees with the table (ICU has no data for
    // Divehi's Thaana script and answers ltr).
    for (const locale of LOCALES) {
      const info = new Intl.Locale(locale.tag) as Intl.Locale & { textInfo?: { direction: string }; getTextInfo?: () => { direction: string } };
      const platform = info.getTextInfo?.().direction ?? info.textInfo?.direction;
      if (platform && locale.tag !== 'dv') expect([locale.tag, locale.direction]).toEqual([locale.tag, platform]);
    }
  });

  it.each([
    ['de-AT', 'de'],
    ['zh-TW', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['es-MX', 'es-419'],
    ['es-ES', 'es'],
    ['en_US', 'en'],
    ['en-GB', 'en-GB'],
    ['pt-BR', 'pt'],
    ['pt-PT', 'pt-PT'],
    ['sr-Latn-RS', 'sr-Latn'],
    ['iw', 'he'],
    ['no', 'nb'],
    ['AR-eg', 'ar'],
  ])('match %s to %s', (input, tag) => {
    expect(matchLocale(input)?.tag).toBe(tag);
  });

  it.each(['', 'xx', 'klingon-nonsense', '!!'])('do not match %j', (input) => {
    expect(matchLocale(input)).toBeUndefined();
  });
});

describe('reply language', () => {
  const samples: [string, string][] = [
    ['en', 'Where is my order? It was supposed to arrive yesterday.'],
    ['de', 'Wo ist meine Bestellung? Sie sollte gestern ankommen.'],
    ['fr', 'Où est ma commande ? Elle devait arriver hier.'],
    ['es', '¿Dónde está mi pedido? Debía llegar ayer.'],
    ['ar', 'أين طلبي؟ كان من المفترض أن يصل أمس.'],
    ['it', 'Dov’è il mio ordine? Doveva arrivare ieri.'],
    ['nl', 'Waar is mijn bestelling? Die zou gisteren aankomen.'],
    ['pl', 'Gdzie jest moje zamówienie? Miało dotrzeć wczoraj.'],
    ['ja', '注文はどこですか？昨日届くはずでした。'],
    ['he', 'איפה ההזמנה שלי? היא הייתה אמורה להגיע אתמול.'],
    ['ru', 'Где мой заказ? Он должен был прийти вчера.'],
    ['tr', 'Siparişim nerede? Dün gelmesi gerekiyordu.'],
  ];

  it.each(samples)('detects %s from the message', (tag, message) => {
    expect(detectLocale(message)?.tag).toBe(tag);
  });

  // Latin-script messages of a language without function-word lists are detected only when the
  // detector is certain: this Turkish sentence is not, and falls through to the locale.
  const confident = samples.filter(([tag]) => tag !== 'tr');

  it.each(confident)('replies in %s when the message says it clearly', (tag, message) => {
    expect(confidentLocale(message)?.tag).toBe(tag);
    expect(resolveReplyLanguage({ message, agentDefault: 'en' })).toMatchObject({ tag, source: 'detected' });
  });

  // A product's name in the shop's language, and a question typed without accents, once read as the name's language.
  it.each([
    ['es', 'cuanto pesa la olla Hearthstone dutch oven?'],
    ['es', '¿Cuántas horas dura la batería de la Hüttenschein Campinglaterne?'],
    ['en', 'How many hours does the Lichtkegel 500 Stirnlampe last?'],
    ['de', 'Ist die Ridgeline Waterproof Jacket auch in Blau da?'],
    // "de" and "en" are Spanish (and French, Portuguese…) as much as Dutch.
    ['es', 'cuantos litros de agua caben en la fuente Clearflow?'],
    ['fr', 'combien de temps dure la batterie en mode eco ?'],
    ['nl', 'hoeveel kost de tent en is hij waterdicht?'],
    // A contraction is English ("what's" had counted for nothing, and the French page's locale answered).
    ['en', "what's in it exactly?"],
    ['it', 'fate anche profumi? cerco un eau de parfum alla lavanda'],
    // "se" and "mi" are Italian as much as Spanish, and an elided article ("l'olio") is a word of its own.
    ['it', "se apro l'olio e non mi piace posso renderlo?"],
    ['fr', "l'huile d'olive est-elle bio ?"],
  ])('replies in %s to a question around a product name in another language: %j', (tag, message) => {
    expect(confidentLocale(message)?.tag).toBe(tag);
  });

  it('falls through to the visitor locale, then the agent default, when the message does not say its language clearly', () => {
    const turkish = 'Siparişim nerede? Dün gelmesi gerekiyordu.';
    expect(confidentLocale(turkish)).toBeUndefined();
    expect(resolveReplyLanguage({ visitorLocale: 'tr-TR', message: turkish, agentDefault: 'en' })).toMatchObject({ tag: 'tr', source: 'visitor_locale' });
    expect(resolveReplyLanguage({ message: turkish, agentDefault: 'tr' })).toMatchObject({ tag: 'tr', source: 'agent_default' });
  });

  it('follows the order override, confidently detected message language, visitor locale, agent default', () => {
    const message = 'Wo ist meine Bestellung? Sie sollte gestern ankommen.';
    expect(resolveReplyLanguage({ override: 'fr', visitorLocale: 'es-ES', message, agentDefault: 'it' })).toMatchObject({ tag: 'fr', source: 'override' });
    // The message is German, the visitor's locale Spanish: German, noted as another language.
    expect(resolveReplyLanguage({ visitorLocale: 'es-ES', message, agentDefault: 'it' })).toMatchObject({ tag: 'de', source: 'other_language' });
    expect(resolveReplyLanguage({ visitorLocale: 'de-AT', message, agentDefault: 'it' })).toMatchObject({ tag: 'de', source: 'detected' });
    expect(resolveReplyLanguage({ visitorLocale: 'xx', message, agentDefault: 'it' })).toMatchObject({ tag: 'de', source: 'detected' });
    // Nothing in the message tells its language: the visitor's locale, else the agent's default.
    expect(resolveReplyLanguage({ visitorLocale: 'es-ES', message: 'ok 1042', agentDefault: 'it' })).toMatchObject({ tag: 'es', source: 'visitor_locale' });
    expect(resolveReplyLanguage({ message: 'ok 1042', agentDefault: 'it' })).toMatchObject({ tag: 'it', source: 'agent_default' });
    expect(resolveReplyLanguage({ message: 'ok', agentDefault: 'not-a-locale' })).toMatchObject({ tag: 'en', source: 'agent_default' });
  });

  it('answers a message in another language than the visitor locale in the language it is written in', () => {
    const onEnglishPage = (message: string) => resolveReplyLanguage({ visitorLocale: 'en-US', message, agentDefault: 'en' });
    expect(onEnglishPage('أين طلبي؟ كان من المفترض أن يصل أمس.')).toMatchObject({ tag: 'ar', direction: 'rtl', source: 'other_language' });
    expect(onEnglishPage('Где мой заказ? Он должен был прийти вчера.')).toMatchObject({ tag: 'ru', source: 'other_language' });
    expect(onEnglishPage('注文はどこですか？昨日届くはずでした。')).toMatchObject({ tag: 'ja', source: 'other_language' });
    // Same script, another language: the message's language, when it is clear.
    expect(onEnglishPage('Wo ist meine Bestellung? Sie sollte gestern ankommen.')).toMatchObject({ tag: 'de', source: 'other_language' });
    // A short English question is not taken for French (a detector reads this one as French).
    expect(onEnglishPage('Do you sell garden hoses?')).toMatchObject({ tag: 'en', source: 'detected' });
    // Its only function word is also French ("il"): the detector's certain verdict breaks the tie.
    expect(onEnglishPage("Il caricatore VoltDock 20W carica velocemente l'iPhone?")).toMatchObject({ tag: 'it', source: 'other_language' });
    expect(resolveReplyLanguage({ visitorLocale: 'de', message: 'Do you sell garden hoses?', agentDefault: 'en' })).toMatchObject({
      tag: 'en',
      source: 'other_language',
    });

    const onArabicPage = (message: string) => resolveReplyLanguage({ visitorLocale: 'ar', message, agentDefault: 'en' });
    // Product names are Latin in every language: an Arabic question naming one stays Arabic.
    expect(onArabicPage('هل لديكم Ridgeline Waterproof Jacket بمقاس كبير؟')).toMatchObject({ tag: 'ar', source: 'detected' });
    expect(onArabicPage('Where is my order? It was supposed to arrive yesterday.')).toMatchObject({ tag: 'en', direction: 'ltr', source: 'other_language' });
    // Too short to tell: "thanks" after an Arabic reply (the widget sends that reply's language) stays Arabic.
    expect(onArabicPage('thanks')).toMatchObject({ tag: 'ar', source: 'visitor_locale' });
    expect(onArabicPage('ok')).toMatchObject({ tag: 'ar', source: 'visitor_locale' });
    // Small talk is answered in the language it is written in, however short.
    expect(onEnglishPage('شكرا')).toMatchObject({ tag: 'ar', direction: 'rtl' });
  });

  it('does not flip an English message to another language for a place name in another script', () => {
    const onEnglishPage = (message: string) => resolveReplyLanguage({ visitorLocale: 'en-US', message, agentDefault: 'en' });
    expect(onEnglishPage('Do you also ship orders to Москва?')).toMatchObject({ tag: 'en' });
    expect(resolveReplyLanguage({ message: 'Do you also ship orders to Москва?', agentDefault: 'en' })).toMatchObject({ tag: 'en' });
  });

  it('knows the script of every reply locale', () => {
    // Each locale's native name is in its own script, and Tifinagh is the script of none of them
    // (a locale whose script were unknown would never count a message as another script).
    const misread = LOCALES.filter((locale) => writtenInAnotherScript(locale.nativeName, locale) || !writtenInAnotherScript('ⴰⵣⵓⵍ ⴼⵍⵍⴰⴽ', locale));
    expect(misread.map((locale) => locale.tag)).toEqual([]);
  });

  it('carries the direction of the chosen locale', () => {
    expect(resolveReplyLanguage({ visitorLocale: 'fa-IR', message: 'hi', agentDefault: 'en' })).toMatchObject({ tag: 'fa', direction: 'rtl' });
    expect(resolveReplyLanguage({ message: 'أين طلبي؟ كان من المفترض أن يصل أمس.', agentDefault: 'en' }).direction).toBe('rtl');
    expect(resolveReplyLanguage({ override: 'ur', message: 'hi', agentDefault: 'en' }).direction).toBe('rtl');
    expect(resolveReplyLanguage({ override: 'de', message: 'hi', agentDefault: 'ar' }).direction).toBe('ltr');
  });
});
