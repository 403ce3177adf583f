/** Types for logoWords.mjs (the unit tests read its words and outlines). */
export interface Word {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: 400 | 600 | 700 | 800;
  length: number;
  adjust: 'spacingAndGlyphs' | 'spacing';
  anchor?: 'start' | 'middle';
  paint: string;
}
export const WORDMARK: readonly Word[];
export const MONOGRAM: readonly Word[];
export function outline(word: Word): string;
export function wordsGroup(id: string, words: readonly Word[]): string;
