// The panel's text in the visitor's language: one catalogue per language (catalogues/<tag>.json,
// the key set of en.json), with plurals, numbers, prices and relative times through Intl in the
// catalogue's locale. English is bundled with the panel; the others are fetched with it (loader.ts).

import en from './catalogues/en.json' with { type: 'json' };

export { catalogueTag, pickCatalogue } from './catalogue-script.js';

export type Catalogue = typeof en;
type Key = keyof Catalogue;
/** Keys whose entry is a plural object keyed by Intl.PluralRules categories. */
export type PluralKey = { [K in Key]: Catalogue[K] extends string ? never : K }[Key];
export type TextKey = Exclude<Key, PluralKey>;
type Params = Record<string, string | number>;
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const fill = (text: string, params: Params = {}): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

export class Translator {
  private readonly plurals: Intl.PluralRules;
  private readonly numbers: Intl.NumberFormat;
  private readonly relative: Intl.RelativeTimeFormat;

  /** `catalogue` may lack keys (a catalogue from an older build): English fills them. */
  constructor(
    readonly tag: string,
    private readonly catalogue: Partial<Record<Key, unknown>> = en,
  ) {
    this.plurals = new Intl.PluralRules(tag);
    this.numbers = new Intl.NumberFormat(tag);
    this.relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  }

  text(key: TextKey, params?: Params): string {
    const value = this.catalogue[key];
    return fill(typeof value === 'string' ? value : en[key], params);
  }

  /** A plural entry for `count`, its {count} written with the language's digits and separators. */
  count(key: PluralKey, count: number, params: Params = {}): string {
    const value = this.catalogue[key];
    const forms = (value && typeof value === 'object' ? value : en[key]) as PluralForms;
    const form = forms[this.plurals.select(count)] ?? forms.other;
    return fill(form, { ...params, count: this.numbers.format(count) });
  }

  /** How long ago, in words ("2 minutes ago", "vor 2 Minuten"); under a minute, "Just now". */
  ago(then: Date, now: Date = new Date()): string {
    const seconds = (now.getTime() - then.getTime()) / 1000;
    if (!(seconds >= 60)) return this.text('justNow');
    for (const [unit, size] of RELATIVE_UNITS) {
      if (seconds >= size) return this.relative.format(-Math.floor(seconds / size), unit);
    }
    return this.text('justNow');
  }
}

/**
 * A price from the shop's decimal string ("189.00") in the page's locale and the synced currency
 * ("189,00 $" on a French page, "US$189.00" in en-AU); the shop's text as it came when it is not
 * a number or the currency is unknown to the browser.
 */
export function formatPrice(amount: string, currency: string, locale: string): string {
  const value = Number(amount);
  if (!amount.trim() || !Number.isFinite(value)) return `${amount} ${currency}`.trim();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`.trim();
  }
}

export const ENGLISH = new Translator('en');
