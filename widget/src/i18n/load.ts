// Loads one language's catalogue of the panel's text: dist/i18n/<tag>.js, a classic script that
// hands its catalogue over on its own <script> element (like panel.js does), so that it needs no
// CORS and a nonce-based CSP admits it as it admits the panel. The loader never carries any.

import { ENGLISH, pickCatalogue, Translator } from './translator.js';

/** Set by build.mjs: the languages with a catalogue, and the content hash of each one's script
 * (a new catalogue never meets a stale cached copy). */
declare const __CATALOGUES__: { tags: string[]; versions: Record<string, string> };

export const CATALOGUE_READY_EVENT = 'storefront-assistant:catalogue';

/** Where the panel script came from: the catalogues sit beside it, under the same nonce. */
export type ScriptOrigin = { base: string; nonce: string };

function fetchCatalogue(tag: string, origin: ScriptOrigin): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${origin.base}/i18n/${tag}.js?v=${__CATALOGUES__.versions[tag] ?? ''}`;
    script.async = true;
    if (origin.nonce) script.nonce = origin.nonce;
    script.addEventListener(CATALOGUE_READY_EVENT, (event) => resolve((event as CustomEvent<unknown>).detail));
    script.addEventListener('load', () => reject(new Error(`${script.src} did not register a catalogue`)));
    script.addEventListener('error', () => reject(new Error(`${script.src} could not be loaded`)));
    document.head.append(script);
  });
}

const loads = new Map<string, Promise<Translator>>();

/**
 * The translator for the first locale with a catalogue (fr-CA → fr, nn → nb, zh → zh-Hans,
 * anything unknown → en). A catalogue that cannot be loaded leaves the panel in English.
 */
export function loadTranslator(locales: (string | undefined)[], origin: ScriptOrigin): Promise<Translator> {
  const tag = pickCatalogue(locales, __CATALOGUES__.tags);
  let load = loads.get(tag);
  if (!load) {
    load =
      tag === 'en'
        ? Promise.resolve(ENGLISH)
        : fetchCatalogue(tag, origin).then(
            (catalogue) => new Translator(tag, catalogue && typeof catalogue === 'object' ? catalogue : {}),
            () => {
              loads.delete(tag); // tried again on the next mount
              return ENGLISH;
            },
          );
    loads.set(tag, load);
  }
  return load;
}
