import { sql } from 'drizzle-orm';

/**
 * Shoppers write names without their accents ("kobo knife" for the "Kōbō", "manana" for the
 * "Mañana", "gipfelsturmer"), and trigrams of "kōbō" share almost nothing with "kobo". Names are
 * compared with the accents of Latin letters taken off on both sides: in the database by
 * `translate` (immutable, so an index can hold it; see migration 0014), here by the same table.
 * Letters of other scripts are left as they are.
 */
export const LATIN_ACCENTED =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłıÐ';
export const LATIN_PLAIN =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllid';

const PLAIN_OF = new Map([...LATIN_ACCENTED].map((letter, index) => [letter, LATIN_PLAIN[index]!]));

/** Lower case, Latin letters without their accents: as `TITLE_WITHOUT_ACCENTS` reads a name. */
export function withoutAccents(text: string): string {
  let plain = '';
  for (const letter of text.toLowerCase()) plain += PLAIN_OF.get(letter) ?? letter;
  return plain;
}

/** A product's name (documents `d`) as `withoutAccents` writes it; the expression migration 0014 indexes. */
export const TITLE_WITHOUT_ACCENTS = sql.raw(`translate(lower(d.title), '${LATIN_ACCENTED}', '${LATIN_PLAIN}')`);
