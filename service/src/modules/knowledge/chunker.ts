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
 * Paragraphs are kept whole unless one alone exceeds MAX_WORDS, and each stays on its own line:
 * a spec list's items ("Weight: 380 g") remain separate lines that answers can quote one by one.
 */
export function chunkSections(sections: TextSection[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    let lines: string[] = [];
    let words = 0;
    const emit = () => {
      if (words > 0) chunks.push({ heading: section.heading, content: lines.join('\n') });
      lines = [];
      words = 0;
    };
    for (const paragraph of section.text.split('\n')) {
      const paragraphWords = paragraph.split(/\s+/).filter(Boolean);
      if (paragraphWords.length === 0) continue;
      if (words > 0 && words + paragraphWords.length > MAX_WORDS) emit();
      for (let i = 0; i < paragraphWords.length; i += MAX_WORDS) {
        const piece = paragraphWords.slice(i, i + MAX_WORDS);
        if (words > 0 && words + piece.length > MAX_WORDS) emit();
        lines.push(piece.join(' '));
        words += piece.length;
        if (words >= MAX_WORDS) emit();
      }
      if (words >= TARGET_WORDS) emit();
    }
    emit();
  }
  return chunks;
}
