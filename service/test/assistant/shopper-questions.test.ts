import { describe, expect } from 'vitest';
import type { SeededWorkspace, TestApp } from '../helpers/app.js';
import { linkTargets, openWidget, outdoorStoreTest, pageTitled, pageUrl, PRODUCTS, productAt, productNamed, productUrl } from './helpers/outdoor-store.js';

/**
 * Questions as shoppers type them, asked through the real widget API of a store synced through
 * the real integration API and answered by the offline responder: the cheapest or dearest thing,
 * a budget, a product named after an article that is also a pronoun, a country the shipping page
 * covers only as part of its region.
 */

const it = outdoorStoreTest();

const visitor = (service: TestApp, shop: SeededWorkspace, locale = 'en') => openWidget(service, shop.agentId, { locale });
const byPrice = [...PRODUCTS].sort((a, b) => Number(a.price) - Number(b.price));
const listedProducts = (content: string) => linkTargets(content).map((url) => productAt(url)?.name);

describe('the cheapest and the most expensive', () => {
  it.for([
    ['en', "What's the cheapest thing you sell?"],
    ['de', 'Was ist euer günstigstes Produkt?'],
    ['fr', 'Quel est votre article le moins cher ?'],
  ] as const)('%s: "%s" lists the catalog from its lowest price', async ([locale, question], { service, shop }) => {
    const answer = await (await visitor(service, shop, locale)).ask(question);
    const listed = listedProducts(answer.content);
    expect(listed[0], answer.content).toBe(byPrice[0]!.name);
    expect(listed, answer.content).toEqual(byPrice.slice(0, listed.length).map((p) => p.name));
  });

  it('"which is your most expensive item?" lists the dearest first', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask('which is your most expensive item?');
    expect(listedProducts(answer.content)[0], answer.content).toBe(byPrice.at(-1)!.name);
  });

  it('"what\'s your cheapest jacket?" lists jackets only, cheapest first, even after talking about another product', async ({ service, shop }) => {
    const shopper = await visitor(service, shop);
    await shopper.ask('How much is the Harbor Wool Beanie?');
    const answer = await shopper.ask("what's your cheapest jacket?");
    const jackets = byPrice.filter((p) => /jacket/i.test(p.name) || /jacket/i.test(p.category));
    const listed = listedProducts(answer.content);
    expect(listed.length, answer.content).toBeGreaterThan(0);
    expect(listed, answer.content).toEqual(jackets.slice(0, listed.length).map((p) => p.name));
    expect(answer.content).not.toContain('Harbor Wool Beanie');
  });
});

describe('a budget is a price bound', () => {
  it.for([
    ['en', 'I need a gift for my dad who likes hiking, budget 30 dollars'],
    ['es', 'Busco un regalo, mi presupuesto es de 30 dólares'],
  ] as const)('%s: "%s" lists only products at or under 30', async ([locale, question], { service, shop }) => {
    const answer = await (await visitor(service, shop, locale)).ask(question);
    const listed = linkTargets(answer.content).map((url) => productAt(url));
    expect(listed.length, answer.content).toBeGreaterThan(0);
    for (const product of listed) expect(Number(product?.price), answer.content).toBeLessThanOrEqual(30);
  });
});

describe('a product named after an article that can also point back ("la", "lo")', () => {
  it('"Quanto costa la giacca Ridgeline?" answers the Ridgeline\'s price in Italian', async ({ service, shop }) => {
    const ridgeline = productNamed('Ridgeline Waterproof Jacket');
    const answer = await (await visitor(service, shop, 'it')).ask('Quanto costa la giacca Ridgeline?');
    expect(answer.content).toMatch(new RegExp(`\\b${Math.trunc(Number(ridgeline.price))}([.,]00)?\\b`));
    expect(answer.sources.map((s) => s.url)).toEqual([productUrl(ridgeline)]);
  });
});

