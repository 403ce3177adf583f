/** Types of ./compileMacros.mjs (Lingui's macros compiled by Babel, issue 49). */
import type { BabelFileResult } from '@babel/core';

export declare const MACRO_IMPORT: RegExp;
export declare function compileMacros(
  code: string,
  filename: string,
  options: { syntax: 'typescript' | 'tsx' | 'javascript'; inlineMap?: boolean },
): Promise<{ code: string; map: BabelFileResult['map'] } | null>;
