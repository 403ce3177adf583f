/**
 * The app's start pauses here a second time (issue 48): `main.tsx` imports this after the router
 * and the store's libraries, before the app's own modules.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
