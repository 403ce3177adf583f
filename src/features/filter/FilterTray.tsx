import type { CSSProperties } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';
import type { FilterState } from '@/lib/filter';
import type { MediaType } from '@/lib/mediaType';
import { filterRoute } from '@/lib/routes';
import { rangeOfTexts, rangeWords } from '@/lib/timeRange';

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

/** "34 of 812 items", "1 of 1 item". */
function itemCountText(matching: number, total: number): string {
  return `${matching.toLocaleString('en')} of ${total.toLocaleString('en')} ${total === 1 ? 'item' : 'items'}`;
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

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

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
  const timed = filter.from !== null || filter.to !== null;
  const active = filter.category !== null || filter.type !== null || filter.q !== null || timed;
  // Each filter on, and the route without it.
  const span = { from: filter.from, to: filter.to };
  const on: { label: string; without: string }[] = [];
  if (filter.category !== null) {
    const name = categories.find((c) => c.slug === filter.category)?.name ?? filter.category;
    on.push({ label: name, without: filterRoute(null, filter.type, filter.q, span) });
  }
  if (filter.type !== null)
    on.push({
      label: filter.type === 'video' ? 'Videos' : 'Photos',
      without: filterRoute(filter.category, null, filter.q, span),
    });
  if (filter.q !== null)
    on.push({
      label: `“${filter.q}”`,
      without: filterRoute(filter.category, filter.type, null, span),
    });
  if (timed)
    on.push({
      label: rangeWords(rangeOfTexts(filter.from, filter.to)),
      without: filterRoute(filter.category, filter.type, filter.q),
    });

  return (
    <>
      <div className="filter-tray">
        <button
          ref={buttonRef}
          type="button"
          className={`filter-tray__toggle${active ? ' filter-tray__toggle--active' : ''}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          Filters{active ? ' (on)' : ''}
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
          <button
            type="button"
            className="filter-tray__clear"
            onClick={() => choose(null, null, 'clear', true)}
          >
            Clear
          </button>
        </div>
      </div>
      {active && (
        <div className="filter-summary">
          <p className="filter-summary__count">{itemCountText(matching, total)}</p>
          <ul className="filter-summary__list" aria-label="Filters on">
            {on.map(({ label, without }) => (
              <li key={without}>
                <button
                  type="button"
                  className="filter-summary__item"
                  aria-label={`Remove filter: ${label}`}
                  onClick={() => {
                    analytics.click(CLICK.filterChip, 'remove');
                    void navigate(without);
                  }}
                >
                  {label}
                  <span aria-hidden="true"> ×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
