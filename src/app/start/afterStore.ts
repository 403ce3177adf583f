/**
 * The app's start pauses here (issue 48): `main.tsx` imports this after the store's modules,
 * before the router's routes and the screens they show first.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
