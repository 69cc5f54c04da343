import { describe, expect, it } from 'vitest';
import { Translator } from '../src/i18n/translator.js';
import { productOnPage, suggestionsFor } from '../src/panel/home.js';
import type { Agent } from '../src/types.js';

const agent = { id: 'a', name: 'Shop helper', suggestions: ['Where is my order?', 'Do you ship abroad?', 'How do returns work?', 'Any discounts?', 'A fifth one'] } as Agent;
const german = new Translator('de', { suggestInSize: 'Gibt es das in {size}?', suggestShipping: 'Wie schnell wird geliefert?', suggestDetails: 'Mehr zu diesem Produkt' });

describe('the home screen suggestions', () => {
  it("offer the agent's questions, four at most, on a page that is no product's", () => {
    expect(suggestionsFor(agent, { url: 'https://shop.example/' }, german)).toEqual(agent.suggestions!.slice(0, 4));
  });

  it("ask about the page's product in the panel's language, in its middle size", () => {
    const page = {
      url: 'https://shop.example/p/jacket',
      json_ld: [{ '@graph': [{ '@type': 'BreadcrumbList' }, { '@type': 'ProductGroup', hasVariant: [{ size: 'S' }, { size: 'M' }, { size: 'L' }, { size: 'XL' }] }] }],
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
});
