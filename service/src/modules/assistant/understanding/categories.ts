import { stemsOf, wordsOf } from './stemming.js';

/** What a category is read from: a product as retrieval or the offline responder holds it. */
interface Categorised {
  kind: string;
  data: Record<string, unknown>;
}

/**
 * What something asked for is for doing, to the end of the question: "algo para colgar los
 * cuchillos" asks for no knife, "something for hanging knives", "un truc pour ranger mes
 * couteaux" neither. A verb follows: an infinitive of the Romance languages (-ar, -er, -ir, -re),
 * an English "-ing" or "to", a German "zum" with a verb. "Food for dogs" keeps its dogs.
 */
const FOR_DOING = /(?<![\p{L}])(?:(?:para|pour|per|por)\s+\p{L}+(?:ar|er|ir|re)|for\s+\p{L}+ing|to\s+\p{L}+|zum\s+\p{L}+en)(?![\p{L}]).*$/su;

/**
 * A category of the catalog the question names ("any tents?" → Tents, "Zelte auf Lager?" →
 * Zelte), among the categories of the products found for it: every word of the category's name
 * (three at most) is a word of the question, compared by stem in the given languages.
 */
export function categoryNamedIn(question: string, products: readonly Categorised[], languages: readonly string[]): string | undefined {
  const asked = new Set(wordsOf(question.replace(FOR_DOING, ' ')).flatMap((word) => stemsOf(word, languages)));
  for (const product of products) {
    if (product.kind !== 'product' || !Array.isArray(product.data.categories)) continue;
    for (const category of product.data.categories as { name?: unknown }[]) {
      const name = typeof category.name === 'string' ? category.name : '';
      const words = wordsOf(name);
      if (words.length > 0 && words.length <= 3 && words.every((word) => stemsOf(word, languages).some((stem) => asked.has(stem)))) return name;
    }
  }
  return undefined;
}
