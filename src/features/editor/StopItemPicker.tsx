import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { safeUrl } from '@/lib/url';
import { ItemSearch } from '@/features/editor/ItemSearch';
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
      <ItemSearch
        id={id}
        name={name}
        query={query}
        onQuery={setQuery}
        placeholder={t`Search by title or words`}
        matches={matches}
        listLabel={t({
          message: `Items matching, for stop ${stop}`,
          comment: "The list of items a story stop's search found",
        })}
        none={t`No item matches.`}
        choice={(item) => {
          const match = item.title;
          return (
            <Trans comment="A button that makes an item the one a story's stop shows: its title and id">
              Choose “{match}” <span className="field__hint">({item.video_id})</span>
            </Trans>
          );
        }}
        onChoose={(item) => onChange(item.video_id)}
        error={error}
      />
    </div>
  );
}
