/**
 * The app's start pauses here between the router and the store's libraries (issue 48): `main.tsx`
 * imports this after react-router, whose evaluation with react-redux's and the toolkit's was one
 * task of 79 ms on a phone (CPU ÷4). See `afterReact.ts` and `afterLibraries.ts` for the others.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
