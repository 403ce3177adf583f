// @ts-check
/**
 * `tsx --import ./scripts/lingui/register.mjs …` (issue 49): the project's TypeScript run by tsx
 * outside Vite (`npm run dev`'s services, the bench, the deploy) with Lingui's macros compiled and
 * the catalogs (`*.po`) loadable, as the build does. See ./loader.mjs.
 */
import { register } from 'node:module';

register('./loader.mjs', import.meta.url);
