import type { TextSection } from './html-text.js';

export interface Chunk {
  heading: string | null;
  content: string;
}

/** A few hundred words: long enough to carry an answer, short enough to rank precisely. */
export const TARGET_WORDS = 220;
export const MAX_WORDS = 320;

/**
 * Splits sections into chunks that never cross a heading, so each chunk keeps the heading it
 * sits under (and the document title is indexed with every chunk by the indexer).
 * Paragraphs are kept whole unless one alone exceeds MAX_WORDS.
 */
export function chunkSections(sections: TextSection[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    let words: string[] = [];
    const emit = () => {
      if (words.length > 0) chunks.push({ heading: section.heading, content: words.join(' ') });
      words = [];
    };
    for (const paragraph of section.text.split('\n')) {
      const paragraphWords = paragraph.split(/\s+/).filter(Boolean);
      if (words.length > 0 && words.length + paragraphWords.length > MAX_WORDS) emit();
      for (let i = 0; i < paragraphWords.length; i += MAX_WORDS) {
        words.push(...paragraphWords.slice(i, i + MAX_WORDS));
        if (words.length >= MAX_WORDS) emit();
      }
      if (words.length >= TARGET_WORDS) emit();
    }
    emit();
  }
  return chunks;
}
