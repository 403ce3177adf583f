import type { CSSProperties } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAnalytics, useAppSelector } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';
import type { FilterState } from '@/lib/filter';
import type { MediaType } from '@/lib/mediaType';
import { filterRoute } from '@/lib/routes';

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

/**
 * The filter tray (SPEC §2): category chips (All plus each category in its colour), media-type
 * chips and Clear. Choosing navigates (the route is the filter) and closes the tray; so do the
 * mouse leaving it and Escape.
 */
export function FilterTray({ categories }: { categories: readonly TrayCategory[] }) {
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

  // A chip keeps the search's words; Clear returns home, without them.
  const choose = (
    category: string | null,
    type: MediaType | null,
    label: string,
    q: string | null = filter.q,
  ) => {
    analytics.click(CLICK.filterChip, label);
    void navigate(filterRoute(category, type, q));
    setOpen(false);
  };
  const active = filter.category !== null || filter.type !== null || filter.q !== null;

  return (
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
          onClick={() => choose(null, null, 'clear', null)}
        >
          Clear
        </button>
      </div>
    </div>
  );
}
