import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { MediaNode } from '@/lib/nodeModel';
import { ItemSearch } from '@/features/editor/ItemSearch';
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
  const { t } = useLingui();
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
      <label htmlFor={id}>{t`Related items`}</label>
      {value.length > 0 && (
        <ul className="related-picker__chosen" aria-label={t`Related items chosen`}>
          {value.map((ref) => {
            const title = byId.get(ref)?.title;
            const name = title ?? ref;
            return (
              <li key={ref} className="chip chip--chosen">
                {title ??
                  t({
                    message: `${ref} (not in the archive)`,
                    comment: 'A related item whose id the archive does not hold',
                  })}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={t`Remove related item ${name}`}
                  onClick={() => onChange(value.filter((v) => v !== ref))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ItemSearch
        id={id}
        query={query}
        onQuery={setQuery}
        placeholder={t`Search by title`}
        matches={matches}
        listLabel={t`Matching items`}
        none={t`No other item matches.`}
        choice={(item) => {
          const title = item.title;
          const kind =
            item.type === 'video'
              ? t({ message: 'video', comment: 'A type of item, after its title in a list' })
              : t({
                  message: 'gallery',
                  comment: 'A type of item (a photo gallery), after its title in a list',
                });
          return (
            <Trans comment="A button that adds an item to the related items: its title and its type">
              Add “{title}” <span className="field__hint">({kind})</span>
            </Trans>
          );
        }}
        onChoose={(item) => onChange([...value, item.video_id])}
        error={error}
      />
    </div>
  );
}
