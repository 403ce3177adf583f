import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useStoryApi, type StoredStory } from '@/features/editor/storyApi';
import { useLoaded } from '@/features/editor/useEditorData';
import { editorTimeText } from '@/lib/editorTime';
import { storyRoute } from '@/lib/routes';
import './ItemListPage.css';
import './StoryEditor.css';

/** One story of the list: its link to edit it, its state, its stops and when it last changed. */
function StoryRow({
  stored,
  busy,
  onRestore,
}: {
  stored: StoredStory;
  busy: boolean;
  onRestore?: () => void;
}) {
  const { t } = useLingui();
  const { story, changedAt } = stored;
  const stops = story.stops.length;
  const when = editorTimeText(changedAt);
  return (
    <li className="story-list__row">
      <div>
        <Link to={`/editor/stories/${encodeURIComponent(story.story_id)}`}>{story.title}</Link>
        <p className="field__hint">
          {story.state === 'published'
            ? t({ message: 'Published', comment: "A story's state: seen by everyone" })
            : t({ message: 'Draft', comment: "A story's state: seen by editors only" })}
          {' · '}
          {plural(stops, { one: '# stop', other: '# stops' })}
          {' · '}
          {t({
            message: `changed ${when}`,
            comment: 'When a story was last saved, in the editors\' list ("27 Nov 2026, 7:14 am")',
          })}
        </p>
      </div>
      {onRestore ? (
        <button type="button" className="button-quiet" disabled={busy} onClick={onRestore}>
          {t({
            message: 'Restore',
            comment: 'The button beside a deleted story in the list: restores it',
          })}
        </button>
      ) : (
        <Link className="item-list__public" to={storyRoute(story.story_id)}>
          {t({ message: 'In the player', comment: "The link to a story's first stop" })}
        </Link>
      )}
    </li>
  );
}

/**
 * Every story, oldest first, with its state, its number of stops and when it last changed; the
 * deleted ones under Deleted, each with Restore; New story opens an empty form.
 */
export function StoryListPage() {
  const { t } = useLingui();
  const api = useStoryApi();
  const load = useCallback(() => api.allStories(), [api]);
  const [stories, reload] = useLoaded(load);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);

  async function restore({ story }: StoredStory) {
    setMessage(null);
    setRestoring(story.story_id);
    try {
      await api.restoreStory(story.story_id);
      const title = story.title;
      setMessage({ text: t`Restored “${title}”.`, error: false });
      reload();
    } catch (error) {
      setMessage({
        text: error instanceof Error ? error.message : t`Restoring failed.`,
        error: true,
      });
    } finally {
      setRestoring(null);
    }
  }

  const heading = t({ message: 'Stories', comment: "The heading of the editors' list of stories" });
  const all = stories.status === 'ready' ? stories.data : [];
  const kept = all.filter((stored) => !stored.deleted);
  const deleted = all.filter((stored) => stored.deleted);
  return (
    <div className="editor-page">
      <div className="editor-page__heading">
        <h1>{heading}</h1>
        <Link className="button-link" to="/editor/stories/new">
          {t({ message: 'New story', comment: "The link to a new story's form" })}
        </Link>
      </div>
      <p className="field__hint">
        {t`Guided tours over the globe: each stop shows an item or a place, with words. Drafts are seen by editors only.`}
      </p>
      {message && (
        <p
          className={message.error ? 'form-error' : 'form-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {stories.status === 'loading' && <p role="status">{t`Loading the stories…`}</p>}
      {stories.status === 'failed' && (
        <p className="form-error" role="alert">
          {t`The stories could not be loaded: ${stories.message}`}{' '}
          <button type="button" onClick={reload}>
            {t`Try again`}
          </button>
        </p>
      )}
      {stories.status === 'ready' && kept.length === 0 && (
        <p>{t`No story has been written yet.`}</p>
      )}
      {kept.length > 0 && (
        <ul className="story-list" aria-label={heading}>
          {kept.map((stored) => (
            <StoryRow key={stored.story.story_id} stored={stored} busy={false} />
          ))}
        </ul>
      )}
      {deleted.length > 0 && (
        <section aria-labelledby="deleted-stories-heading">
          <h2 id="deleted-stories-heading">
            {t({ message: 'Deleted', comment: "The heading of the editors' deleted stories" })}
          </h2>
          <ul className="story-list" aria-labelledby="deleted-stories-heading">
            {deleted.map((stored) => (
              <StoryRow
                key={stored.story.story_id}
                stored={stored}
                busy={restoring !== null}
                onRestore={() => void restore(stored)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
