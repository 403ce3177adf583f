/**
 * The app's start pauses here (issue 48): `main.tsx` imports this after the config and the
 * session's slice, before the store's other slices, their selectors and the item's fields.
 */
import { nextTask } from '@/app/start/nextTask';

await nextTask();
