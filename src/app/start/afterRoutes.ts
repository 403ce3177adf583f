/**
 * The app's start pauses here (issue 48): `main.tsx` imports this after the routes and the screens
 * they show first. React DOM, which the bundle evaluates in `main.tsx`'s own body (it is
 * CommonJS, evaluated where it is first used), then runs in a task of its own.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
