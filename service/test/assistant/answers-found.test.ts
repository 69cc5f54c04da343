import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { openWidget, pageTitled, pageUrl, productNamed, productUrl, quotedLines, syncStore } from './helpers/outdoor-store.js';

/**
 * Questions a shopper asks every day that the offline responder got wrong while the issue's
 * defects were being tested (answers.test.ts), on the same synced store through the widget API.
 * They are not among the listed defects; several answered right before it (d7b4d1d), as
 * noted on each.
 */

let t: TestApp;
let shop: SeededWorkspace;

beforeAll(async () => {
  t = await createTestApp();
  shop = await seedWorkspace(t.database, 'Northwind Outfitters');
  await syncStore(t.app, shop.token);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const ask = async (message: string) => (await openWidget(t, shop.agentId, { locale: 'en' })).ask(message);

describe('policy questions are answered with the sentence that states the fact asked for', () => {
  const shipping = pageUrl(pageTitled('Shipping'));

  // d7b4d1d quoted the returns page (the Playground's sample prompt for shops).
  it('"What is your return policy?" quotes the returns page', async () => {
    const answer = await ask('What is your return policy?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('within 60 days of delivery');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Returns and exchanges'))]);
  });

  // A part of a two-part question in the shopper's words, answered in the page's.
  it('"How much is express shipping, and how long do I have to send something back?" answers both', async () => {
    const answer = await ask('How much is express shipping, and how long do I have to send something back?');
    expect(answer.content).toContain('$14.95');
    expect(answer.content).toContain('60 days');
  });

  // d7b4d1d quoted "We ship to Canada … International delivery takes 7 to 12 business days and costs $24.95."
  it('"How long does shipping to Canada take?" gives the international delivery time, not the US one', async () => {
    const answer = await ask('How long does shipping to Canada take?');
    expect(answer.content).toContain('7 to 12 business days');
    expect(answer.content).not.toContain('3 to 5 business days');
    expect(answer.sources.map((s) => s.url)).toEqual([shipping]);
  });

  // d7b4d1d answered this too (same two sentences).
  it('"How much does shipping to Canada cost?" gives the international price', async () => {
    const answer = await ask('How much does shipping to Canada cost?');
    expect(answer.content).toContain('$24.95');
    expect(answer.sources.map((s) => s.url)).toEqual([shipping]);
  });

  // d7b4d1d quoted the Alpine Rain Jacket's description: wrong before as well.
  it('"How long do I have to return a jacket?" is answered from the returns page in a store with several jackets', async () => {
    const answer = await ask('How long do I have to return a jacket?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('within 60 days');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Returns and exchanges'))]);
  });

  // d7b4d1d quoted the Alpine Rain Jacket's description: wrong before as well.
  it('"How should I wash my rain jacket?" is answered from the care guide, though a product is called "Alpine Rain Jacket"', async () => {
    const answer = await ask('How should I wash my rain jacket?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('30 °C');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Caring for waterproof clothing'))]);
  });
});

describe('two products asked about in one message', () => {
  // d7b4d1d listed both (and a third) with their prices.
  it('"How much is the Harbor Wool Beanie, and the Lumen 400 Headlamp?" gives both prices', async () => {
    const answer = await ask('How much is the Harbor Wool Beanie, and the Lumen 400 Headlamp?');
    expect(answer.content).toContain('$28.00');
    expect(answer.content).toContain('$42.00');
    expect(answer.content).not.toMatch(/not sure/i);
    expect(answer.sources.map((s) => s.url).sort()).toEqual([productUrl(productNamed('Harbor Wool Beanie')), productUrl(productNamed('Lumen 400 Headlamp'))].sort());
  });
});

describe('what the shop does not say is not made up', () => {
  it('"When will the Oslo Oak Bed Frame be back in stock?": its stock today and that the date is not known, no page quoted', async () => {
    const answer = await ask('When will the Oslo Oak Bed Frame be back in stock?');
    expect(answer.content).toContain('Oslo Oak Bed Frame is on backorder');
    expect(answer.content).toMatch(/could(?:n’|n'|no)t find|not find/i);
    expect(answer.content).not.toContain('> ');
    expect(answer.sources).toEqual([]);
  });
});

describe('a product named in Latin letters inside a question in another script', () => {
  // Its one distinctive word is a small part of the question, which the trigram score alone missed.
  it('"كم سعر قبعة Harbor؟" is about the Harbor Wool Beanie', async () => {
    const answer = await ask('كم سعر قبعة Harbor؟');
    expect(answer.content).toMatch(/28[.,]00/);
    expect(answer.sources.map((s) => s.url)).toContain(productUrl(productNamed('Harbor Wool Beanie')));
  });
});
