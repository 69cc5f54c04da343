import { describe, expect } from 'vitest';
import { seedWorkspace, type SeededWorkspace, type TestApp } from '../helpers/app.js';
import { handshakeRequest, signedSync } from '../helpers/integration.js';
import {
  STORE_URL,
  openWidget,
  pageItem,
  pageTitled,
  pageUrl,
  pluginProduct,
  productNamed,
  productUrl,
  quotedLines,
  outdoorStoreTest,
  type StorePage,
} from './helpers/outdoor-store.js';

/**
 * Questions a shopper asks every day that the offline responder got wrong while the issue's
 * defects were being tested (answers.test.ts), on the same synced store through the widget API.
 * They are not among the listed defects; several answered right before it (d7b4d1d), as
 * noted on each.
 */

const ask = async (service: TestApp, shop: SeededWorkspace, message: string) => (await openWidget(service, shop.agentId, { locale: 'en' })).ask(message);

const it = outdoorStoreTest();

describe('policy questions are answered with the sentence that states the fact asked for', () => {
  const shipping = pageUrl(pageTitled('Shipping'));

  // d7b4d1d quoted the returns page (the Playground's sample prompt for shops).
  it('"What is your return policy?" quotes the returns page', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'What is your return policy?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('within 60 days of delivery');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Returns and exchanges'))]);
  });

  // A part of a two-part question in the shopper's words, answered in the page's.
  it('"How much is express shipping, and how long do I have to send something back?" answers both', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How much is express shipping, and how long do I have to send something back?');
    expect(answer.content).toContain('$14.95');
    expect(answer.content).toContain('60 days');
  });

  // The international delivery sentence had been quoted: it shares "international delivery".
  it('"Is there a mobile app for international delivery?" asks for a thing the shop never speaks of: the team answers', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'Is there a mobile app for international delivery?');
    expect(answer.sources).toEqual([]);
    expect(answer.content).not.toContain('7 to 12 business days');
    // A thing it does speak of is answered as before.
    const express = await ask(service, shop, 'Is there an express delivery option?');
    expect(express.content).toContain('$14.95');
  });

  // The catalog search finds no heels; the socks' "reinforced heel" had been quoted instead.
  it('"Do you have heels?" is not answered by a product that only mentions a heel', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'Do you have heels?');
    expect(answer.sources).toEqual([]);
    expect(answer.content).not.toMatch(/heel/i);
  });

  // A part with one word of its own is read with the whole question, unless that word names a
  // topic of the shop's: "return" had been read with "express shipping" and left unanswered.
  it('"How much is express shipping, and how do I return something?" answers both parts', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How much is express shipping, and how do I return something?');
    expect(answer.content).toContain('$14.95');
    expect(answer.content).toContain('within 60 days');
  });

  // d7b4d1d quoted "We ship to Canada … International delivery takes 7 to 12 business days and costs $24.95."
  it('"How long does shipping to Canada take?" gives the international delivery time, not the US one', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How long does shipping to Canada take?');
    expect(answer.content).toContain('7 to 12 business days');
    expect(answer.content).not.toContain('3 to 5 business days');
    expect(answer.sources.map((s) => s.url)).toEqual([shipping]);
  });

  // d7b4d1d answered this too (same two sentences).
  it('"How much does shipping to Canada cost?" gives the international price', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How much does shipping to Canada cost?');
    expect(answer.content).toContain('$24.95');
    expect(answer.sources.map((s) => s.url)).toEqual([shipping]);
  });

  // d7b4d1d quoted the Alpine Rain Jacket's description: wrong before as well.
  it('"How long do I have to return a jacket?" is answered from the returns page in a store with several jackets', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How long do I have to return a jacket?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('within 60 days');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Returns and exchanges'))]);
  });

  // d7b4d1d quoted the Alpine Rain Jacket's description: wrong before as well.
  it('"How should I wash my rain jacket?" is answered from the care guide, though a product is called "Alpine Rain Jacket"', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How should I wash my rain jacket?');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('30 °C');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Caring for waterproof clothing'))]);
  });
});

