import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { OlderLoad, PagedList } from '@/features/editor/usePagedList';
import './editor.css';

/** What a list holds, for its status line. */
export type ListNoun = 'messages' | 'submissions' | 'requests' | 'changes';

/** What the status line and the failure say of a list, in the active language (called at render). */
interface OlderWords {
  loading(): string;
  none(): string;
  loaded(count: number): string;
  failed(message: string): string;
}

const WORDS: Record<ListNoun, OlderWords> = {
  messages: {
    loading: () => t`Loading older messages…`,
    none: () => t`No older messages were found.`,
    loaded: (count) =>
      plural(count, { one: 'Loaded # older message.', other: 'Loaded # older messages.' }),
    failed: (message) => t`Older messages could not be loaded: ${message}`,
  },
  submissions: {
    loading: () => t`Loading older submissions…`,
    none: () => t`No older submissions were found.`,
    loaded: (count) =>
      plural(count, { one: 'Loaded # older submission.', other: 'Loaded # older submissions.' }),
    failed: (message) => t`Older submissions could not be loaded: ${message}`,
  },
  requests: {
    loading: () => t`Loading older requests…`,
    none: () => t`No older requests were found.`,
    loaded: (count) =>
      plural(count, { one: 'Loaded # older request.', other: 'Loaded # older requests.' }),
    failed: (message) => t`Older requests could not be loaded: ${message}`,
  },
  changes: {
    loading: () => t`Loading older changes…`,
    none: () => t`No older changes were found.`,
    loaded: (count) =>
      plural(count, { one: 'Loaded # older change.', other: 'Loaded # older changes.' }),
    failed: (message) => t`Older changes could not be loaded: ${message}`,
  },
};

function statusText(load: OlderLoad, end: boolean, words: OlderWords): string {
  if (load.status === 'loading') return words.loading();
  if (load.status !== 'loaded') return '';
  const loaded = load.count === 0 ? words.none() : words.loaded(load.count);
  if (!end) return loaded;
  const noMore = t({
    message: 'There are no more.',
    comment: 'After "Loaded 3 older messages." under a list: nothing older is left to load',
  });
  return `${loaded} ${noMore}`;
}

/**
 * The "Show older" button under a list read a page at a time, and a polite status that says what
 * it loaded. Shown only under a loaded list that has entries; it goes away when there is nothing
 * older.
 */
export function ShowOlder<T>({
  paged,
  noun,
}: {
  /** The list, as `usePagedList` reads it. */
  paged: PagedList<T>;
  noun: ListNoun;
}) {
  // Re-renders in a newly chosen language.
  useLingui();
  const { older, olderLoad: load, showOlder: onShowOlder } = paged;
  const words = WORDS[noun];
  const status = useRef<HTMLParagraphElement>(null);
  const clicked = useRef(false);

  useEffect(() => {
    // The button vanishes with the last page; focus would drop to the top of the document, so it
    // moves to the status just where the button was, which says that the list is complete.
    if (older === null && clicked.current) status.current?.focus();
    clicked.current = false;
  }, [older]);

  if (paged.list.status !== 'ready' || paged.list.data.length === 0) return null;
  return (
    <div className="show-older">
      {older !== null && (
        <button
          type="button"
          className="button-quiet"
          onClick={() => {
            clicked.current = true;
            onShowOlder();
          }}
        >
          {t({
            message: 'Show older',
            comment:
              'The button under a list of messages, submissions or changes that loads older ones',
          })}
        </button>
      )}
      {/* Always in the page: a live region announces changes only once it exists. */}
      <p ref={status} className="field__hint" role="status" tabIndex={-1}>
        {statusText(load, older === null, words)}
      </p>
      {load.status === 'failed' && (
        <p className="form-error" role="alert">
          {words.failed(load.message)}
        </p>
      )}
    </div>
  );
}
