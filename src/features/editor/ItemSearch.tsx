import type { ReactNode } from 'react';
import type { MediaNode } from '@/lib/nodeModel';
import './RelatedPicker.css';

/**
 * A search over the archive's items in an editor's form (a related item's, a story stop's): the
 * box (its label is the caller's, for `id`), the matches as buttons once something is typed
 * (`none` said where nothing matches), and the field's error under it.
 */
export function ItemSearch({
  id,
  name,
  query,
  onQuery,
  placeholder,
  matches,
  listLabel,
  none,
  choice,
  onChoose,
  error,
}: {
  id: string;
  name?: string;
  query: string;
  onQuery: (query: string) => void;
  placeholder: string;
  matches: readonly MediaNode[];
  listLabel: string;
  none: string;
  /** What a match's button says. */
  choice: (item: MediaNode) => ReactNode;
  onChoose: (item: MediaNode) => void;
  error?: string | undefined;
}) {
  return (
    <>
      <input
        id={id}
        name={name}
        type="search"
        value={query}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onQuery(event.target.value)}
      />
      {query.trim() !== '' && (
        <ul className="related-picker__matches" aria-label={listLabel}>
          {matches.length === 0 && <li className="field__hint">{none}</li>}
          {matches.map((item) => (
            <li key={item.video_id}>
              <button
                type="button"
                className="button-quiet"
                onClick={() => {
                  onChoose(item);
                  onQuery('');
                }}
              >
                {choice(item)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