describe('two products asked about in one message', () => {
  // d7b4d1d listed both (and a third) with their prices.
  it('"How much is the Harbor Wool Beanie, and the Lumen 400 Headlamp?" gives both prices', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'How much is the Harbor Wool Beanie, and the Lumen 400 Headlamp?');
    expect(answer.content).toContain('$28.00');
    expect(answer.content).toContain('$42.00');
    expect(answer.content).not.toMatch(/not sure/i);
    expect(answer.sources.map((s) => s.url).sort()).toEqual(
      [productUrl(productNamed('Harbor Wool Beanie')), productUrl(productNamed('Lumen 400 Headlamp'))].sort(),
    );
  });
});

describe('what the shop does not say is not made up', () => {
  it('"When will the Oslo Oak Bed Frame be back in stock?": its stock today and that the date is not known, no page quoted', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'When will the Oslo Oak Bed Frame be back in stock?');
    expect(answer.content).toContain('Oslo Oak Bed Frame is on backorder');
    expect(answer.content).toMatch(/could(?:n’|n'|no)t find|not find/i);
    expect(answer.content).not.toContain('> ');
    expect(answer.sources).toEqual([]);
  });
});

describe("a product's own text that says when it is back", () => {
  it('"when will it be back?" about a product whose description gives a date quotes that sentence with its stock today', async ({ service, shop }) => {
    const lantern = pluginProduct({
      wp_id: 901,
      sku: 'NW-LTN-FJD',
      name: 'Fjord Storm Lantern',
      permalink: `${STORE_URL}/products/fjord-storm-lantern`,
      short_description_html: '<p>A wind-proof brass lantern.</p>',
      description_html:
        '<p>Solid brass with a tempered glass globe and a 12-hour wick.</p><p>Back in stock early April, when the next batch leaves the foundry.</p>',
      price: '64.00',
      stock_status: 'onbackorder',
      stock_quantity: null,
      categories: [{ id: 901, slug: 'lighting', name: 'Lighting' }],
    });
    expect((await signedSync(service.app, shop.token, 'products', { items: [lantern] })).statusCode).toBe(200);
    const visitor = await openWidget(service, shop.agentId, { locale: 'en' });
    await visitor.ask('How much is the Fjord Storm Lantern?');
    const answer = await visitor.ask('when will it be back?');
    expect(answer.content).toContain('Fjord Storm Lantern is on backorder');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('Back in stock early April');
    expect(answer.sources.map((s) => s.url)).toEqual([lantern.permalink]);
  });

  // The shipping page's "Standard shipping takes 3 to 5 business days" had answered.
  it('"when would this ship if i order today" on a product on backorder quotes when its own page says it ships', async ({ service, shop }) => {
    const lamp = pluginProduct({
      wp_id: 903,
      sku: 'NW-LMP-ARC',
      name: 'Halden Arc Floor Lamp',
      permalink: `${STORE_URL}/products/halden-arc-floor-lamp`,
      short_description_html: '<p>An arc floor lamp on a marble base.</p>',
      description_html:
        '<p>The Halden curves over your sofa from a heavy marble base.</p><h3>Availability</h3><p>This lamp is on backorder. Orders placed now ship in about 3 weeks.</p>',
      price: '349.00',
      stock_status: 'onbackorder',
      stock_quantity: null,
      categories: [{ id: 903, slug: 'lighting', name: 'Lighting' }],
    });
    expect((await signedSync(service.app, shop.token, 'products', { items: [lamp] })).statusCode).toBe(200);
    const visitor = await openWidget(service, shop.agentId, { locale: 'en' });
    const answer = await visitor.ask('when would this ship if i order today', { pageContext: { url: lamp.permalink, title: lamp.name } });
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('ship in about 3 weeks');
    expect(answer.content).not.toContain('3 to 5 business days');
  });

  it('"elle sera dispo quand ?" in French quotes the date its description gives', async ({ service, shop }) => {
    const cream = pluginProduct({
      wp_id: 902,
      sku: 'AL-CRM-NUIT',
      name: 'Crème riche Nuit Étoilée',
      permalink: `${STORE_URL}/products/creme-riche-nuit-etoilee`,
      short_description_html: '<p>Une crème de nuit riche.</p>',
      description_html:
        "<p>En réapprovisionnement : vous pouvez la commander dès maintenant, l'expédition est prévue à partir du 15 janvier.</p><p>Le bakuchiol lisse les ridules.</p>",
      price: '32.00',
      currency: 'EUR',
      stock_status: 'onbackorder',
      stock_quantity: null,
      language: 'fr-FR',
    });
    expect((await signedSync(service.app, shop.token, 'products', { items: [cream] })).statusCode).toBe(200);
    const visitor = await openWidget(service, shop.agentId, { locale: 'fr' });
    const answer = await visitor.ask('la creme nuit etoilee elle sera dispo quand');
    expect(quotedLines(answer.content).join(' '), answer.content).toContain('15 janvier');
  });
});

