import { useEffect, useRef } from 'react';
import type { OlderLoad, PagedList } from '@/features/editor/usePagedList';
import './editor.css';

/** What a list holds, for its status line: ["message", "messages"]. */
export type ListNoun = readonly [one: string, many: string];

function statusText(load: OlderLoad, end: boolean, [one, many]: ListNoun): string {
  if (load.status === 'loading') return `Loading older ${many}…`;
  if (load.status !== 'loaded') return '';
  const loaded =
    load.count === 0
      ? `No older ${many} were found.`
      : `Loaded ${load.count} older ${load.count === 1 ? one : many}.`;
  return end ? `${loaded} There are no more.` : loaded;
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
  const { older, olderLoad: load, showOlder: onShowOlder } = paged;
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
          Show older
        </button>
      )}
      {/* Always in the page: a live region announces changes only once it exists. */}
      <p ref={status} className="field__hint" role="status" tabIndex={-1}>
        {statusText(load, older === null, noun)}
      </p>
      {load.status === 'failed' && (
        <p className="form-error" role="alert">
          Older {noun[1]} could not be loaded: {load.message}
        </p>
      )}
    </div>
  );
}
