import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DeleteQuestion } from '@/features/editor/ItemEditorParts';
import { LeaveDialog } from '@/features/editor/LeaveDialog';
import type { StoryApi } from '@/features/editor/storyApi';
import { StoryConflictNotice } from '@/features/editor/StoryConflictNotice';
import type { StoryDraft } from '@/features/editor/storyDraft';
import { StoryFields } from '@/features/editor/StoryFields';
import { StoryHistory } from '@/features/editor/StoryHistory';
import { StoryStops } from '@/features/editor/StoryStops';
import { useStoryForm, type StoryBusy, type StoryMode } from '@/features/editor/useStoryForm';
import { useStoryDeletion, useStorySave } from '@/features/editor/useStorySave';
import { useUnsavedChanges } from '@/features/editor/useUnsavedChanges';
import { sortedByName } from '@/lib/compareNames';
import type { MediaNode } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import './ItemEditor.css';
import './StoryEditor.css';

interface Props {
  mode: StoryMode;
  initial: StoryDraft;
  items: readonly MediaNode[];
  /** The ids other stories have (a new story's suggested id avoids them). */
  takenIds: ReadonlySet<string>;
  api: StoryApi;
}

/** What the save button says (called at render). */
function saveLabel(mode: StoryMode, busy: StoryBusy): string {
  if (busy === 'saving') return t`Saving…`;
  return mode.kind === 'create'
    ? t({ message: 'Create story', comment: 'Saves a new story for the first time' })
    : t`Save changes`;
}

/** The form's top: that the story is deleted (with Restore), what was just done, what stops it. */
function StoryNotices({
  deleted,
  notice,
  problem,
  busy,
  viewRoute,
  onRestore,
}: {
  deleted: boolean;
  notice: string | null;
  problem: string | null;
  busy: StoryBusy;
  viewRoute: string | null;
  onRestore: () => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {deleted && (
        <div className="form-notice item-editor__deleted" role="status">
          <p>{t`This story is deleted: visitors do not see it.`}</p>
          <button type="button" onClick={onRestore} disabled={busy !== null}>
            {busy === 'restoring'
              ? t`Restoring…`
              : t({ message: 'Restore story', comment: 'Brings a deleted story back' })}
          </button>
        </div>
      )}
      {notice && (
        <p className="form-notice item-editor__status" role="status" tabIndex={-1}>
          {notice}{' '}
          {viewRoute !== null && (
            <Link to={viewRoute}>
              {t({ message: 'Open it in the player', comment: "A link to a story's first stop" })}
            </Link>
          )}
        </p>
      )}
      {problem && (
        <p className="form-error" role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
    </>
  );
}

/** The archive's categories as [slug, name], by name, each once. */
function categoriesOf(items: readonly MediaNode[]): [string, string][] {
  return sortedByName(
    [...new Map(items.flatMap((item) => item.categories).map((c) => [c.slug, c.name])).entries()],
    ([, name]) => name,
  );
}

/**
 * The form for one story: its fields and its stops, errors beside the fields (the shared schema
 * first, then the service's answer), a warning before leaving unsaved changes, a stale-version
 * conflict that says what changed, delete and restore, and the story's history.
 */
export function StoryEditor({ mode, initial, items, takenIds, api }: Props) {
  const { t } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const story = useStoryForm(mode, initial, takenIds);
  const { draft, dirty, busy, deleted, conflict } = story;
  const { title } = draft;
  const save = useStorySave({ mode, api, form, story });
  const deletion = useStoryDeletion({ api, form, story });
  const blocker = useUnsavedChanges(dirty && busy === null);
  const categories = useMemo(() => categoriesOf(items), [items]);
  const byId = useMemo(() => new Map(items.map((item) => [item.video_id, item])), [items]);
  const stopItems = draft.stops.flatMap((stop) => {
    const item = stop.shows === 'item' && stop.item !== null ? byId.get(stop.item) : undefined;
    return item ? [item] : [];
  });
  const saved = mode.kind === 'edit';

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  return (
    <div className="story-editor">
      <form ref={form} className="item-editor__form" noValidate onSubmit={submit}>
        <StoryNotices
          deleted={deleted}
          notice={story.notice}
          problem={story.problem}
          busy={busy}
          viewRoute={saved && !deleted ? storyRoute(draft.story_id) : null}
          onRestore={() => void deletion.restore()}
        />
        {conflict && (
          <StoryConflictNotice
            conflict={conflict}
            base={story.base}
            onOverwrite={() => {
              const against = conflict.version;
              story.setVersion(against);
              void save(against);
            }}
            onTakeTheirs={() => {
              story.setBase(conflict.current);
              story.setDraft(conflict.current);
              story.setVersion(conflict.version);
              story.setDeleted(conflict.deleted);
              story.setConflict(null);
            }}
          />
        )}
        <StoryFields
          draft={draft}
          onChange={story.change}
          errors={story.errors}
          stopItems={stopItems}
          isNew={story.isNew}
        />
        <StoryStops
          story={story}
          items={items}
          categories={categories}
          savedId={saved ? draft.story_id : null}
          savedStops={story.base.stops.length}
        />
        <div className="item-editor__actions">
          <button type="submit" disabled={busy !== null || (!dirty && saved)}>
            {saveLabel(mode, busy)}
          </button>
          {dirty && <span className="field__hint">{t`Unsaved changes`}</span>}
          {saved && !deleted && !deletion.confirmDelete && (
            <button
              type="button"
              className="button-danger"
              disabled={busy !== null}
              onClick={() => deletion.setConfirmDelete(true)}
            >
              {t({ message: 'Delete story', comment: 'Deletes a story (it can be restored)' })}
            </button>
          )}
        </div>
        {deletion.confirmDelete && (
          <DeleteQuestion
            question={
              <Trans>
                Delete the story “{title}”? Visitors no longer see it at once; you can restore it
                here or from the list of stories.
              </Trans>
            }
            busy={busy}
            onDelete={() => void deletion.remove()}
            onKeep={() => deletion.setConfirmDelete(false)}
          />
        )}
      </form>
      {saved && <StoryHistory key={story.version} api={api} storyId={draft.story_id} />}
      <LeaveDialog
        blocker={blocker}
        lost={t`Your changes to this story are not saved and will be lost.`}
      />
    </div>
  );
}
