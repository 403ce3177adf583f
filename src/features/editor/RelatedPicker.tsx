import { useId, useState } from 'react';
import type { MediaNode } from '@/lib/nodeModel';
import './RelatedPicker.css';

interface Props {
  /** Ids of the related items, in order. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Every item of the archive (the one being edited is left out here). */
  items: readonly MediaNode[];
  selfId: string;
  error?: string | undefined;
}

const SHOWN = 8;

/** Related items: search the archive by title or id and add; remove from the chosen list. */
export function RelatedPicker({ value, onChange, items, selfId, error }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const byId = new Map(items.map((item) => [item.video_id, item]));
  const needle = query.trim().toLowerCase();
  const matches =
    needle === ''
      ? []
      : items
          .filter(
            (item) =>
              item.video_id !== selfId &&
              !value.includes(item.video_id) &&
              (item.title.toLowerCase().includes(needle) || item.video_id.includes(needle)),
          )
          .slice(0, SHOWN);
  return (
    <div className="field related-picker">
      <label htmlFor={id}>Related items</label>
      {value.length > 0 && (
        <ul className="related-picker__chosen" aria-label="Related items chosen">
          {value.map((ref) => (
            <li key={ref} className="chip chip--chosen">
              {byId.get(ref)?.title ?? `${ref} (not in the archive)`}
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove related item ${byId.get(ref)?.title ?? ref}`}
                onClick={() => onChange(value.filter((v) => v !== ref))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        value={query}
        placeholder="Search by title"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setQuery(event.target.value)}
      />
      {needle !== '' && (
        <ul className="related-picker__matches" aria-label="Matching items">
          {matches.length === 0 && <li className="field__hint">No other item matches.</li>}
          {matches.map((item) => (
            <li key={item.video_id}>
              <button
                type="button"
                className="button-quiet"
                onClick={() => {
                  onChange([...value, item.video_id]);
                  setQuery('');
                }}
              >
                Add “{item.title}” <span className="field__hint">({item.type})</span>
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
    </div>
  );
}
