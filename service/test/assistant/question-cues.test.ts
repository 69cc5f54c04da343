import { describe, expect, it } from 'vitest';
import { categoryNamedIn } from '../../src/modules/assistant/understanding/categories.js';
import { analyzeQuestion } from '../../src/modules/assistant/understanding/question.js';

/** What a question asks, read from the cue words of its language, as shoppers type them. */
describe('the cues of a question', () => {
  it('"il est à combien" asks a price, typed with or without its accent', () => {
    expect(analyzeQuestion('le serum vitamine c il est a combien en ce moment', ['fr']).asksPrice).toBe(true);
    expect(analyzeQuestion('Le savon Lune Noire, il est à combien ?', ['fr']).asksPrice).toBe(true);
    expect(analyzeQuestion('a cuanto esta el jabon de alepo', ['es']).asksPrice).toBe(true);
    expect(analyzeQuestion("il cesto colazione all'italiana a quanto lo vendete?", ['it']).asksPrice).toBe(true);
    // "combien de temps" asks a time, not a price.
    expect(analyzeQuestion('le shampooing dure combien de temps ?', ['fr']).asksPrice).toBe(false);
  });

  // "Cool thanks, thats all i needed!" had been searched and answered with a linen dress's "stays cool".
  it('a thanks that closes the conversation is small talk; a question after a thanks is not', () => {
    expect(analyzeQuestion('cool thanks, thats all i needed!', ['en']).smallTalk).toBe('thanks');
    expect(analyzeQuestion('that helps, thanks', ['en']).smallTalk).toBe('thanks');
    expect(analyzeQuestion("merci, c'est tout !", ['fr']).smallTalk).toBe('thanks');
    expect(analyzeQuestion('thanks, do you ship to canada?', ['en']).smallTalk).toBeNull();
    expect(analyzeQuestion('is that all the sizes it comes in?', ['en']).smallTalk).toBeNull();
  });

  it('"celui là" points at the product at hand, as "celui-là" does', () => {
    expect(analyzeQuestion("ça peut s'utiliser sur les cheveux celui là ?", ['fr']).deictic).toBe(true);
    expect(analyzeQuestion("ça peut s'utiliser sur les cheveux celui-là ?", ['fr']).deictic).toBe(true);
    expect(analyzeQuestion('vous livrez en Belgique ?', ['fr']).deictic).toBe(false);
  });
});

describe('the category a question names', () => {
  const inCategory = (name: string) => ({ kind: 'product', data: { categories: [{ name }] } });
  const catalog = [inCategory('Cuchillos'), inCategory('Dog food'), inCategory('Knives')];

  it('is what is asked for, not what it is for doing', () => {
    expect(categoryNamedIn('¿tenéis cuchillos de cocina?', catalog, ['es'])).toBe('Cuchillos');
    expect(categoryNamedIn('busco algo para colgar los cuchillos en la pared', catalog, ['es'])).toBeUndefined();
    expect(categoryNamedIn('something for hanging my knives', catalog, ['en'])).toBeUndefined();
    expect(categoryNamedIn('any knives under 50?', catalog, ['en'])).toBe('Knives');
    // What it is for, when no verb says so, stays: food for dogs is dog food.
    expect(categoryNamedIn('food for dogs?', catalog, ['en'])).toBe('Dog food');
  });
});
