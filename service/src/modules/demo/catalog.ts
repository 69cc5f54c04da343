/**
 * The demo store's content: what a small outdoor-gear shop's WordPress would sync. It is both the
 * source of the store pages under /demo and the payload the seed sends through the integration
 * API, so what the assistant finds is exactly what the visitor sees.
 */

export const STORE = {
  name: 'Fernhill Outfitters',
  tagline: 'Trail-tested gear for wet weather and long days out.',
  currency: 'USD',
} as const;

export interface DemoProduct {
  wpId: number;
  slug: string;
  sku: string;
  name: string;
  category: string;
  /** Decimal strings, as WooCommerce sends them. */
  price: string;
  regularPrice?: string;
  stock: { status: 'instock' | 'outofstock' | 'onbackorder'; quantity: number | null };
  attributes: { name: string; options: string[] }[];
  short: string;
  /** Trusted HTML: written here, never taken from outside. */
  descriptionHtml: string;
  /** Two colours of the product's placeholder picture. */
  palette: [string, string];
}

export interface DemoPage {
  wpId: number;
  slug: string;
  postType: 'page' | 'post';
  title: string;
  excerpt: string;
  /** Trusted HTML, as above. */
  contentHtml: string;
}

export const PRODUCTS: readonly DemoProduct[] = [
  {
    wpId: 101,
    slug: 'ridgeline-waterproof-jacket',
    sku: 'FH-JKT-RDG',
    name: 'Ridgeline Waterproof Jacket',
    category: 'Jackets',
    price: '189.00',
    stock: { status: 'instock', quantity: 14 },
    attributes: [
      { name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
      { name: 'Colour', options: ['Slate', 'Moss'] },
    ],
    short: 'A three-layer waterproof shell that packs into its own pocket.',
    descriptionHtml:
      '<p>The Ridgeline is our all-weather hiking jacket: a three-layer waterproof and breathable shell (20,000 mm hydrostatic head) with fully taped seams.</p><h3>Features</h3><ul><li>Adjustable helmet-compatible hood</li><li>Pit zips for ventilation on steep climbs</li><li>Packs into its chest pocket; weighs 380 g in size M</li></ul><p>Regular fit with room for a fleece underneath.</p>',
    palette: ['#3f6c5a', '#9cc5a1'],
  },
  {
    wpId: 102,
    slug: 'cirrus-down-vest',
    sku: 'FH-VST-CIR',
    name: 'Cirrus Down Vest',
    category: 'Jackets',
    price: '99.00',
    regularPrice: '129.00',
    stock: { status: 'instock', quantity: 6 },
    attributes: [{ name: 'Size', options: ['S', 'M', 'L', 'XL'] }],
    short: 'Responsibly sourced 700-fill down in a vest that weighs 210 g.',
    descriptionHtml:
      '<p>A light insulating layer for cold mornings: 700-fill-power down certified to the Responsible Down Standard, in a windproof ripstop shell.</p><p>Stuffs into its own hand pocket. On sale this month.</p>',
    palette: ['#b4542d', '#f2b48a'],
  },
  {
    wpId: 103,
    slug: 'trailrunner-gtx-shoes',
    sku: 'FH-SHO-TRL',
    name: 'Trailrunner GTX Shoes',
    category: 'Footwear',
    price: '145.00',
    stock: { status: 'instock', quantity: 22 },
    attributes: [{ name: 'Size', options: ['EU 38', 'EU 39', 'EU 40', 'EU 41', 'EU 42', 'EU 43', 'EU 44', 'EU 45', 'EU 46'] }],
    short: 'Waterproof trail running shoes with a grippy lugged outsole.',
    descriptionHtml:
      '<p>Waterproof trail running shoes with a breathable membrane, a 5 mm lugged outsole for mud and wet rock, and a cushioned midsole for long days.</p><p>They run true to size; if you are between sizes, take the larger one.</p>',
    palette: ['#2b4c7e', '#86a8d8'],
  },
  {
    wpId: 104,
    slug: 'summit-merino-base-layer',
    sku: 'FH-BSL-SUM',
    name: 'Summit Merino Base Layer',
    category: 'Layers',
    price: '79.00',
    stock: { status: 'instock', quantity: 30 },
    attributes: [{ name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL'] }],
    short: 'A long-sleeve 200 g/m² merino wool top that stays fresh for days.',
    descriptionHtml:
      '<p>Long-sleeve base layer in 200 g/m² merino wool: warm when wet, naturally odour-resistant, soft against the skin.</p><p>Slim fit, designed to be worn next to the skin under a fleece or shell.</p>',
    palette: ['#6b4e8c', '#c9b3e0'],
  },
  {
    wpId: 105,
    slug: 'everyday-hiking-socks',
    sku: 'FH-SCK-EVD',
    name: 'Everyday Hiking Socks (3-pack)',
    category: 'Accessories',
    price: '24.00',
    stock: { status: 'instock', quantity: 120 },
    attributes: [{ name: 'Size', options: ['S (EU 35-38)', 'M (EU 39-42)', 'L (EU 43-46)'] }],
    short: 'Cushioned merino-blend socks, three pairs.',
    descriptionHtml: '<p>Three pairs of cushioned merino-blend hiking socks with a reinforced heel and toe and a seamless toe box.</p>',
    palette: ['#8c6d1f', '#e8cf7a'],
  },
  {
    wpId: 106,
    slug: 'canyon-28l-daypack',
    sku: 'FH-PCK-CNY',
    name: 'Canyon 28L Daypack',
    category: 'Packs',
    price: '98.00',
    stock: { status: 'onbackorder', quantity: null },
    attributes: [{ name: 'Colour', options: ['Charcoal', 'Rust'] }],
    short: 'A 28-litre daypack with a ventilated back panel and rain cover.',
    descriptionHtml:
      '<p>28 litres, a ventilated mesh back panel, hip-belt pockets, a hydration sleeve and an integrated rain cover.</p><p>Currently on backorder: orders placed now ship in about two weeks.</p>',
    palette: ['#4a4a4a', '#b0b0b0'],
  },
  {
    wpId: 107,
    slug: 'lumen-400-headlamp',
    sku: 'FH-LMP-400',
    name: 'Lumen 400 Headlamp',
    category: 'Accessories',
    price: '42.00',
    stock: { status: 'instock', quantity: 18 },
    attributes: [],
    short: 'A 400-lumen rechargeable headlamp with a red night mode.',
    descriptionHtml:
      '<p>400 lumens, USB-C rechargeable, IPX4 splash-proof, with a red light mode that keeps your night vision. Up to 40 hours on the low setting.</p>',
    palette: ['#c08a00', '#ffe08a'],
  },
  {
    wpId: 108,
    slug: 'thermo-insulated-bottle',
    sku: 'FH-BTL-750',
    name: 'Thermo Insulated Bottle 750 ml',
    category: 'Accessories',
    price: '32.00',
    stock: { status: 'instock', quantity: 40 },
    attributes: [{ name: 'Colour', options: ['Forest', 'Sand', 'Night'] }],
    short: 'Keeps drinks hot for 12 hours or cold for 24.',
    descriptionHtml: '<p>Double-walled stainless steel, 750 ml. Keeps drinks hot for 12 hours or cold for 24. Leak-proof lid; dishwasher safe.</p>',
    palette: ['#2f6f73', '#9ed3d6'],
  },
  {
    wpId: 109,
    slug: 'alpine-trekking-poles',
    sku: 'FH-POL-ALP',
    name: 'Alpine Trekking Poles (pair)',
    category: 'Accessories',
    price: '89.00',
    stock: { status: 'outofstock', quantity: 0 },
    attributes: [],
    short: 'Foldable carbon trekking poles, 290 g per pole.',
    descriptionHtml: '<p>Three-section foldable carbon poles with cork grips and quick-lock length adjustment from 110 to 130 cm. 290 g per pole.</p>',
    palette: ['#5c3d2e', '#c9a48f'],
  },
  {
    wpId: 110,
    slug: 'harbor-wool-beanie',
    sku: 'FH-BNE-HRB',
    name: 'Harbor Wool Beanie',
    category: 'Accessories',
    price: '28.00',
    stock: { status: 'instock', quantity: 55 },
    attributes: [{ name: 'Colour', options: ['Navy', 'Mustard', 'Heather grey'] }],
    short: 'A ribbed merino beanie, one size.',
    descriptionHtml: '<p>Ribbed beanie knitted from soft merino wool. One size fits most.</p>',
    palette: ['#1f3a5f', '#7fa7d9'],
  },
];

export const PAGES: readonly DemoPage[] = [
  {
    wpId: 201,
    slug: 'shipping',
    postType: 'page',
    title: 'Shipping',
    excerpt: 'Delivery times and costs.',
    contentHtml:
      '<p>Orders placed before 2 pm (Eastern Time) on a business day leave our warehouse the same day.</p><h2>Delivery within the United States</h2><ul><li>Standard shipping takes 3 to 5 business days and costs $6.95; it is free on orders over $75.</li><li>Express shipping takes 1 to 2 business days and costs $14.95.</li></ul><h2>International delivery</h2><p>We ship to Canada, the United Kingdom and the European Union in 7 to 12 business days for $19.95. Import duties are paid by the recipient.</p><p>Every order gets a tracking link by email as soon as it ships.</p>',
  },
  {
    wpId: 202,
    slug: 'returns',
    postType: 'page',
    title: 'Returns and exchanges',
    excerpt: '60-day returns and free size exchanges.',
    contentHtml:
      '<p>You can return unworn items with their tags within 60 days of delivery for a full refund.</p><h2>How to return an item</h2><p>Start a return from the link in your shipping email. Return labels are free within the United States; international returns are sent at your own cost.</p><h2>Refunds</h2><p>Refunds are issued to the original payment method within 5 business days of the parcel reaching us.</p><h2>Exchanges</h2><p>Exchanging for another size or colour is free: we ship the new item as soon as the return is scanned.</p>',
  },
  {
    wpId: 203,
    slug: 'size-guide',
    postType: 'page',
    title: 'Size guide',
    excerpt: 'How to pick the right size of jacket, layer and shoe.',
    contentHtml:
      '<h2>Jackets and layers</h2><p>Measure around the fullest part of your chest. Chest sizes: XS 84-88 cm, S 89-94 cm, M 95-101 cm, L 102-108 cm, XL 109-116 cm, XXL 117-124 cm.</p><p>Shells such as the Ridgeline have room for a fleece underneath; base layers are slim fitting.</p><h2>Shoes</h2><p>Our shoes run true to size. EU 40 is US men 7 / US women 8.5; EU 42 is US men 8.5 / US women 10; EU 44 is US men 10 / US women 11.5. Between two sizes, take the larger one.</p>',
  },
  {
    wpId: 204,
    slug: 'care',
    postType: 'page',
    title: 'Care instructions',
    excerpt: 'Washing waterproofs, merino and down.',
    contentHtml:
      '<h2>Waterproof rain jackets</h2><p>Wash your rain jacket at 30 °C with a technical wash, never with fabric softener. Tumble dry on low for 20 minutes to reactivate the water-repellent finish.</p><h2>Merino wool</h2><p>Wash cold on a wool cycle and dry flat. Merino needs washing far less often than synthetics.</p><h2>Down</h2><p>Wash with a down-specific soap and tumble dry on low with two clean tennis balls until completely dry.</p>',
  },
  {
    wpId: 205,
    slug: 'choosing-a-rain-jacket',
    postType: 'post',
    title: 'How to choose a rain jacket',
    excerpt: 'Waterproof ratings, breathability and fit, explained.',
    contentHtml:
      '<p>A waterproof rating (hydrostatic head) of 10,000 mm keeps out steady rain; 20,000 mm and taped seams handle a full day of storms.</p><p>Breathability matters as much as waterproofing when you climb: look for pit zips or a breathable membrane.</p><p>Try the jacket on over the layers you will wear under it, and check that the hood turns with your head.</p>',
  },
];
