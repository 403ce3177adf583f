import { t } from '@lingui/core/macro';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { focusFirstError } from '@/components/FormFields';
import type { EditorApi } from '@/features/editor/editorApi';
import { bodyOfDraft, draftOfNode, type ItemDraft } from '@/features/editor/itemDraft';
import {
  conflictOf,
  type EditorMode,
  type ItemForm,
  type PendingUploads,
} from '@/features/editor/useItemForm';
import { validateNode } from '@/lib/nodeSchema';
import { errorsByPath, ServiceError } from '@/lib/serviceApi';

interface SaveOptions {
  mode: EditorMode;
  api: EditorApi;
  form: RefObject<HTMLFormElement | null>;
  item: ItemForm;
  uploads: PendingUploads;
  /** Called after a save with the stored version (edits stay on the page). */
  onSaved?: ((draft: ItemDraft, version: number) => void) | undefined;
}

/**
 * The item form's save: it waits for uploads still on their way, checks the draft with the shared
 * schema, then saves an edit (at a version: a stale one brings the other editor's version as a
 * conflict), or publishes a new item or an approved submission and opens it. What is refused is
 * said beside its field, with the focus on the first.
 */
export function useItemSave({ mode, api, form, item, uploads, onSaved }: SaveOptions) {
  const navigate = useNavigate();

  function refuse(fieldErrors: Record<string, string>, message: string) {
    item.setErrors(fieldErrors);
    item.setProblem(message);
    requestAnimationFrame(() => focusFirstError(form.current));
  }

  /** Saves the edit against `againstVersion`; the form then holds what was stored. */
  async function saveEdit(body: unknown, againstVersion: number) {
    const saved = await api.updateNode(item.draft.video_id, body, againstVersion);
    const savedDraft = draftOfNode(saved.node);
    item.setBase(savedDraft);
    item.setDraft(savedDraft);
    const version = saved.version;
    item.setVersion(version);
    item.setNotice(t`Saved (version ${version}). Visitors see it on their next load.`);
    onSaved?.(savedDraft, saved.version);
  }

  /** Publishes a new item or the approved submission, and opens it as saved. */
  async function publish(body: unknown) {
    const saved =
      mode.kind === 'approve'
        ? await api.approve(mode.submissionId, body)
        : await api.createNode(body);
    // The form is saved: leaving it now must not ask about unsaved changes.
    item.setBase(item.draft);
    const id = String(saved.node.video_id);
    await navigate(`/editor/items/${encodeURIComponent(id)}`, {
      state: {
        notice:
          mode.kind === 'approve'
            ? t`Approved: the item is published. Visitors see it on their next load.`
            : t`Created: the item is published. Visitors see it on their next load.`,
      },
    });
  }

  function failed(error: unknown) {
    const conflict = conflictOf(error);
    if (conflict) {
      item.setConflict(conflict);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('.conflict')?.focus());
    } else if (error instanceof ServiceError) {
      refuse(errorsByPath(error.errors), error.message);
    } else {
      refuse({}, t`The item could not be saved; try again.`);
    }
  }

  return async function save(againstVersion = item.version) {
    if (uploads.mustWait()) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    const body = bodyOfDraft(item.draft);
    const checked = validateNode(body);
    if (!checked.ok) {
      refuse(errorsByPath(checked.errors), t`Some fields need fixing before saving.`);
      return;
    }
    item.setBusy('saving');
    item.setErrors({});
    item.setProblem(null);
    item.setConflict(null);
    try {
      if (mode.kind === 'edit') await saveEdit(body, againstVersion);
      else await publish(body);
    } catch (error) {
      failed(error);
    } finally {
      item.setBusy(null);
    }
  };
}
