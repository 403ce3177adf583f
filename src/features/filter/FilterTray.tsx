import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CSSProperties, RefObject } from 'react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import { filtersOn, FilterSummary } from '@/features/filter/FilterSummary';
import { CLICK } from '@/lib/analytics';
import type { FilterState } from '@/lib/filter';
import type { MediaType } from '@/lib/mediaType';
import { filterRoute } from '@/lib/routes';
import './FilterTray.css';

/** A category as the tray shows it. */
export interface TrayCategory {
  slug: string;
  name: string;
  colour: string;
}

const TYPES: { type: MediaType | null; label: MessageDescriptor }[] = [
  {
    type: null,
    label: msg({
      message: 'All Media',
      comment: 'A filter chip: every kind of media (videos and photos)',
    }),
  },
  { type: 'video', label: msg({ message: 'Videos', comment: 'A filter chip: only the videos' }) },
  {
    type: 'gallery',
    label: msg({ message: 'Photos', comment: 'A filter chip: only the photo galleries' }),
  },
];

/** What a chip does: the route with its category and type, named for analytics. */
type Choose = (category: string | null, type: MediaType | null, label: string) => void;

/** Escape closes the open tray, the focus going back to its button. */
function useEscapeCloses(open: boolean, close: () => void, button: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, button]);
}

/** The tray's chips: All and each category in its colour, then the media types. */
function FilterChips({
  panelId,
  categories,
  filter,
  choose,
}: {
  panelId: string;
  categories: readonly TrayCategory[];
  filter: FilterState;
  choose: Choose;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <h2 className="filter-tray__heading" id={`${panelId}-categories`}>
        {t({ message: 'Category', comment: "The heading of the filter tray's category chips" })}
      </h2>
      <ul className="filter-tray__chips" aria-labelledby={`${panelId}-categories`}>
        <li>
          <button
            type="button"
            className="chip"
            aria-pressed={filter.category === null}
            onClick={() => choose(null, filter.type, 'category:all')}
          >
            {t({ message: 'All', comment: 'A filter chip: every category' })}
          </button>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <button
              type="button"
              className="chip"
              style={{ '--chip-colour': category.colour } as CSSProperties}
              aria-pressed={filter.category === category.slug}
              onClick={() => choose(category.slug, filter.type, `category:${category.slug}`)}
            >
              <span className="chip__dot" aria-hidden="true" />
              {category.name}
            </button>
          </li>
        ))}
      </ul>
      <h2 className="filter-tray__heading" id={`${panelId}-types`}>
        {t({
          message: 'Media',
          comment: "The heading of the filter tray's chips for the kind of media (videos, photos)",
        })}
      </h2>
      <ul className="filter-tray__chips" aria-labelledby={`${panelId}-types`}>
        {TYPES.map(({ type, label }) => (
          <li key={type ?? 'all'}>
            <button
              type="button"
              className="chip"
              aria-pressed={filter.type === type}
              onClick={() => choose(filter.category, type, `type:${type ?? 'all'}`)}
            >
              {i18n._(label)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The filter tray (SPEC §2): category chips (All plus each category in its colour), media-type
 * chips and Clear. Choosing navigates (the route is the filter) and closes the tray; so do the
 * mouse leaving it and Escape. Under the button, while anything narrows the archive, every filter
 * on (category, media, words, time) with a button that takes it off, and how many items they leave.
 */
export function FilterTray({
  categories,
  matching,
  total,
}: {
  categories: readonly TrayCategory[];
  /** How many items the filters leave, of how many. */
  matching: number;
  total: number;
}) {
  const { t } = useLingui();
  const filter = useAppSelector((state: { filter: FilterState }) => state.filter);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const analytics = useAnalytics();
  const close = useCallback(() => setOpen(false), []);
  useEscapeCloses(open, close, buttonRef);

  // A chip keeps the search's words and the timeline's range; Clear returns home, without them.
  const choose = (
    category: string | null,
    type: MediaType | null,
    label: string,
    clear = false,
  ) => {
    analytics.click(CLICK.filterChip, label);
    void navigate(clear ? '/' : filterRoute(category, type, filter.q, filter));
    setOpen(false);
  };
  const on = filtersOn(filter, categories);

  return (
    <>
      <div className="filter-tray">
        <button
          ref={buttonRef}
          type="button"
          className={`filter-tray__toggle${on.length > 0 ? ' filter-tray__toggle--active' : ''}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {on.length > 0
            ? t({
                message: 'Filters (on)',
                comment: 'The button that opens the filter tray, while a filter is on',
              })
            : t({
                message: 'Filters',
                comment: 'The filter tray: the button that opens it, and its name',
              })}
        </button>
        <div
          id={panelId}
          className="filter-tray__panel"
          hidden={!open}
          role="group"
          aria-label={t({
            message: 'Filters',
            comment: 'The filter tray: the button that opens it, and its name',
          })}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setOpen(false);
          }}
        >
          <FilterChips panelId={panelId} categories={categories} filter={filter} choose={choose} />
          <button
            type="button"
            className="filter-tray__clear"
            onClick={() => choose(null, null, 'clear', true)}
          >
            {t({
              message: 'Clear',
              comment:
                'The filter tray button that takes every filter off (and the words, and the time)',
            })}
          </button>
        </div>
      </div>
      {on.length > 0 && <FilterSummary on={on} matching={matching} total={total} />}
    </>
  );
}
