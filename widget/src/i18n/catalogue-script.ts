// One language's catalogue of the panel's text: dist/i18n/<tag>.js, a classic script that hands
// its catalogue over on its own <script> element (like panel.js does), so that it needs no CORS
// and a nonce-based CSP admits it as it admits the panel. No catalogue is bundled here: the
// loader uses this module too, for the launcher's and teaser's own words (instance.ts).

/** Where a language's catalogue is known by another tag: Norwegian Nynorsk readers read Bokmål,
 * Chinese without a script subtag is Simplified unless its region writes Traditional. */
const ALIASES: Record<string, string> = {
  nn: 'nb',
  no: 'nb',
  iw: 'he',
  in: 'id',
  tl: 'fil',
  zh: 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-mo': 'zh-Hant',
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
};

/**
 * The catalogue for a BCP-47 locale among the available tags: the tag itself, its script form
 * (zh-Hant-TW → zh-Hant), an alias, its language alone (en-GB → en, fr-CA → fr), else English.
 */
export function catalogueTag(locale: string | undefined, available: readonly string[]): string | undefined {
  if (!locale) return undefined;
  const byLower = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  const parts = locale.trim().replace(/_/g, '-').toLowerCase().split('-');
  const candidates = [parts.join('-'), parts.slice(0, 2).join('-'), parts[0] ?? ''];
  for (const candidate of candidates) {
    const found = byLower.get(candidate) ?? byLower.get(ALIASES[candidate]?.toLowerCase() ?? '');
    if (found) return found;
  }
  return undefined;
}

/** The first of the locales with a catalogue, else English. */
export function pickCatalogue(locales: readonly (string | undefined)[], available: readonly string[]): string {
  for (const locale of locales) {
    const tag = catalogueTag(locale, available);
    if (tag) return tag;
  }
  return 'en';
}

/** Set by build.mjs: the languages with a catalogue, and the content hash of their scripts
 * (a new catalogue never meets a stale cached copy). */
declare const __CATALOGUES__: { tags: string[]; version: string };

/** The catalogue this build has for the first of the locales that has one, else English. */
export const builtCatalogueFor = (locales: readonly (string | undefined)[]): string => pickCatalogue(locales, __CATALOGUES__.tags);

export const CATALOGUE_READY_EVENT = 'storefront-assistant:catalogue';

/** Where the panel script came from: the catalogues sit beside it, under the same nonce. */
export type ScriptOrigin = { base: string; nonce: string };

export function fetchCatalogue(tag: string, origin: ScriptOrigin): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${origin.base}/i18n/${tag}.js?v=${__CATALOGUES__.version}`;
    script.async = true;
    if (origin.nonce) script.nonce = origin.nonce;
    script.addEventListener(CATALOGUE_READY_EVENT, (event) => resolve((event as CustomEvent<unknown>).detail));
    script.addEventListener('load', () => reject(new Error(`${script.src} did not register a catalogue`)));
    script.addEventListener('error', () => reject(new Error(`${script.src} could not be loaded`)));
    document.head.append(script);
  });
}

/**
 * The catalogue of the first locale that has one, as its script hands it over; null for English
 * (bundled with the panel) or when it cannot be loaded.
 */
export async function loadCatalogue(locales: (string | undefined)[], origin: ScriptOrigin): Promise<Record<string, unknown> | null> {
  const tag = builtCatalogueFor(locales);
  if (tag === 'en') return null;
  const catalogue = await fetchCatalogue(tag, origin).catch(() => null);
  return catalogue && typeof catalogue === 'object' ? (catalogue as Record<string, unknown>) : null;
}
