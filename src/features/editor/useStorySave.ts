import { t } from '@lingui/core/macro';
import { useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { focusFirstError } from '@/components/FormFields';
import { showStatus } from '@/features/editor/useItemForm';
import type { StoryApi } from '@/features/editor/storyApi';
import {
  bodyOfStoryDraft,
  draftOfStory,
  type StopDraft,
  type StoryDraft,
} from '@/features/editor/storyDraft';
import { storyConflictOf, type StoryForm, type StoryMode } from '@/features/editor/useStoryForm';
import { errorsByPath, ServiceError } from '@/lib/serviceApi';
import type { StoredStory } from '@/lib/storyModel';
import { validateStory } from '@/lib/storySchema';

/** Where the form keeps a stop's error: by the stop's key, so it follows the stop when moved. */
export const stopErrorPath = (key: string, field: string): string => `stop:${key}.${field}`;

/**
 * The schema's and the service's errors (`stops.2.item`) by the form's paths: a stop's by its
 * key (`stop:stop-7.item`), the story's own as they are.
 */
export function formErrorsOf(
  byPath: Readonly<Record<string, string>>,
  stops: readonly StopDraft[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const match = /^stops\.(\d+)(?:\.(.+))?$/.exec(path);
    const stop = match ? stops[Number(match[1])] : undefined;
    const key = match && stop ? stopErrorPath(stop.key, match[2] ?? '') : path;
    errors[key] ??= message;
  }
  return errors;
}

/** The saved story's words after a save: whether visitors see it. */
function savedWords(stored: StoredStory): string {
  const version = stored.version;
  return stored.story.state === 'published'
    ? t`Saved (version ${version}). Visitors see it on their next load.`
    : t({
        message: `Saved (version ${version}). It is a draft: only editors see it.`,
        comment: 'After saving a story whose state is Draft',
      });
}

interface SaveOptions {
  mode: StoryMode;
  api: StoryApi;
  form: RefObject<HTMLFormElement | null>;
  story: StoryForm;
}

/**
 * The story form's save, as an item's (`useItemSave`): the draft checked by the shared schema,
 * then created (and opened as saved) or saved at its version (a stale one brings the other
 * editor's story as a conflict). What is refused is said beside its field, the focus on the first.
 */
export function useStorySave({ mode, api, form, story }: SaveOptions) {
  const navigate = useNavigate();

  function refuse(byPath: Record<string, string>, message: string, stops: readonly StopDraft[]) {
    story.setErrors(formErrorsOf(byPath, stops));
    story.setProblem(message);
    requestAnimationFrame(() => focusFirstError(form.current));
  }

  function holdSaved(saved: StoredStory, sent: StoryDraft) {
    const savedDraft = draftOfStory(
      saved.story,
      sent.stops.map((stop) => stop.key),
    );
    story.setBase(savedDraft);
    story.setDraft(savedDraft);
    story.setVersion(saved.version);
    story.setDeleted(saved.deleted);
  }

  async function create(body: unknown, sent: StoryDraft) {
    const saved = await api.createStory(body);
    // The form is saved: leaving it now must not ask about unsaved changes.
    story.setBase(sent);
    await navigate(`/editor/stories/${encodeURIComponent(saved.story.story_id)}`, {
      state: { notice: savedWords(saved) },
    });
  }

  function failed(error: unknown, sent: StoryDraft) {
    const conflict = storyConflictOf(error);
    if (conflict) {
      story.setConflict(conflict);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('.conflict')?.focus());
    } else if (error instanceof ServiceError) {
      refuse(errorsByPath(error.errors), error.message, sent.stops);
    } else {
      refuse({}, t`The story could not be saved; try again.`, sent.stops);
    }
  }

  return async function save(againstVersion = story.version) {
    const sent = story.draft;
    const body = bodyOfStoryDraft(sent);
    const checked = validateStory(body);
    if (!checked.ok) {
      refuse(errorsByPath(checked.errors), t`Some fields need fixing before saving.`, sent.stops);
      return;
    }
    story.setBusy('saving');
    story.setErrors({});
    story.setProblem(null);
    story.setConflict(null);
    story.setRemoved(null);
    try {
      if (mode.kind === 'create') {
        await create(body, sent);
      } else {
        const saved = await api.updateStory(sent.story_id, body, againstVersion);
        holdSaved(saved, sent);
        story.setNotice(savedWords(saved));
        showStatus(form);
      }
    } catch (error) {
      failed(error, sent);
    } finally {
      story.setBusy(null);
    }
  };
}

/**
 * A saved story deleted (after the editor confirms: `confirmDelete`) or restored, each said at
 * the form's status; a delete at a stale version brings the other editor's story as a conflict.
 */
export function useStoryDeletion({ api, form, story }: Omit<SaveOptions, 'mode'>) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = story.draft.story_id;

  async function remove() {
    story.setBusy('deleting');
    story.setProblem(null);
    try {
      const result = await api.deleteStory(id, story.version);
      story.setDeleted(true);
      story.setVersion(result.version);
      setConfirmDelete(false);
      story.setNotice(t`Deleted: visitors no longer see the story. You can restore it.`);
      showStatus(form);
    } catch (error) {
      const conflict = storyConflictOf(error);
      if (conflict) story.setConflict(conflict);
      else
        story.setProblem(
          error instanceof Error ? error.message : t`The story could not be deleted.`,
        );
    } finally {
      story.setBusy(null);
    }
  }

  async function restore() {
    story.setBusy('restoring');
    story.setProblem(null);
    try {
      const result = await api.restoreStory(id);
      story.setDeleted(false);
      story.setVersion(result.version);
      story.setNotice(t`Restored: the story is back as it was.`);
      showStatus(form);
    } catch (error) {
      story.setProblem(
        error instanceof Error ? error.message : t`The story could not be restored.`,
      );
    } finally {
      story.setBusy(null);
    }
  }

  return { confirmDelete, setConfirmDelete, remove, restore };
}
