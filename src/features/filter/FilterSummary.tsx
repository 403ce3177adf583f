import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useNavigate } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { rangeWords } from '@/features/filter/rangeWords';
import { CLICK } from '@/lib/analytics';
import type { FilterState } from '@/lib/filter';
import { countText } from '@/lib/numbers';
import { filterRoute } from '@/lib/routes';
import { rangeOfTexts } from '@/lib/timeRange';

/** A filter that is on: how the summary names it, and the route without it. */
interface FilterOn {
  label: string;
  without: string;
}

/** "34 of 812 items", "1 of 1 item". */
function itemCountText(matching: number, total: number): string {
  const shown = countText(matching);
  return t({
    message: plural(total, {
      one: `${shown} of # item`,
      other: `${shown} of # items`,
    }),
    comment:
      'Under the Filters button: how many of all the items the filters leave ("34 of 812 items")',
  });
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
      label:
        type === 'video'
          ? t({ message: 'Videos', comment: 'A filter chip: only the videos' })
          : t({ message: 'Photos', comment: 'A filter chip: only the photo galleries' }),
      without: filterRoute(category, null, q, span),
    });
  if (q !== null)
    on.push({
      label: t({
        message: `“${q}”`,
        comment: "The search's words, in the language's quotation marks, as a filter that is on",
      }),
      without: filterRoute(category, type, null, span),
    });
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
  // Said again in a language the visitor switches to.
  useLingui();
  const navigate = useNavigate();
  const analytics = useAnalytics();
  return (
    <div className="filter-summary">
      <p className="filter-summary__count">{itemCountText(matching, total)}</p>
      <ul
        className="filter-summary__list"
        aria-label={t({
          message: 'Filters on',
          comment:
            'Screen readers: the list of the filters that are on, each a button that removes it',
        })}
      >
        {on.map(({ label, without }) => (
          <li key={without}>
            <button
              type="button"
              className="filter-summary__item"
              aria-label={t({
                message: `Remove filter: ${label}`,
                comment:
                  'A button that takes one filter off (a category, "Videos", the words, a time)',
              })}
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
