import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Translator, type Catalogue } from '../src/i18n/translator.js';
import { productOnPage, suggestionsFor } from '../src/panel/home.js';
import type { Agent } from '../src/types.js';

const agent = {
  id: 'a',
  name: 'Shop helper',
  suggestions: ['Where is my order?', 'Do you ship abroad?', 'How do returns work?', 'Any discounts?', 'A fifth one'],
} as Agent;
const german = new Translator('de', {
  suggestInSize: 'Gibt es das in {size}?',
  suggestShipping: 'Wie schnell wird geliefert?',
  suggestDetails: 'Mehr zu diesem Produkt',
});

describe('the home screen suggestions', () => {
  it("offer the agent's questions, four at most, on a page that is no product's", () => {
    expect(suggestionsFor(agent, { url: 'https://shop.example/' }, german)).toEqual(agent.suggestions!.slice(0, 4));
  });

  it("ask about the page's product in the panel's language, in its middle size", () => {
    const page = {
      url: 'https://shop.example/p/jacket',
      json_ld: [
        { '@graph': [{ '@type': 'BreadcrumbList' }, { '@type': 'ProductGroup', hasVariant: [{ size: 'S' }, { size: 'M' }, { size: 'L' }, { size: 'XL' }] }] },
      ],
    };
    expect(productOnPage(page)).toEqual({ sizes: ['S', 'M', 'L', 'XL'] });
    expect(suggestionsFor(agent, page, german)).toEqual(['Gibt es das in M?', 'Wie schnell wird geliefert?', 'Mehr zu diesem Produkt']);
  });

  it('know a product page by og:type too, and ask about stock when it names no sizes', () => {
    const page = { url: 'https://shop.example/p/mug', og: { type: 'product' } };
    expect(productOnPage(page)).toEqual({ sizes: [] });
    expect(suggestionsFor(agent, page, new Translator('en'))[0]).toBe('Is this in stock?');
    expect(productOnPage({ url: 'https://shop.example/', json_ld: [{ '@type': 'Organization' }, 'not an object', null] as unknown[] })).toBeNull();
  });

  describe("without the agent's own questions, off a product page", () => {
    const catalogues = new URL('../src/i18n/catalogues/', import.meta.url);
    const translatorFor = (tag: string) => new Translator(tag, JSON.parse(readFileSync(new URL(`${tag}.json`, catalogues), 'utf8')) as Catalogue);
    const home = { url: 'https://trail.example/' };
    const siteTypes = ['ecommerce', 'saas', 'documentation', 'help_center', 'marketing', 'internal_kb', 'generic'] as const;

    it("offer questions for the agent's kind of site in the visitor's language", () => {
      const saas = { id: 'a', name: 'Trail', site_type: 'saas', suggestions: [] } as unknown as Agent;
      expect(suggestionsFor(saas, home, translatorFor('ja'))).toEqual([
        'どんなプランがあり、料金はいくらですか？',
        '無料トライアルはありますか？',
        '何から始めればいいですか？',
      ]);
      const shop = { ...saas, site_type: 'ecommerce' } as Agent;
      expect(suggestionsFor(shop, home, translatorFor('ar'))).toEqual(['كم يستغرق التوصيل؟', 'ما هي سياسة الإرجاع لديكم؟', 'هل لديكم كود خصم؟']);
      // The owner's questions, when there are some, are the ones offered.
      expect(suggestionsFor({ ...shop, suggestions: ['Wo ist meine Bestellung?'] } as Agent, home, translatorFor('de'))).toEqual(['Wo ist meine Bestellung?']);
    });

    it('have three different questions for every kind of site in every catalogue', () => {
      const tags = readdirSync(catalogues)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length));
      expect(tags).toHaveLength(42);
      for (const tag of tags) {
        const t = translatorFor(tag);
        for (const siteType of siteTypes) {
          const questions = suggestionsFor({ id: 'a', name: 'Trail', site_type: siteType } as unknown as Agent, home, t);
          expect(new Set(questions).size, `${tag} ${siteType}`).toBe(3);
          if (tag !== 'en') expect(questions, `${tag} ${siteType}: its own words`).not.toContain(translatorFor('en').text('askContact'));
        }
      }
    });
  });
});