describe('a product named in Latin letters inside a question in another script', () => {
  // Its one distinctive word is a small part of the question, which the trigram score alone missed.
  it('"كم سعر قبعة Harbor؟" is about the Harbor Wool Beanie', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'كم سعر قبعة Harbor؟');
    expect(answer.content).toMatch(/28[.,]00/);
    expect(answer.sources.map((s) => s.url)).toContain(productUrl(productNamed('Harbor Wool Beanie')));
  });
});

describe('a home store with long pages: two questions in one message, and how to do something', () => {
  // The returns page is long: its final-sale list sits in a later passage than its opening.
  const returnsOpening = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Return rule ${i + 1}: items must be unused, clean and in their original packaging with every tag attached, and sent back with the return form that came in the parcel so that our warehouse team can match the parcel to the order.</p>`,
  ).join('');
  const pages = [
    {
      wpId: 801,
      slug: 'contact',
      title: 'Contact us',
      html: '<p>Questions about an order? Call us on 1-800-555-0148. Our phone lines are open Monday to Friday.</p>',
    },
    {
      wpId: 802,
      slug: 'returns',
      title: 'Returns',
      html: `<p>You have 45 days to send most items back.</p>${returnsOpening}<h2>Final-sale items</h2><p>Pillows can't be returned once they've been taken out of their sealed wrap, for hygiene reasons.</p>`,
    },
    { wpId: 803, slug: 'shipping', title: 'Shipping', html: '<p>Delivery to Switzerland takes 4 to 6 business days.</p>' },
    {
      wpId: 804,
      slug: 'cast-iron-care',
      title: 'Caring for cast iron',
      html: '<p>Cast iron lasts for generations with a little care.</p><h2>How to re-season a pan</h2><ol><li>Heat your oven to 230 °C.</li><li>Rub a thin coat of oil over the pan and bake it upside down for one hour.</li></ol>',
    },
  ];
  const tent = (wpId: number, number: number, weight: string) =>
    pluginProduct({
      wp_id: wpId,
      sku: `ST-${number}`,
      name: `Sternwacht ${number}`,
      permalink: `${STORE_URL}/products/sternwacht-${number}`,
      short_description_html: `<p>A ${number}-person dome tent.</p>`,
      description_html: `<p>Packed weight ${weight}, with a fly that pitches first.</p>`,
      price: '299.00',
      currency: 'EUR',
      categories: [{ id: 1, slug: 'tents', name: 'Tents' }],
    });

  /** A second store on the same app, made after the outdoor store (which `shop` makes first). */
  const homeTest = it.extend<{ home: SeededWorkspace }>({
    home: [
      async ({ service, shop: _outdoorStore }, use) => {
        const home = await seedWorkspace(service.database, 'Brightside Home');
        expect((await handshakeRequest(service.app, home.token)).statusCode).toBe(200);
        expect((await signedSync(service.app, home.token, 'posts', { items: pages.map(pageItem) })).statusCode).toBe(200);
        const skillet = {
          ...tent(903, 0, ''),
          sku: 'HS-10',
          name: 'Hearthstone Cast Iron Skillet',
          permalink: `${STORE_URL}/products/hearthstone-skillet`,
          short_description_html: '<p>A 10-inch cast iron skillet.</p>',
          description_html: '<p>Each pan is seasoned three times with flaxseed oil, so it is ready to cook on straight out of the box.</p>',
          content_hash: 'hearthstone-skillet',
        };
        const charger = (wpId: number, name: string, slug: string) => ({
          ...tent(wpId, 0, ''),
          sku: `PD-${wpId}`,
          name,
          permalink: `${STORE_URL}/products/${slug}`,
          short_description_html: '<p>A USB-C charger.</p>',
          description_html: '<p>Input: 100–240V. Charges a phone and a laptop.</p>',
          content_hash: slug,
        });
        const chargers = [
          charger(904, 'PowerDock 20W USB-C Charger', 'powerdock-20w'),
          charger(905, 'PowerDock 100W 4-Port Desktop Charger', 'powerdock-100w'),
        ];
        expect(
          (await signedSync(service.app, home.token, 'products', { items: [tent(901, 2, '2.4 kg'), tent(902, 3, '3.1 kg'), skillet, ...chargers] })).statusCode,
        ).toBe(200);
        await use(home);
      },
      { scope: 'file' },
    ],
  });
  const askHome = async (service: TestApp, home: SeededWorkspace, message: string) => (await openWidget(service, home.agentId, { locale: 'en' })).ask(message);

  // The second part's answer is on a page that only that part finds, further down than its opening passage.
  homeTest('"What\'s your phone number? And can I return a pillow I already opened?" answers both', async ({ service, home }) => {
    const answer = await askHome(service, home, "What's your phone number? And can I return a pillow I already opened?");
    expect(answer.content).toContain('1-800-555-0148');
    expect(answer.content).toContain('hygiene');
  });

  // The name's "100W" was read as the word "100" and the question's "100w" as another, so the
  // shorter name sharing "PowerDock" and "Charger" was taken for the one asked about.
  homeTest('"is the powerdock 100w charger in stock?" is about the 100W charger, not the 20W', async ({ service, home }) => {
    const answer = await askHome(service, home, 'is the powerdock 100w charger in stock?');
    expect(answer.content).toContain('PowerDock 100W 4-Port Desktop Charger');
    expect(answer.content).not.toContain('20W');
  });

  // In a long question the product's number was among the words left out of the name lookup, so
  // "Sternwacht 3" read as the Sternwacht 2 as much as the 3, and neither was the subject.
  homeTest('"How much does the Sternwacht 3 weigh, and how long does delivery to Switzerland take?" answers for the 3', async ({ service, home }) => {
    const answer = await askHome(service, home, 'How much does the Sternwacht 3 weigh, and how long does delivery to Switzerland take?');
    expect(answer.content).toContain('3.1 kg');
    expect(answer.content).not.toContain('2.4 kg');
    expect(answer.content).toContain('4 to 6 business days');
  });

  // The product's description says it comes seasoned; how to season it again, only the care page says.
  homeTest('"How do I re-season my Hearthstone skillet?" gives the care page\'s steps, not the description', async ({ service, home }) => {
    const answer = await askHome(service, home, 'How do I re-season my Hearthstone skillet?');
    expect(answer.content).toContain('230 °C');
    expect(answer.sources.map((s) => s.url)).toEqual([`${STORE_URL}/pages/cast-iron-care`]);
  });
});

describe('a question in two parts about shipping to a country', () => {
  it('"spedite in italia? quanto costa la spedizione": the later part asks the price for the country the earlier one names', async ({
    service,
    shop: _outdoorStore,
  }) => {
    const boutique = await seedWorkspace(service.database, 'Atelier');
    expect((await handshakeRequest(service.app, boutique.token)).statusCode).toBe(200);
    const delivery = {
      wp_id: 77,
      post_type: 'page',
      permalink: `${STORE_URL}/livraison`,
      title: 'Livraison',
      content_html: [
        '<h2>Tarifs et délais</h2><table><thead><tr><th>Destination</th><th>Mode de livraison</th><th>Tarif</th><th>Livraison offerte dès</th><th>Délai après expédition</th></tr></thead><tbody>',
        "<tr><td>France métropolitaine</td><td>Colissimo à domicile</td><td>5,90 €</td><td>49 € d'achat</td><td>2 à 3 jours ouvrés</td></tr>",
        "<tr><td>France métropolitaine</td><td>Point relais</td><td>3,90 €</td><td>35 € d'achat</td><td>3 à 5 jours ouvrés</td></tr>",
        "<tr><td>Belgique, Luxembourg</td><td>Colissimo à domicile</td><td>8,90 €</td><td>79 € d'achat</td><td>3 à 5 jours ouvrés</td></tr>",
        "<tr><td>Autres pays de l'Union européenne</td><td>Colissimo International</td><td>12,90 €</td><td>99 € d'achat</td><td>4 à 8 jours ouvrés</td></tr>",
        '<tr><td>Suisse</td><td>Colissimo International</td><td>14,90 €</td><td>Jamais offerte</td><td>5 à 8 jours ouvrés</td></tr></tbody></table>',
        "<h2>Où livrons-nous ?</h2><p>Nous livrons la France métropolitaine, la Corse, Monaco, tous les pays de l'Union européenne et la Suisse. Depuis le Brexit, nous ne livrons plus le Royaume-Uni.</p>",
      ].join(''),
      excerpt: '',
      modified_at: '2026-10-01T09:00:00Z',
      language: 'fr-FR',
      taxonomy_terms: [],
      content_hash: 'livraison-77',
    };
    expect((await signedSync(service.app, boutique.token, 'posts', { items: [delivery] })).statusCode).toBe(200);
    const visitor = await openWidget(service, boutique.agentId, { locale: 'fr' });
    const answer = await visitor.ask('spedite in italia? quanto costa la spedizione');
    expect(answer.content).toContain('12,90');
    expect(answer.content).not.toContain('5,90 €');
  });
});

describe('a question in another language than the pages', () => {
  // The German words share no stem with the English page: nothing had been found.
  it('"Wie lange dauert eine Rückerstattung?" on English pages finds the returns and refunds page', async ({ service, shop }) => {
    const visitor = await openWidget(service, shop.agentId, { locale: 'de' });
    const answer = await visitor.ask('Wie lange dauert eine Rückerstattung?');
    expect(answer.ranked.slice(0, 5).map((source) => source.url)).toContain(pageUrl(pageTitled('Returns and exchanges')));
  });
});

describe('a question on a help page', () => {
  const care = pageTitled('Caring for waterproof clothing');
  const onCarePage = { url: pageUrl(care), title: care.title };

  // "this" on a help article is the article: the shipping page, which shares "take", had answered.
  it('"How long does this take?" on the returns page is answered from the returns page', async ({ service, shop }) => {
    const returns = pageTitled('Returns and exchanges');
    const visitor = await openWidget(service, shop.agentId, { locale: 'en' });
    const answer = await visitor.ask('How long does this take?', { pageContext: { url: pageUrl(returns), title: returns.title } });
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(returns)]);
    expect(answer.content).toMatch(/5 business days|60 days/);
    expect(answer.content).not.toContain('3 to 5 business days');
  });

  it('a question that does not point at the page is searched as anywhere else', async ({ service, shop }) => {
    const visitor = await openWidget(service, shop.agentId, { locale: 'en' });
    const answer = await visitor.ask('How much is express shipping?', { pageContext: onCarePage });
    expect(answer.content).toContain('$14.95');
    expect(answer.sources.map((s) => s.url)).toEqual([pageUrl(pageTitled('Shipping'))]);
  });
});

describe('a follow-up that names a sibling of the product discussed', () => {
  const vinegar = (wpId: number, years: number, price: string) =>
    pluginProduct({
      wp_id: wpId,
      sku: `ABT-${years}`,
      name: `Aceto Balsamico Tradizionale di Modena DOP ${years} anni 100 ml`,
      permalink: `${STORE_URL}/prodotto/aceto-${years}`,
      short_description_html: `<p>Invecchiato almeno ${years} anni in botti di legni diversi.</p>`,
      description_html: `<p>Denso e profondo, da usare a gocce su formaggi stagionati e fragole.</p><ul><li>Invecchiamento: ${years} anni</li><li>Formato: 100 ml</li></ul>`,
      price,
      currency: 'EUR',
      categories: [{ id: 9, slug: 'aceti', name: 'Aceti' }],
      language: 'it-IT',
    });

  // The 12-year vinegar's price had been given again: "25" is not in its name.
  it('"e quello da 25 anni?" after the 12-year vinegar is about the 25-year one', async ({ service, shop: _outdoorStore }) => {
    const cellar = await seedWorkspace(service.database, 'Acetaia');
    expect((await handshakeRequest(service.app, cellar.token)).statusCode).toBe(200);
    const items = [vinegar(501, 12, '54.00'), vinegar(502, 25, '98.00')];
    expect((await signedSync(service.app, cellar.token, 'products', { items })).statusCode).toBe(200);
    const visitor = await openWidget(service, cellar.agentId, { locale: 'it' });
    expect((await visitor.ask("quanto costa l'aceto balsamico tradizionale 12 anni?")).content).toContain('54,00');
    const sibling = await visitor.ask('e quello da 25 anni?');
    expect(sibling.content).toContain('98,00');
    expect(sibling.content).not.toContain('54,00');
    // A follow-up that adds nothing to the name stays with the product discussed.
    const same = await visitor.ask('e quanto invecchia?');
    expect(same.sources.map((s) => s.url)).toEqual([`${STORE_URL}/prodotto/aceto-25`]);
  });
});

describe('questions about what a site never speaks of', () => {
  // "The next number 001 gives 2025-001" had been quoted for a number to call.
  it('"What\'s your phone number?" on a site that gives none is for the team; where a page gives one, it is quoted', async ({
    service,
    shop: _outdoorStore,
  }) => {
    const site = async (name: string, pages: StorePage[]) => {
      const workspace = await seedWorkspace(service.database, name);
      expect((await handshakeRequest(service.app, workspace.token)).statusCode).toBe(200);
      const items = pages.map((page) => ({ ...pageItem(page), content_hash: `${name}-${page.wpId}` }));
      expect((await signedSync(service.app, workspace.token, 'posts', { items })).statusCode).toBe(200);
      return openWidget(service, workspace.agentId, { locale: 'en' });
    };
    const numbering = {
      wpId: 302,
      slug: 'numbering',
      title: 'Custom invoice numbering',
      html: '<p>Your invoice number is the prefix and the next number: the prefix {YYYY}- with the next number 001 gives 2025-001.</p>',
    };
    const noPhone = { wpId: 301, slug: 'contact', title: 'Contact us', html: '<p>Write to help@harbour.example and we answer within one business day.</p>' };
    const unanswered = await (await site('Ledgerly', [noPhone, numbering])).ask("What's your phone number? I'd rather call someone");
    expect(unanswered.sources).toEqual([]);
    expect(unanswered.content).not.toMatch(/\d/);

    const phone = { ...noPhone, html: '<p>Call us on +1 (555) 010-4477, Monday to Friday from 9 am to 5 pm.</p>' };
    const answered = await (await site('Harbour Lights', [phone, numbering])).ask("What's your phone number?");
    expect(answered.content).toContain('+1 (555) 010-4477');
  });

  // The jacket's "helmet-compatible hood" had been quoted for a fleece one it never mentions.
  it('"Can I get the Ridgeline jacket with a fleece hood?": a detail its page never speaks of is for the team', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'Can I get the Ridgeline jacket with a fleece hood?');
    expect(answer.sources).toEqual([]);
    expect(answer.content).toMatch(/could(?:n’|n'|no)t find/i);
    // What its page does speak of is answered.
    const hood = await ask(service, shop, 'Can I get the Ridgeline jacket with a hood?');
    expect(hood.content).toContain('helmet-compatible hood');
  });

  // The catalog search had listed the hiking socks for a kind of sock no page mentions.
  it('"Do you sell compression socks?" in a shop that never speaks of compression lists no product', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'Do you sell compression socks?');
    expect(answer.sources).toEqual([]);
    expect((answer.blocks ?? []).map((block) => block.kind)).not.toContain('product_card');
    const tents = await ask(service, shop, 'Do you sell tents?');
    expect(tents.content).toContain('Basecamp 2 Tent');
  });

  // "Dollars" is no word of the pages: the price bound is not a thing asked for.
  it('"do you have jackets under 200 dollars?" still lists the jackets within the bound', async ({ service, shop }) => {
    const answer = await ask(service, shop, 'do you have jackets under 200 dollars?');
    expect(answer.content).toContain('Alpine Rain Jacket');
    expect(answer.content).toContain('Ridgeline Waterproof Jacket');
  });

  // "Integración" is the shop's word for other things: a name it never mentions is not among them.
  it('"¿Tienen integración con Mercado Pago?" asks about a name no page mentions: the team answers', async ({ service, shop }) => {
    const answer = await ask(service, shop, '¿Tienen integración con Mercado Pago para los envíos?');
    expect(answer.sources).toEqual([]);
    expect(answer.content).not.toContain('$');
  });
});