describe('a country the shipping page covers as part of its region', () => {
  it.for([
    ['en', 'Do you ship to Germany?'],
    ['de', 'Liefert ihr auch nach Österreich?'],
  ] as const)('%s: "%s" quotes the sentence about the European Union from the Shipping page', async ([locale, question], { service, shop }) => {
    const answer = await (await visitor(service, shop, locale)).ask(question);
    expect(answer.content).toContain('European Union');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Shipping'))]);
  });

  it('a question the pages do not answer ("Can I pay with Bitcoin?") is still not answered', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask('Can I pay with Bitcoin?');
    expect(answer.sources).toEqual([]);
  });
});

describe('a product named by the word that says what it is ("the headlamp")', () => {
  it('"how long does the headlamp battery last" quotes the Lumen 400 Headlamp\'s hours, not another product\'s "long days"', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask('how long does the headlamp battery last');
    expect(answer.content).toContain('40 hours');
    expect(answer.sources.map((s) => s.url)).toEqual([productUrl(productNamed('Lumen 400 Headlamp'))]);
  });
});

describe("a product's own name outweighs ordinary words of another's", () => {
  it('"how much is the Lumen? I would wear it over a wool beanie" is about the Lumen 400 Headlamp, not the Harbor Wool Beanie', async ({ service, shop }) => {
    const lumen = productNamed('Lumen 400 Headlamp');
    const answer = await (await visitor(service, shop)).ask('how much is the Lumen? I would wear it over a wool beanie');
    expect(answer.content).toMatch(new RegExp(`\\b${Math.trunc(Number(lumen.price))}([.,]00)?\\b`));
    expect(answer.sources[0]?.url, answer.content).toBe(productUrl(lumen));
  });
});

describe('a colour the product may not come in', () => {
  it.for([
    ['en', 'does the beanie come in yellow', 'Mustard'],
    ['en', 'is the Basecamp 2 tent available in green?', 'Olive'],
    ['de', 'Gibt es die Harbor Wool Beanie auch in Rot?', 'Heather grey'],
  ] as const)('%s: "%s" answers with the colours it comes in', async ([locale, question, colour], { service, shop }) => {
    const answer = await (await visitor(service, shop, locale)).ask(question);
    expect(answer.content).toContain(colour);
  });

  it('a colour word of a product without colours adds nothing ("does the headlamp come in red?")', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask('does the Lumen 400 headlamp come in red?');
    expect(answer.content).not.toMatch(/Colour:/);
  });
});

describe('a price question typed in a hurry', () => {
  it.for(['hw much for the lumen headlamp', 'how mch is the lumen headlamp'])('"%s" answers the price', async (question, { service, shop }) => {
    const lumen = productNamed('Lumen 400 Headlamp');
    const answer = await (await visitor(service, shop)).ask(question);
    expect(answer.content).toMatch(new RegExp(`\\b${Math.trunc(Number(lumen.price))}([.,]00)?\\b`));
  });
});

describe('a question about how the shop works is not a catalog search', () => {
  it('"how much is postage?" quotes the Shipping page, with no product listed', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask('how much is postage?');
    expect(answer.content).toMatch(/\$6\.95|\$14\.95/);
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Shipping'))]);
    expect(listedProducts(answer.content).filter(Boolean)).toEqual([]);
  });

  it.for(['do you have a shop in Denver I can visit?', 'will you price match if it is cheaper on Amazon?', 'how much is gift wrapping for the beanie?'])(
    '"%s", which no page answers, lists no products and quotes nothing',
    async (question, { service, shop }) => {
      const answer = await (await visitor(service, shop)).ask(question);
      expect(listedProducts(answer.content).filter(Boolean), answer.content).toEqual([]);
      expect(
        answer.sources.filter((s) => s.url !== productUrl(productNamed('Harbor Wool Beanie'))),
        answer.content,
      ).toEqual([]);
    },
  );

  it('"what is the minimum spend for free postage?" quotes the amount from which shipping is free', async ({ service, shop }) => {
    const answer = await (await visitor(service, shop)).ask("what's the minimum spend for free postage?");
    expect(answer.content).toContain('free on orders over $75');
  });
});
