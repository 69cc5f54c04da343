import { markdownLink } from '../blocks.js';
import { phrase } from '../phrases.js';
import type { QuestionAnalysis } from '../understanding/question.js';
import { stemsOf, wordsOf } from '../understanding/stemming.js';
import type { OfflineSource } from './facts.js';

/**
 * Answers from a product's structured fields (price, sale price, stock, attributes), phrased in
 * the reply language: the synced data is the truth about these, never a sentence of the text.
 */

interface Pricing {
  currency?: unknown;
  price?: unknown;
  regular_price?: unknown;
  sale_price?: unknown;
  min_price?: unknown;
  max_price?: unknown;
}

/** An amount as the reply language writes it, in Latin digits ("$189.00", "189,00 €"). */
export function formatMoney(amount: string, currency: string, language: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value) || !/^[A-Z]{3}$/.test(currency)) return `${amount} ${currency}`.trim();
  try {
    return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

const amount = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Variations of a variable product on sale shown beside its range, at most. */
const SALE_VARIATIONS_SHOWN = 3;

function priceSentence(product: OfflineSource, name: string, language: string): string | undefined {
  const pricing = (product.data.pricing ?? {}) as Pricing;
  const currency = typeof pricing.currency === 'string' ? pricing.currency : '';
  const price = amount(pricing.price);
  if (!price) return undefined;
  const [min, max] = [amount(pricing.min_price), amount(pricing.max_price)];
  // A variable product: its range as the shop shows it ("€99.00 – €130.00"), then the
  // variations on sale, each with its own prices.
  if (min && max && min !== max) {
    const range = `${formatMoney(min, currency, language)} – ${formatMoney(max, currency, language)}`;
    const sales = saleVariations(product)
      .slice(0, SALE_VARIATIONS_SHOWN)
      .map((variation) =>
        phrase(language, 'product_sale_price', {
          name: `${name} (${variation.label})`,
          price: formatMoney(variation.price, currency, language),
          regular_price: formatMoney(variation.regular, currency, language),
        }),
      );
    return [phrase(language, 'product_price', { name, price: range }), ...sales].join(' ');
  }
  const regular = amount(pricing.regular_price);
  const onSale = product.data.on_sale === true && regular !== undefined && Number(regular) > Number(price);
  return onSale
    ? phrase(language, 'product_sale_price', { name, price: formatMoney(price, currency, language), regular_price: formatMoney(regular, currency, language) })
    : phrase(language, 'product_price', { name, price: formatMoney(price, currency, language) });
}

/** A variable product's variations that are on sale: "Size: L", sale price, regular price. */
function saleVariations(product: OfflineSource): { label: string; price: string; regular: string }[] {
  const raw = Array.isArray(product.data.variations) ? product.data.variations : [];
  return raw.flatMap((item) => {
    const { attributes, pricing, on_sale } = (item ?? {}) as { attributes?: unknown; pricing?: Pricing; on_sale?: unknown };
    const [price, regular] = [amount(pricing?.price), amount(pricing?.regular_price)];
    if (on_sale !== true || !price || !regular || !(Number(regular) > Number(price))) return [];
    const label = (Array.isArray(attributes) ? attributes : [])
      .map((attribute) => (attribute ?? {}) as { name?: unknown; option?: unknown })
      .filter((attribute) => typeof attribute.name === 'string' && typeof attribute.option === 'string')
      .map((attribute) => `${String(attribute.name)}: ${String(attribute.option)}`)
      .join(', ');
    return label ? [{ label, price, regular }] : [];
  });
}

export function stockSentence(product: OfflineSource, name: string, language: string): string | undefined {
  const quantity = typeof product.data.stock_quantity === 'number' ? product.data.stock_quantity : undefined;
  switch (product.data.stock_status) {
    case 'instock':
      return quantity !== undefined && quantity > 0
        ? phrase(language, 'product_in_stock_quantity', { name, quantity: String(quantity) })
        : phrase(language, 'product_in_stock', { name });
    case 'outofstock':
      return phrase(language, 'product_out_of_stock', { name });
    case 'onbackorder':
      return phrase(language, 'product_on_backorder', { name });
    default:
      return undefined;
  }
}

interface Attribute {
  name: string;
  options: string[];
}

export function attributesOf(product: OfflineSource): Attribute[] {
  const raw = Array.isArray(product.data.attributes) ? product.data.attributes : [];
  return raw.flatMap((item) => {
    const { name, options } = (item ?? {}) as { name?: unknown; options?: unknown };
    if (typeof name !== 'string' || !Array.isArray(options)) return [];
    const values = options.filter((option): option is string => typeof option === 'string' && option.length > 0);
    return values.length > 0 ? [{ name, options: values }] : [];
  });
}

/** What an attribute of colours is called, folded, in the languages with most shoppers. */
const COLOUR_ATTRIBUTE =
  /^(?:colou?rs?|farben?|couleurs?|colores?|colori?|cor(?:es)?|kleur(?:en)?|farg(?:er)?|farve(?:r)?|kolor(?:y)?|renk|barva|цвет|цвета|颜色|色|カラー|لون|ألوان)$/u;
/** Colour words, folded: a question naming one ("does it come in yellow?") asks for the colours a product comes in. */
const COLOUR_WORDS = new Set(
  (
    'red blue green yellow black white grey gray brown pink purple orange beige navy teal ' +
    'turquoise burgundy maroon khaki charcoal ivory lilac violet mustard colour color colours colors ' +
    'rot blau grun gelb schwarz weiss grau braun rosa lila orange farbe farben ' +
    'rouge bleu vert jaune noir blanc gris marron violet couleur couleurs ' +
    'rojo azul verde amarillo negro blanco gris marron rosa morado naranja roja negra blanca amarilla colores ' +
    'rosso blu giallo nero bianco grigio viola arancione colore colori azzurro ' +
    'vermelho amarelo preto branco cinza roxo laranja cor cores ' +
    'rood blauw groen geel zwart wit grijs bruin roze paars oranje kleur kleuren'
  ).split(' '),
);
const isColourAttribute = (attribute: Attribute) =>
  wordsOf(attribute.name).some((word) => COLOUR_ATTRIBUTE.test(word)) ||
  attribute.options.some((option) => wordsOf(option).some((word) => COLOUR_WORDS.has(word)));

/**
 * Attributes the question names ("what sizes", "Farbe") or one of whose options it names, and the
 * colours where it names a colour the product may not come in ("in yellow?": "Navy, Mustard").
 */
function askedAttributes(question: string, product: OfflineSource, languages: readonly string[]): Attribute[] {
  // The product's own name ("Gipfelstürmer 35") and bare numbers do not ask for an option ("35 l").
  const nameWords = new Set(wordsOf(product.title));
  const asked = wordsOf(question).filter((word) => !nameWords.has(word) && !/^\d+(?:[.,]\d+)?$/.test(word));
  const questionStems = new Set(asked.flatMap((word) => stemsOf(word, languages)));
  // By stem, or inside a compound option ("blau" in "Gletscherblau").
  const mentions = (text: string) =>
    wordsOf(text).some((word) => stemsOf(word, languages).some((stem) => questionStems.has(stem)) || asked.some((q) => q.length >= 4 && word.includes(q)));
  const namesColour = asked.some((word) => COLOUR_WORDS.has(word));
  return attributesOf(product).filter(
    (attribute) => mentions(attribute.name) || attribute.options.some((option) => mentions(option)) || (namesColour && isColourAttribute(attribute)),
  );
}

export interface ProductAnswer {
  lines: string[];
  /** Whether the answer covers what was asked (price, stock, an attribute). */
  complete: boolean;
}

/**
 * The structured part of an answer about one product: its price when the question asks for it,
 * its stock, the options of an attribute it asks about. `short` marks a follow-up without a
 * question word of its own ("and in blue?"): it gets the product's options.
 */
export function productAnswer(
  question: string,
  product: OfflineSource,
  analysis: QuestionAnalysis,
  language: string,
  languages: readonly string[],
  short: boolean,
): ProductAnswer {
  const name = markdownLink(product.title, product.url);
  const lines: string[] = [];
  if (analysis.asksPrice || analysis.onSale) {
    const sentence = priceSentence(product, name, language);
    if (sentence) lines.push(sentence);
  }
  if (analysis.asksStock) {
    const sentence = stockSentence(product, name, language);
    if (sentence) lines.push(sentence);
  }
  const asked = askedAttributes(question, product, languages);
  const attributes = asked.length > 0 ? asked : short && lines.length === 0 ? attributesOf(product) : [];
  for (const attribute of attributes) {
    lines.push(phrase(language, 'product_options', { name, attribute: attribute.name, options: attribute.options.join(', ') }));
  }
  return { lines, complete: lines.length > 0 };
}
