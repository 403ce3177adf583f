import { useNavigate } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';
import type { FilterState } from '@/lib/filter';
import { countText } from '@/lib/numbers';
import { filterRoute } from '@/lib/routes';
import { rangeOfTexts, rangeWords } from '@/lib/timeRange';

/** A filter that is on: how the summary names it, and the route without it. */
interface FilterOn {
  label: string;
  without: string;
}

/** "34 of 812 items", "1 of 1 item". */
function itemCountText(matching: number, total: number): string {
  return `${countText(matching)} of ${countText(total)} ${total === 1 ? 'item' : 'items'}`;
}

/** Each filter on (category, media, words, time), and the route without it. */
export function filtersOn(
  filter: FilterState,
  categories: readonly { slug: string; name: string }[],
): FilterOn[] {
  const { category, type, q, from, to } = filter;
  const span = { from, to };
  const on: FilterOn[] = [];
  if (category !== null) {
    const name = categories.find((c) => c.slug === category)?.name ?? category;
    on.push({ label: name, without: filterRoute(null, type, q, span) });
  }
  if (type !== null)
    on.push({
      label: type === 'video' ? 'Videos' : 'Photos',
      without: filterRoute(category, null, q, span),
    });
  if (q !== null) on.push({ label: `“${q}”`, without: filterRoute(category, type, null, span) });
  if (from !== null || to !== null)
    on.push({
      label: rangeWords(rangeOfTexts(from, to)),
      without: filterRoute(category, type, q),
    });
  return on;
}

/**
 * Under the Filters button, while anything narrows the archive: every filter on, with a button
 * that takes it off, and how many items they leave.
 */
export function FilterSummary({
  on,
  matching,
  total,
}: {
  on: readonly FilterOn[];
  /** How many items the filters leave, of how many. */
  matching: number;
  total: number;
}) {
  const navigate = useNavigate();
  const analytics = useAnalytics();
  return (
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
  );
}
