import { useSaveState } from '@/features/editor/useSaveState';
import { useState, type RefObject } from 'react';
import type { Conflict } from '@/features/editor/ConflictNotice';
import { draftOfNode, suggestId, type ItemDraft } from '@/features/editor/itemDraft';
import type { MediaNode } from '@/lib/nodeModel';
import { ServiceError } from '@/lib/serviceApi';

/** What the form saves as: a new item, an edit of a version, or an approved submission. */
export type EditorMode =
  | { kind: 'create' }
  | { kind: 'edit'; version: number; deleted: boolean }
  | { kind: 'approve'; submissionId: string };

/** The call the form is waiting on, if any: its buttons wait with it. */
export type ItemBusy = 'saving' | 'deleting' | null;

/**
 * The item form's state: the draft, and `base`, what it started from (the draft is unsaved while
 * they differ); the stored version and whether the item is deleted; and what the form says (field
 * errors, a problem, a notice, another editor's conflicting version). `change` applies an edit,
 * and, on a new item whose id nobody typed, keeps the id suggested from the title.
 */
export function useItemForm(mode: EditorMode, initial: ItemDraft, items: readonly MediaNode[]) {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const saves = useSaveState<Conflict, NonNullable<ItemBusy>>(mode);
  const { setNotice } = saves;
  const [idTouched, setIdTouched] = useState(mode.kind === 'edit' || initial.video_id !== '');
  const isNew = mode.kind !== 'edit';

  function change(patch: Partial<ItemDraft>) {
    setNotice(null);
    if (patch.video_id !== undefined) setIdTouched(true);
    const taken = new Set(items.map((item) => item.video_id));
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (isNew && !idTouched && patch.title !== undefined) {
        next.video_id = suggestId(patch.title, taken);
      }
      return next;
    });
  }

  return {
    base,
    setBase,
    draft,
    setDraft,
    dirty: JSON.stringify(draft) !== JSON.stringify(base),
    isNew,
    change,
    ...saves,
  };
}

/** The item form's state and what changes it (see `useItemForm`). */
export type ItemForm = ReturnType<typeof useItemForm>;

/** The item as another editor left it, when the service refused a stale version (a 409). */
export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ServiceError && error.status === 409 && 'current' in error.body)) {
    return null;
  }
  return {
    current: draftOfNode(error.body.current as Record<string, unknown>),
    version: Number(error.body.version),
    deleted: error.body.deleted === true,
  };
}

/**
 * Delete, Restore and a blur are far below the form's top, where their outcome shows: bring it
 * into view and give it focus, so the editor sees (and a screen reader reads) what happened.
 */
export function showStatus(form: RefObject<HTMLFormElement | null>) {
  requestAnimationFrame(() =>
    form.current?.querySelector<HTMLElement>('.item-editor__status')?.focus(),
  );
}

/**
 * The photos and captures still on their way: a save now would go without them, and leaving the
 * page would drop them. A save asked for while they are makes the form say so (`waiting`) until
 * they are in.
 */
export function usePendingUploads() {
  const [uploading, setUploading] = useState(0);
  const [toldToWait, setToldToWait] = useState(false);
  return {
    uploading,
    waiting: toldToWait && uploading > 0,
    /** Whether a save must wait for them (and, if so, the form says it until they are in). */
    mustWait(): boolean {
      setToldToWait(uploading > 0);
      return uploading > 0;
    },
    /** Counts one file as on its way while `send` sends it. */
    counting<T>(send: () => Promise<T>): Promise<T> {
      setUploading((n) => n + 1);
      return send().finally(() => setUploading((n) => n - 1));
    },
    /** A capture says when it starts and ends (its poster is drawn, then sent). */
    captureBusy(on: boolean) {
      setUploading((n) => n + (on ? 1 : -1));
    },
  };
}

/** The uploads still on their way, as the form counts them (see `usePendingUploads`). */
export type PendingUploads = ReturnType<typeof usePendingUploads>;
