import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ShowOlder } from '@/features/editor/ShowOlder';
import type { StoryApi, StoryJournalEntry } from '@/features/editor/storyApi';
import { storyChanges } from '@/features/editor/StoryConflictNotice';
import { draftOfStory } from '@/features/editor/storyDraft';
import { usePagedList } from '@/features/editor/usePagedList';
import { editorTimeText } from '@/lib/editorTime';
import type { StoryInput } from '@/lib/storyModel';
import './editor.css';

/** Who did what to the story: "editor edited the story". */
function HistoryLine({ entry }: { entry: StoryJournalEntry }) {
  const who = entry.who;
  switch (entry.action) {
    case 'create':
      return (
        <Trans comment="A story's history: who created it">
          <strong>{who}</strong> created the story
        </Trans>
      );
    case 'update':
      return (
        <Trans comment="A story's history: who edited it">
          <strong>{who}</strong> edited the story
        </Trans>
      );
    case 'delete':
      return (
        <Trans comment="A story's history: who deleted it">
          <strong>{who}</strong> deleted the story
        </Trans>
      );
    case 'restore':
      return (
        <Trans comment="A story's history: who restored it after a deletion">
          <strong>{who}</strong> restored the story
        </Trans>
      );
  }
}

/** A journal's copy of the story, as the form reads it; null where it holds none. */
function draftOf(value: unknown) {
  const story = value as Partial<StoryInput> | null;
  return story && Array.isArray(story.stops) ? draftOfStory(story as StoryInput) : null;
}

/** What an edit changed, by the fields' names (called while the history renders). */
function summary(entry: StoryJournalEntry): string {
  const before = draftOf(entry.before);
  const after = draftOf(entry.after);
  if (entry.action !== 'update' || !before || !after) return '';
  const names = storyChanges(before, after).map((change) => change.name);
  return names.length === 0
    ? t({ message: 'no field changed', comment: 'A journal entry of an edit that changed nothing' })
    : names.join(', ');
}

/**
 * The story's journal, newest first, as the items' journal shows theirs: who, when, what, and the
 * fields an edit touched. Restore is the form's (a deleted story says so at its top).
 */
export function StoryHistory({ api, storyId }: { api: StoryApi; storyId: string }) {
  const { t } = useLingui();
  const load = useCallback(
    (before: string | null) => api.storyJournal({ storyId, before }),
    [api, storyId],
  );
  const paged = usePagedList(load);
  const { list } = paged;
  return (
    <section className="story-history" aria-labelledby="story-history-heading">
      <h2 id="story-history-heading">
        {t({ message: 'History', comment: "The heading of a story's journal, on its page" })}
      </h2>
      {list.status === 'loading' && <p role="status">{t`Loading the journal…`}</p>}
      {list.status === 'failed' && (
        <p className="form-error" role="alert">
          {t`The journal could not be loaded: ${list.message}`}
        </p>
      )}
      {list.status === 'ready' && list.data.length === 0 && (
        <p>{t`No change has been made yet.`}</p>
      )}
      {list.status === 'ready' && list.data.length > 0 && (
        <ol className="journal" aria-label={t`Changes, newest first`}>
          {list.data.map((entry) => (
            <li key={entry.id} className={`journal__entry journal__entry--${entry.action}`}>
              <time dateTime={entry.at}>{editorTimeText(entry.at)}</time>
              <span>
                <HistoryLine entry={entry} />
                {entry.action === 'update' && (
                  <span className="field__hint"> ({summary(entry)})</span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      <ShowOlder paged={paged} noun="changes" />
    </section>
  );
}
