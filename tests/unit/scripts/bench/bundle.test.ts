import { describe, expect, it } from 'vitest';
import { codeFrom } from '../../../../scripts/bench/bundle';

/** The bench's attribution of built code to sources, through a source map's mappings (VLQ). */
describe('codeFrom', () => {
  const map = (mappings: string) =>
    JSON.stringify({
      version: 3,
      sources: [
        'src/globe/createGlobe.ts',
        'node_modules/@babylonjs/gui/2D/controls/rectangle.pure.js',
      ],
      mappings,
    });

  it('returns the generated code mapped to the chosen sources, segment by segment', () => {
    // Line 1: columns 0-2 from source 0, 3- from source 1. Line 2: column 0 from source 1 again,
    // column 4 from source 0 (the source index is relative to the previous segment's).
    const code = 'abcDEF\nGHIJklm';
    const mappings = 'AAAA,GCAA;AAAA,IDAA';
    const gui = (s: string) => s.includes('@babylonjs/gui/');
    expect(codeFrom(code, map(mappings), gui)).toBe('DEFGHIJ');
    expect(codeFrom(code, map(mappings), (s) => !gui(s))).toBe('abcklm');
  });

  it('leaves out segments with no source, and lines with no mappings', () => {
    const code = 'xyz\nabc';
    // One-field segment (no source) on line 1; nothing on line 2.
    expect(codeFrom(code, map('A;'), () => true)).toBe('');
    expect(codeFrom('', map(''), () => true)).toBe('');
  });
});
