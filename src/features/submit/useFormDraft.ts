import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * Session storage, not local storage: a draft may hold an e-mail address, and on a shared
 * computer it should go when the browser (or tab) closes. Either may be unavailable (private
 * modes, a full quota, storage switched off): the form then simply does not remember.
 */
function readStored(key: string): unknown {
  try {
    const json = window.sessionStorage.getItem(key);
    return json === null ? undefined : (JSON.parse(json) as unknown);
  } catch {
    return undefined;
  }
}

function writeStored(key: string, json: string | null): void {
  try {
    if (json === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, json);
  } catch {
    // Nothing to do: the draft lives on in the page for as long as it is open.
  }
}

/** What `useFormDraft` gives a form. */
export interface FormDraft<T> {
  draft: T;
  setDraft: Dispatch<SetStateAction<T>>;
  /** Empties the form and forgets the stored draft (after sending, or on "Start over"). */
  clearDraft(): void;
  /** Whether the form opened with something typed on an earlier visit in this tab (until cleared). */
  restored: boolean;
}

/**
 * A form's fields that survive an error, a reload, and leaving the page and coming back: every
 * change is written to session storage under `key`, and read back (through `parse`, which must
 * accept anything: `undefined`, an older shape) when the form opens. An untouched form stores
 * nothing.
 */
export function useFormDraft<T>(key: string, parse: (stored: unknown) => T): FormDraft<T> {
  const [initial] = useState(() => {
    const draft = parse(readStored(key));
    return { draft, restored: JSON.stringify(draft) !== JSON.stringify(parse(undefined)) };
  });
  const [draft, setDraft] = useState<T>(initial.draft);
  const [restored, setRestored] = useState(initial.restored);

  useEffect(() => {
    const json = JSON.stringify(draft);
    writeStored(key, json === JSON.stringify(parse(undefined)) ? null : json);
  }, [key, draft, parse]);

  const clearDraft = useCallback(() => {
    // Removed at once, not only through the effect: a send that succeeds after the visitor left
    // the page must still forget what it sent, or it would come back to be sent twice.
    writeStored(key, null);
    setDraft(parse(undefined));
    setRestored(false);
  }, [key, parse]);

  return { draft, setDraft, clearDraft, restored };
}
