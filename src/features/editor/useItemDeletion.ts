import { t } from '@lingui/core/macro';
import { useState, type RefObject } from 'react';
import type { EditorApi } from '@/features/editor/editorApi';
import { conflictOf, showStatus, type ItemForm } from '@/features/editor/useItemForm';

interface DeletionOptions {
  api: EditorApi;
  form: RefObject<HTMLFormElement | null>;
  item: ItemForm;
  /** Called when the item was deleted or restored here. */
  onDeletedChange?: ((deleted: boolean, version: number) => void) | undefined;
}

/**
 * A saved item deleted (after the editor confirms: `confirmDelete`) or restored, each said at the
 * form's status. A delete at a stale version brings the other editor's version as a conflict.
 */
export function useItemDeletion({ api, form, item, onDeletedChange }: DeletionOptions) {
  const [confirmDelete, setConfirmDelete] = useState(false);

  async function remove() {
    item.setBusy('deleting');
    item.setProblem(null);
    try {
      const result = await api.deleteNode(item.draft.video_id, item.version);
      item.setDeleted(true);
      item.setVersion(result.version);
      setConfirmDelete(false);
      item.setNotice(t`Deleted: the item no longer shows on the globe. You can restore it.`);
      showStatus(form);
      onDeletedChange?.(true, result.version);
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) item.setConflict(conflict);
      else
        item.setProblem(error instanceof Error ? error.message : t`The item could not be deleted.`);
    } finally {
      item.setBusy(null);
    }
  }

  async function restore() {
    item.setBusy('saving');
    item.setProblem(null);
    try {
      const result = await api.restoreNode(item.draft.video_id);
      item.setDeleted(false);
      item.setVersion(result.version);
      item.setNotice(t`Restored: the item shows on the globe again.`);
      showStatus(form);
      onDeletedChange?.(false, result.version);
    } catch (error) {
      item.setProblem(error instanceof Error ? error.message : t`The item could not be restored.`);
    } finally {
      item.setBusy(null);
    }
  }

  return { confirmDelete, setConfirmDelete, remove, restore };
}
