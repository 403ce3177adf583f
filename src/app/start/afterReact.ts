/**
 * The app's start pauses here (issue 48): `main.tsx` imports this after React and React DOM, and
 * its top-level `await` lets the browser run other tasks (a tap, a frame) before the rest of the
 * start chunk is evaluated. See `afterLibraries.ts` for the second pause.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
