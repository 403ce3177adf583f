import { createContext, use, type ReactNode } from 'react';

/**
 * The form an item's page offers for "Ask for removal or correction" (issue 31), drawn by the app
 * (it lives with the community's forms); none in the editor's preview.
 */
export const RemovalFormContext = createContext<((itemId: string) => ReactNode) | null>(null);

/** The item's removal or correction form, where the app gives one. */
export function AskForRemoval({ itemId }: { itemId: string }) {
  const form = use(RemovalFormContext);
  return form === null ? null : form(itemId);
}
