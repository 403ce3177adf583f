/**
 * The app's start pauses here (issue 48): `main.tsx` imports this after React, and its top-level
 * `await` lets the browser run other tasks (a tap, a frame) before the rest of the start chunk is
 * evaluated. React DOM is CommonJS: the bundle evaluates its body where `main.tsx` first uses it,
 * after the last pause (`afterRoutes.ts`), not here; importing it here for its side effect made
 * this module's task one of 130-230 ms on a phone (CPU ÷4).
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
