import { Trans, useLingui } from '@lingui/react/macro';
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
      <input
        id={id}
        type="search"
        value={query}
        placeholder={t`Search by title`}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setQuery(event.target.value)}
      />
      {needle !== '' && (
        <ul className="related-picker__matches" aria-label={t`Matching items`}>
          {matches.length === 0 && <li className="field__hint">{t`No other item matches.`}</li>}
          {matches.map((item) => {
            const title = item.title;
            const kind =
              item.type === 'video'
                ? t({ message: 'video', comment: 'A type of item, after its title in a list' })
                : t({
                    message: 'gallery',
                    comment: 'A type of item (a photo gallery), after its title in a list',
                  });
            return (
              <li key={item.video_id}>
                <button
                  type="button"
                  className="button-quiet"
                  onClick={() => {
                    onChange([...value, item.video_id]);
                    setQuery('');
                  }}
                >
                  <Trans comment="A button that adds an item to the related items: its title and its type">
                    Add “{title}” <span className="field__hint">({kind})</span>
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
