import { describe, expect } from 'vitest';
import { primaryLanguage } from '../../src/modules/assistant/locales.js';
import { phrase } from '../../src/modules/assistant/phrases.js';
import { linkTargets, openWidget, outdoorStoreTest } from './helpers/outdoor-store.js';

/**
 * Small talk in the 20 most used languages the assistant speaks: a greeting, a thanks and a "who
 * are you", as a visitor on a page in that language types them, asked through the widget API of
 * a synced store and answered by the offline responder. Each gets a short answer in that
 * language, saying what the assistant can help with where it introduces itself, with no sources,
 * links, buttons or tool calls.
 */

type Kind = 'greeting' | 'thanks' | 'who_are_you';

const MESSAGES: Record<string, Record<Kind, string>> = {
  en: { greeting: 'Hello!', thanks: 'Thanks a lot!', who_are_you: 'Who are you?' },
  de: { greeting: 'Guten Tag!', thanks: 'Vielen Dank!', who_are_you: 'Wer bist du?' },
  fr: { greeting: 'Bonjour !', thanks: 'Merci beaucoup !', who_are_you: 'Qui êtes-vous ?' },
  es: { greeting: '¡Hola!', thanks: '¡Muchas gracias!', who_are_you: '¿Quién eres?' },
  it: { greeting: 'Ciao!', thanks: 'Grazie mille!', who_are_you: 'Chi sei?' },
  pt: { greeting: 'Olá!', thanks: 'Muito obrigado!', who_are_you: 'Quem é você?' },
  nl: { greeting: 'Hallo!', thanks: 'Dank je wel!', who_are_you: 'Wie ben jij?' },
  ar: { greeting: 'مرحبا', thanks: 'شكرا جزيلا', who_are_you: 'من أنت؟' },
  ru: { greeting: 'Здравствуйте!', thanks: 'Спасибо большое!', who_are_you: 'Кто ты?' },
  pl: { greeting: 'Dzień dobry!', thanks: 'Dziękuję bardzo!', who_are_you: 'Kim jesteś?' },
  tr: { greeting: 'Merhaba!', thanks: 'Çok teşekkürler!', who_are_you: 'Sen kimsin?' },
  id: { greeting: 'Halo!', thanks: 'Terima kasih banyak!', who_are_you: 'Kamu siapa?' },
  fa: { greeting: 'سلام', thanks: 'خیلی ممنون', who_are_you: 'تو کی هستی؟' },
  hi: { greeting: 'नमस्ते', thanks: 'बहुत धन्यवाद', who_are_you: 'आप कौन हैं?' },
  ur: { greeting: 'السلام علیکم', thanks: 'بہت شکریہ', who_are_you: 'آپ کون ہیں؟' },
  bn: { greeting: 'নমস্কার', thanks: 'অনেক ধন্যবাদ', who_are_you: 'তুমি কে?' },
  vi: { greeting: 'Xin chào!', thanks: 'Cảm ơn nhiều!', who_are_you: 'Bạn là ai?' },
  ja: { greeting: 'こんにちは', thanks: 'ありがとうございます', who_are_you: 'あなたは誰ですか？' },
  ko: { greeting: '안녕하세요', thanks: '감사합니다', who_are_you: '누구세요?' },
  zh: { greeting: '你好', thanks: '谢谢', who_are_you: '你是谁？' },
};

const CASES = Object.entries(MESSAGES).flatMap(([language, messages]) =>
  (Object.entries(messages) as [Kind, string][]).map(([kind, message]) => ({ language, kind, message })),
);

const it = outdoorStoreTest(120_000);

describe('small talk in the 20 most used languages', () => {
  it('covers 20 languages, three kinds each', () => {
    expect(Object.keys(MESSAGES)).toHaveLength(20);
    expect(CASES).toHaveLength(60);
  });

  it.for(CASES)('$language $kind ($message): a short answer in $language, no sources', async ({ language, kind, message }, { service, shop }) => {
    const answer = await (await openWidget(service, shop.agentId, { locale: language })).ask(message);
    // zh is answered as zh-Hans, its usual script.
    expect(primaryLanguage(answer.language)).toBe(language);
    // The sentence for what was said, in the visitor's language, and what the assistant can help with when it introduces itself.
    expect(answer.content).toContain(
      kind === 'who_are_you' ? phrase(language, 'who_are_you', { name: 'Northwind Outfitters assistant' }) : phrase(language, kind),
    );
    if (kind !== 'thanks') expect(answer.content).toContain(phrase(language, 'capabilities_shop'));
    if (language !== 'en') expect(answer.content).not.toContain(phrase('en', 'capabilities_shop'));
    expect(answer.content.length).toBeLessThan(300);
    expect(answer.sources).toEqual([]);
    expect(linkTargets(answer.content)).toEqual([]);
    expect(answer.blocks).toEqual([]);
    expect(answer.toolCalls).toEqual([]);
  });
});
