import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script of the widget's, without type declarations
import { checkCatalogue, checkCatalogues } from '../scripts/check-catalogues.mjs';

type Check = (tag: string, source: string, reference: unknown) => string[];
const check = checkCatalogue as Check;
const all = checkCatalogues as () => Promise<Map<string, string[]>>;

const reference = { send: 'Send', couponApplied: 'Coupon {code} was added.', unread: { one: '{count} unread message', other: '{count} unread messages' } };

describe('the panel text catalogues', () => {
  it('every catalogue has exactly the keys, placeholders and plural forms of en.json', async () => {
    const results = await all();
    expect(results.size).toBeGreaterThanOrEqual(1);
    expect(Object.fromEntries([...results].filter(([, problems]) => problems.length > 0))).toEqual({});
  });

  it('the check finds a missing key, an extra key, a wrong placeholder and a missing plural form', () => {
    const broken = JSON.stringify({ couponApplied: 'Gutschein {coupon} hinzugefügt.', unread: { other: '{count} ungelesen' }, extra: 'x' });
    expect(check('de', broken, reference)).toEqual([
      'send: missing',
      'couponApplied: placeholders {coupon}, expected {code}',
      'unread: plural categories other, expected one, other',
      'extra: not in en.json',
    ]);
  });

  it('asks of a language the plural forms its rules use (Arabic has six)', () => {
    const arabic = JSON.stringify({ send: 'إرسال', couponApplied: 'أُضيفت القسيمة {code}.', unread: { one: '{count}', other: '{count}' } });
    expect(check('ar', arabic, reference)).toEqual(['unread: plural categories one, other, expected few, many, one, other, two, zero']);
  });
});
