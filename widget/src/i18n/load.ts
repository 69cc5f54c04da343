// The panel's translator, from the catalogue of the visitor's language (catalogue-script.ts).

import { builtCatalogueFor, fetchCatalogue, type ScriptOrigin } from './catalogue-script.js';
import { ENGLISH, Translator } from './translator.js';

export type { ScriptOrigin };

const loads = new Map<string, Promise<Translator>>();

/**
 * The translator for the first locale with a catalogue (fr-CA → fr, nn → nb, zh → zh-Hans,
 * anything unknown → en). A catalogue that cannot be loaded leaves the panel in English.
 */
export function loadTranslator(locales: (string | undefined)[], origin: ScriptOrigin): Promise<Translator> {
  const tag = builtCatalogueFor(locales);
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
