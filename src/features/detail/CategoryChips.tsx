import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';
import type { CategoryRef } from '@/lib/nodeModel';
import { categoryRoute } from '@/lib/routes';

/** An item's categories, each a link to its filtered globe, in its palette colour. */
export function CategoryChips({
  categories,
  colours,
}: {
  categories: readonly CategoryRef[];
  colours: Readonly<Record<string, string>>;
}) {
  const { t } = useLingui();
  const analytics = useAnalytics();
  if (categories.length === 0) return null;
  return (
    <ul
      className="detail__chips"
      aria-label={t({
        message: 'Categories',
        comment: "The list of an item's categories, for screen readers",
      })}
    >
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            className="chip"
            to={categoryRoute(category.slug)}
            onClick={() => analytics.click(CLICK.categoryChip, category.slug)}
            style={{ '--chip-colour': colours[category.slug] } as CSSProperties}
          >
            <span className="chip__dot" aria-hidden="true" />
            {category.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
