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

const TYPES: { type: MediaType | null; label: string }[] = [
  { type: null, label: 'All Media' },
  { type: 'video', label: 'Videos' },
  { type: 'gallery', label: 'Photos' },
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
  return (
    <>
      <h2 className="filter-tray__heading" id={`${panelId}-categories`}>
        Category
      </h2>
      <ul className="filter-tray__chips" aria-labelledby={`${panelId}-categories`}>
        <li>
          <button
            type="button"
            className="chip"
            aria-pressed={filter.category === null}
            onClick={() => choose(null, filter.type, 'category:all')}
          >
            All
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
        Media
      </h2>
      <ul className="filter-tray__chips" aria-labelledby={`${panelId}-types`}>
        {TYPES.map(({ type, label }) => (
          <li key={label}>
            <button
              type="button"
              className="chip"
              aria-pressed={filter.type === type}
              onClick={() => choose(filter.category, type, `type:${type ?? 'all'}`)}
            >
              {label}
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
          Filters{on.length > 0 ? ' (on)' : ''}
        </button>
        <div
          id={panelId}
          className="filter-tray__panel"
          hidden={!open}
          role="group"
          aria-label="Filters"
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
            Clear
          </button>
        </div>
      </div>
      {on.length > 0 && <FilterSummary on={on} matching={matching} total={total} />}
    </>
  );
}
