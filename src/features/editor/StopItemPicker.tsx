import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { safeUrl } from '@/lib/url';
import './RelatedPicker.css';

interface Props {
  /** The chosen item's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  items: readonly MediaNode[];
  /** The stop's number, for the labels ("Item of stop 2"). */
  stop: number;
  /** The field's name, which focus-on-error finds it by. */
  name: string;
  error?: string | undefined;
}

const SHOWN = 8;

/** The items whose title, id or description holds every word of the search, the first 8. */
function matchesOf(items: readonly MediaNode[], query: string): MediaNode[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return items
    .filter((item) => {
      const text = `${item.title} ${item.video_id} ${item.description}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .slice(0, SHOWN);
}

/**
 * A stop's item: the chosen one with its picture and title, and a search over the archive's
 * items by their words to choose (or change) it, as `RelatedPicker` chooses related items.
 */
export function StopItemPicker({ value, onChange, items, stop, name, error }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [query, setQuery] = useState('');
  const chosen = value === null ? undefined : items.find((item) => item.video_id === value);
  const matches = matchesOf(items, query);
  const searching = query.trim() !== '';
  const title = chosen?.title ?? value ?? '';
  return (
    <div className="field stop-item">
      {value !== null && (
        <div className="stop-item__chosen">
          {chosen && <img src={safeUrl(nodeThumbnailUrl(chosen)) ?? ''} alt="" loading="lazy" />}
          <p>
            {chosen
              ? chosen.title
              : t({
                  message: `${value} (not in the archive)`,
                  comment: "A story stop's item whose id the archive does not hold",
                })}
          </p>
          <button
            type="button"
            className="button-quiet"
            aria-label={t`Remove the item “${title}” from stop ${stop}`}
            onClick={() => onChange(null)}
          >
            {t({ message: 'Remove', comment: "Takes the chosen item off a story's stop" })}
          </button>
        </div>
      )}
      <label htmlFor={id}>
        {value === null
          ? t({ message: 'Find an item', comment: "A story stop's search for its item" })
          : t({ message: 'Choose another item', comment: "A story stop's search for its item" })}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        value={query}
        placeholder={t`Search by title or words`}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setQuery(event.target.value)}
      />
      {searching && (
        <ul
          className="related-picker__matches"
          aria-label={t({
            message: `Items matching, for stop ${stop}`,
            comment: "The list of items a story stop's search found",
          })}
        >
          {matches.length === 0 && <li className="field__hint">{t`No item matches.`}</li>}
          {matches.map((item) => {
            const match = item.title;
            return (
              <li key={item.video_id}>
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() => {
                    onChange(item.video_id);
                    setQuery('');
                  }}
                >
                  <Trans comment="A button that makes an item the one a story's stop shows: its title and id">
                    Choose “{match}” <span className="field__hint">({item.video_id})</span>
                  </Trans>
                </button>
              </li>
            );
          })}
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
