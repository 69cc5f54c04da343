import { describe, expect, it } from 'vitest';
import { productWordEquivalents } from '../../src/modules/assistant/understanding/product-words.js';

/** The bilingual dictionary that lets a question meet a catalog written in another language. */
describe('the words shoppers ask about products with, across languages', () => {
  it.each([
    // "c'est quoi les couteaux inclus dans ce bloc ?" on an Italian knife block: "Cosa contiene".
    ['inclus', 'contiene'],
    // "¿a qué altitud se cultiva el café?" on an Italian coffee: "Altitudine: 1.900-2.100 m".
    ['altitud', 'altitudine'],
    // "le bon cadeau est valable combien de temps ?": "validità 12 mesi".
    ['valable', 'validita'],
    ['olla', 'pentola'],
    ['calories', 'calorie'],
    // "la lampe frontale est-elle rechargeable ?" on an English shop's headlamp.
    ['frontale', 'headlamp'],
    // A help center's words: "Wie lange dauert eine Rückerstattung?" on English help pages.
    ['ruckerstattung', 'refund'],
    ['steuerberater', 'accountant'],
  ])('"%s" meets "%s"', (word, other) => {
    expect(productWordEquivalents(word)).toContain(other);
  });

  it('a word of no group has no equivalent', () => {
    expect(productWordEquivalents('sardegna')).toEqual([]);
  });
});
