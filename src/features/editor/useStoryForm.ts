import { useSaveState } from '@/features/editor/useSaveState';
import { useState } from 'react';
import { suggestId } from '@/features/editor/itemDraft';
import {
  draftOfStory,
  movedStops,
  newStop,
  storyDraftText,
  type StopDraft,
  type StoryDraft,
} from '@/features/editor/storyDraft';
import { ServiceError } from '@/lib/serviceApi';
import type { StoryInput } from '@/lib/storyModel';

/** What the story form saves as: a new story, or an edit of a stored version. */
export type StoryMode = { kind: 'create' } | { kind: 'edit'; version: number; deleted: boolean };

/** The call the form is waiting on, if any: its buttons wait with it. */
export type StoryBusy = 'saving' | 'deleting' | 'restoring' | null;

/** A 409's story: as another editor left it. */
export interface StoryConflict {
  current: StoryDraft;
  version: number;
  deleted: boolean;
}

/** A stop just removed, and where it was: Undo puts it back. */
export interface RemovedStop {
  stop: StopDraft;
  index: number;
}

/**
 * The story form's state, as `useItemForm` is an item's: the draft and what it started from, the
 * version, whether the story is deleted, and what the form says (field errors by path, a problem,
 * a notice, a conflict). The stops' edits (add, change, move, remove and undo) keep each stop's
 * key; on a new story whose id nobody typed, the id follows the title.
 */
export function useStoryForm(mode: StoryMode, initial: StoryDraft, takenIds: ReadonlySet<string>) {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const saves = useSaveState<StoryConflict, NonNullable<StoryBusy>>(mode);
  const { setNotice } = saves;
  const [idTouched, setIdTouched] = useState(mode.kind === 'edit');
  const [removed, setRemoved] = useState<RemovedStop | null>(null);
  const isNew = mode.kind === 'create';

  function change(patch: Partial<Omit<StoryDraft, 'stops'>>) {
    setNotice(null);
    if (patch.story_id !== undefined) setIdTouched(true);
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (isNew && !idTouched && patch.title !== undefined) {
        next.story_id = suggestId(patch.title, takenIds);
      }
      return next;
    });
  }

  const setStops = (update: (stops: StopDraft[]) => StopDraft[]) => {
    setNotice(null);
    setDraft((current) => ({ ...current, stops: update(current.stops) }));
  };

  return {
    base,
    setBase,
    draft,
    setDraft,
    dirty: storyDraftText(draft) !== storyDraftText(base),
    isNew,
    change,
    changeStop(key: string, patch: Partial<StopDraft>) {
      setStops((stops) => stops.map((stop) => (stop.key === key ? { ...stop, ...patch } : stop)));
    },
    addStop(): StopDraft {
      const stop = newStop();
      setStops((stops) => [...stops, stop]);
      return stop;
    },
    moveStop(from: number, to: number) {
      setStops((stops) => movedStops(stops, from, to));
    },
    removeStop(index: number) {
      const stop = draft.stops[index];
      if (!stop) return;
      setRemoved({ stop, index });
      setStops((stops) => stops.filter((each) => each.key !== stop.key));
    },
    /** Puts the stop removed last back where it was. */
    undoRemove(): StopDraft | null {
      if (!removed) return null;
      const { stop, index } = removed;
      setStops((stops) => [...stops.slice(0, index), stop, ...stops.slice(index)]);
      setRemoved(null);
      return stop;
    },
    removed,
    setRemoved,
    ...saves,
  };
}

/** The story form's state and what changes it (see `useStoryForm`). */
export type StoryForm = ReturnType<typeof useStoryForm>;

/** The story as another editor left it, when the service refused a stale version (a 409). */
export function storyConflictOf(error: unknown): StoryConflict | null {
  if (!(error instanceof ServiceError && error.status === 409 && 'story' in error.body)) {
    return null;
  }
  return {
    current: draftOfStory(error.body.story as StoryInput),
    version: Number(error.body.version),
    deleted: error.body.deleted === true,
  };
}
