import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { FilterTray } from '@/features/filter/FilterTray';
import { SearchBox } from '@/features/filter/SearchBox';

/**
 * The home screen's tools over the globe: Filters, Stories and the search box. They show only once the
 * globe is shown, so their code (and their words) stay out of what loads before the intro
 * (issue 49's budget); the home route asks for this module as soon as the archive is here, well
 * before the reveal, so the tools are there, and answer a tap, the moment the globe shows.
 */
export function HomeTools({
  categories,
  matching,
  total,
  nodesById,
  filter,
}: ComponentProps<typeof FilterTray> & ComponentProps<typeof SearchBox>) {
  const { t } = useLingui();
  return (
    <>
      <FilterTray categories={categories} matching={matching} total={total} />
      <Link className="button-link home-tools__stories" to="/stories">
        {t({
          message: 'Stories',
          comment: "A link beside Filters to the archive's stories, told over the globe",
        })}
      </Link>
      <SearchBox nodesById={nodesById} filter={filter} />
    </>
  );
}
