import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BackArrow } from '@/components/BackArrow';
import { useStoryApi, type StoryApi } from '@/features/editor/storyApi';
import { draftOfStory, emptyStoryDraft, type StoryDraft } from '@/features/editor/storyDraft';
import { StoryEditor } from '@/features/editor/StoryEditor';
import { OpeningState } from '@/features/editor/OpeningState';
import { useArchiveItems, useLoaded } from '@/features/editor/useEditorData';
import type { StoryMode } from '@/features/editor/useStoryForm';
import './editor.css';

interface Opened {
  mode: StoryMode;
  draft: StoryDraft;
  /** The ids of the other stories, deleted ones too (a new id must not be one of them). */
  takenIds: ReadonlySet<string>;
}

async function open(api: StoryApi, id: string | undefined): Promise<Opened> {
  if (id === undefined) {
    const stories = await api.allStories();
    return {
      mode: { kind: 'create' },
      draft: emptyStoryDraft(),
      takenIds: new Set(stories.map(({ story }) => story.story_id)),
    };
  }
  const stored = await api.getStory(id);
  return {
    mode: { kind: 'edit', version: stored.version, deleted: stored.deleted },
    draft: draftOfStory(stored.story),
    takenIds: new Set(),
  };
}

/** The route of one story's form (`/editor/stories/new`, `/editor/stories/{id}`). */
export function StoryEditorPage({ kind }: { kind: 'create' | 'edit' }) {
  const { t } = useLingui();
  const params = useParams();
  const id = kind === 'edit' ? params.id : undefined;
  const location = useLocation();
  const api = useStoryApi();
  const load = useCallback(() => open(api, id), [api, id]);
  const [opened] = useLoaded(load);
  const [items] = useArchiveItems();
  const arrivalNotice = (location.state as { notice?: unknown } | null)?.notice;

  const back = (
    <Link to="/editor/stories">
      <BackArrow />
      {t({ message: 'All stories', comment: "The link back to the editors' list of stories" })}
    </Link>
  );
  if (opened.status !== 'ready' || items.status !== 'ready')
    return (
      <OpeningState
        back={back}
        loads={[opened, items]}
        failed={t`This story could not be opened`}
      />
    );
  const { mode, draft, takenIds } = opened.data;
  return (
    <div className="editor-page">
      {back}
      <h1>
        {mode.kind === 'create'
          ? t({ message: 'New story', comment: "The heading of a new story's form" })
          : draft.title || draft.story_id}
      </h1>
      {typeof arrivalNotice === 'string' && (
        <p className="form-notice" role="status">
          {arrivalNotice}
        </p>
      )}
      <StoryEditor
        // A new route (another story, or the story just created) starts a fresh form.
        key={`${kind}:${id ?? ''}`}
        mode={mode}
        initial={draft}
        items={items.data}
        takenIds={takenIds}
        api={api}
      />
    </div>
  );
}
