/** Types of `sample-captures.mjs`, for the tests that build models with it. */
export declare const SAMPLE_CAPTURES: { house: string; debris: string };
export declare function writeGlb(json: unknown, bin?: Uint8Array): Buffer;
export declare function houseModel(): Buffer;
export declare function debrisSplat(count?: number): Buffer;
export declare function writeSampleCaptures(publicDir: string): void;
