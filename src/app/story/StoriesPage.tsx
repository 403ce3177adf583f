import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useServiceAccess } from '@/app/hooks';
import { reloadStories, usePublishedStories } from '@/app/story/storySource';
import { storyRoute } from '@/lib/routes';
import type { ListedStory } from '@/lib/storyModel';
import { safeUrl } from '@/lib/url';
import './StoriesPage.css';

function StoryEntry({ story }: { story: ListedStory }) {
  const cover = story.cover === null ? null : safeUrl(story.cover);
  const stops = story.stops.length;
  return (
    <li className="stories__entry">
      {cover !== null && <img src={cover} alt="" width="240" height="135" loading="lazy" />}
      <div>
        <h2 className="stories__title">
          <Link to={storyRoute(story.story_id)}>{story.title}</Link>
        </h2>
        <p className="stories__count">
          {plural(stops, { one: '# stop', other: '# stops' })}
          {story.credit !== null && <> · {story.credit}</>}
        </p>
        <p>{story.intro}</p>
      </div>
    </li>
  );
}

/**
 * /stories (issue 51): the archive's published stories, each opening on the globe at its first
 * stop. Real text and links, so that a reader without the globe, and a search engine, have them.
 */
export function StoriesPage() {
  const { t } = useLingui();
  const state = usePublishedStories();
  const { baseUrl } = useServiceAccess();
  return (
    <div className="page page--content stories">
      <h1>
        {t({ message: 'Stories', comment: "The heading of /stories, the archive's stories" })}
      </h1>
      <p>
        {t`Editors of the archive tell the day and the months after through its items. Each story opens on the globe; step through it at your pace, or press Play.`}
      </p>
      {state.status === 'loading' && <p role="status">{t`Loading the stories…`}</p>}
      {state.status === 'failed' && (
        <div role="alert" className="form-error">
          <p>{t`The stories could not be loaded: ${state.message}`}</p>
          <button type="button" onClick={() => reloadStories(baseUrl)}>
            {t`Try again`}
          </button>
        </div>
      )}
      {state.status === 'loaded' &&
        (state.stories.length === 0 ? (
          <p>{t`No stories have been published yet.`}</p>
        ) : (
          <ul className="stories__list">
            {state.stories.map((story) => (
              <StoryEntry key={story.story_id} story={story} />
            ))}
          </ul>
        ))}
    </div>
  );
}
