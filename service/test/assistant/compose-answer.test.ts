import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../src/modules/assistant/offline/answer.js';
import type { OfflineSource, OfflineTurnFacts } from '../../src/modules/assistant/offline/facts.js';
import { stemsOf } from '../../src/modules/assistant/understanding/stemming.js';
import { analyzeQuestion } from '../../src/modules/assistant/understanding/question.js';

/** What the offline responder composes from a turn's facts, as the runtime hands them over. */

function source(kind: OfflineSource['kind'], title: string, content: string, origin: OfflineSource['origin'] = 'search'): OfflineSource {
  return { rank: 1, documentId: title, title, url: `https://shop.example/${encodeURIComponent(title)}`, kind, heading: null, content, data: {}, origin };
}

function aboutFocus(question: string, focus: OfflineSource, others: OfflineSource[]): string {
  const facts: OfflineTurnFacts = {
    language: 'en',
    contentLanguage: 'en',
    agentName: 'Shop assistant',
    shop: true,
    lowConfidence: false,
    analysis: analyzeQuestion(question, ['en']),
    focus: { documentId: focus.documentId, title: focus.title, url: focus.url, reason: 'name' },
    sources: [focus, ...others],
  };
  const composed = composeAnswer(question, facts, { toolsAvailable: new Set(['show_products']) });
  return composed.kind === 'tool' ? '' : composed.text;
}

describe('a product named in the question', () => {
  // The care page's sentence on linen had been quoted: its title fits "wash" better than the tee's text.
  it('"will the tee shrink in the wash?" is answered by the tee\'s sentence that says both, not a care page\'s', () => {
    const tee = source(
      'product',
      'Everyday Organic Crew Tee',
      "Will it shrink?\nBarely. The fabric is garment-washed and pre-shrunk before it's sewn, so expect less than 3% shrinkage if you wash cold.",
      'name',
    );
    const care = source('post', 'Fabric & Care', "Linen can shrink 3–5% the first time it's washed hot.\nWool needs washing far less often than cotton.");
    const text = aboutFocus('will the everyday crew tee shrink in the wash?', tee, [care]);
    expect(text).toContain('less than 3% shrinkage');
    expect(text).not.toContain('Linen');
  });
});

describe('English past forms', () => {
  it('"shrunk", "worn", "sold" are read as the verbs they are forms of', () => {
    expect(stemsOf('shrunk', ['en'])).toEqual(expect.arrayContaining(stemsOf('shrink', ['en'])));
    expect(stemsOf('unworn', ['en'])).toEqual(expect.arrayContaining(stemsOf('wear', ['en'])));
    expect(stemsOf('shrunk', ['de'])).not.toEqual(expect.arrayContaining(stemsOf('shrink', ['en'])));
  });
});
