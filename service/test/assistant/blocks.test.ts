import { describe, expect, it } from 'vitest';
import { SITE_TYPES } from '../../src/db/schema.js';
import { BLOCK_KINDS, blockFallbackText, isBlockShown, validateBlock, type Block } from '../../src/modules/assistant/blocks.js';
import { SITE_TYPE_MAP } from '../../src/modules/assistant/site-types.js';
import { TOOL_NAMES } from '../../src/modules/assistant/tools.js';

const product: Block = {
  kind: 'product_card',
  data: {
    id: 'doc-1',
    name: 'Trail runner',
    url: 'https://shop.example/p/trail',
    image_url: 'https://shop.example/img.jpg',
    sku: 'TR-1',
    price: { currency: 'EUR', price: '17.90', regular_price: '19.90', sale_price: '17.90' },
    on_sale: true,
    stock_status: 'instock',
    stock_quantity: 3,
  },
};

describe('block schemas', () => {
  it('accept a block of each kind in its documented shape', () => {
    const samples: Block[] = [
      product,
      { kind: 'pricing_card', data: { title: 'Pricing', url: 'https://saas.example/pricing', summary: 'Plans', price_points: ['Pro: $29 per month'] } },
      { kind: 'case_study_card', data: { title: 'Acme', url: 'https://saas.example/acme', summary: 'Acme grew.' } },
      { kind: 'escalation_button', data: { label: 'Talk to a person', type: 'lead_form', value: null, reason: '' } },
      { kind: 'coupon_offer', data: { code: 'SPRING10', description: '10% off' } },
    ];
    expect(samples.map((sample) => validateBlock(sample)?.kind)).toEqual([...BLOCK_KINDS]);
  });

  it.each([
    ['a float price', { ...product, data: { ...product.data, price: { ...product.data.price, price: 17.9 } } }],
    ['a javascript: link', { ...product, data: { ...product.data, url: 'javascript:alert(1)' } }],
    ['an unknown stock status', { ...product, data: { ...product.data, stock_status: 'plenty' } }],
    ['an extra field', { ...product, data: { ...product.data, html: '<b>x</b>' } }],
    ['a lower-case currency', { ...product, data: { ...product.data, price: { ...product.data.price, currency: 'eur' } } }],
    ['an unknown kind', { kind: 'iframe', data: {} }],
    ['an empty coupon code', { kind: 'coupon_offer', data: { code: '', description: '' } }],
  ])('reject %s', (_label, candidate) => {
    expect(validateBlock(candidate)).toBeUndefined();
  });
});

describe('block filtering', () => {
  it('follows contract section 6 per site type in the Playground', () => {
    const table = Object.fromEntries(
      SITE_TYPES.map((type) => [type, BLOCK_KINDS.filter((kind) => isBlockShown(kind, SITE_TYPE_MAP[type].blocks, 'playground'))]),
    );
    expect(table).toEqual({
      ecommerce: ['product_card', 'escalation_button', 'coupon_offer'],
      saas: ['pricing_card', 'case_study_card', 'escalation_button'],
      documentation: ['escalation_button'],
      help_center: ['escalation_button'],
      marketing: ['pricing_card', 'case_study_card', 'escalation_button'],
      internal_kb: [],
      generic: ['escalation_button'],
    });
  });

  it('keeps only escalation_button and coupon_offer in production', () => {
    const all = [...BLOCK_KINDS];
    expect(all.filter((kind) => isBlockShown(kind, all, 'production'))).toEqual(['escalation_button', 'coupon_offer']);
    expect(isBlockShown('coupon_offer', SITE_TYPE_MAP.saas.blocks, 'production')).toBe(false);
  });

  it('gives every kind a text fallback that keeps its link and facts', () => {
    expect(blockFallbackText(product, 'en')).toBe('- [Trail runner](https://shop.example/p/trail): 17.90 EUR (in stock)');
    expect(blockFallbackText(product, 'de')).toBe('- [Trail runner](https://shop.example/p/trail): 17.90 EUR (auf Lager)');
    expect(blockFallbackText({ kind: 'coupon_offer', data: { code: 'SPRING10', description: '10% off' } }, 'en')).toContain('SPRING10');
  });

  it("shows a variable product's price as its range, and accepts one only as decimal strings", () => {
    const { data } = product as Extract<Block, { kind: 'product_card' }>;
    const hoodie = validateBlock({
      kind: 'product_card',
      data: {
        ...data,
        name: 'Storm hoodie',
        price: { currency: 'EUR', price: '99.00', regular_price: null, sale_price: null, min_price: '99.00', max_price: '130.00' },
      },
    });
    expect(hoodie && blockFallbackText(hoodie, 'en')).toBe('- [Storm hoodie](https://shop.example/p/trail): 99.00 – 130.00 EUR (in stock)');
    expect(validateBlock({ kind: 'product_card', data: { ...data, price: { ...data.price, max_price: 130 } } })).toBeUndefined();
  });
});

describe('map of verticals', () => {
  it('describes the seven verticals for the Playground', () => {
    expect(Object.keys(SITE_TYPE_MAP).sort()).toEqual([...SITE_TYPES].sort());
    for (const [id, vertical] of Object.entries(SITE_TYPE_MAP)) {
      expect(vertical.id).toBe(id);
      expect(vertical.label).not.toBe('');
      expect(vertical.description).not.toBe('');
      expect(vertical.persona).not.toBe('');
      expect(vertical.instructions.length).toBeGreaterThan(0);
      expect(vertical.samplePrompts.length).toBeGreaterThanOrEqual(5);
      expect(vertical.samplePrompts.length).toBeLessThanOrEqual(6);
      expect(new Set(vertical.samplePrompts).size).toBe(vertical.samplePrompts.length);
      expect(vertical.tools.every((name) => (TOOL_NAMES as readonly string[]).includes(name))).toBe(true);
    }
  });

  it('offers a card-producing tool only where its card is allowed', () => {
    const producing = {
      show_products: 'product_card',
      show_pricing: 'pricing_card',
      show_case_study: 'case_study_card',
      escalate: 'escalation_button',
      offer_coupon: 'coupon_offer',
    } as const;
    for (const vertical of Object.values(SITE_TYPE_MAP)) {
      for (const tool of vertical.tools) {
        if (tool in producing) expect(vertical.blocks).toContain(producing[tool as keyof typeof producing]);
      }
    }
  });
});
