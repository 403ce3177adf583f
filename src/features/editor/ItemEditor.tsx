import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, type FormEvent } from 'react';
import { BlurDialog } from '@/features/editor/BlurDialog';
import { ConflictNotice } from '@/features/editor/ConflictNotice';
import type { EditorApi } from '@/features/editor/editorApi';
import {
  BlurButton,
  DeleteQuestion,
  ItemEditorActions,
  ItemEditorNotices,
} from '@/features/editor/ItemEditorParts';
import { ItemFields } from '@/features/editor/ItemFields';
import { ItemPreview, type DetailPreviewComponent } from '@/features/editor/ItemPreview';
import { bodyOfDraft, type ItemDraft } from '@/features/editor/itemDraft';
import { LeaveDialog } from '@/features/editor/LeaveDialog';
import { useItemDeletion } from '@/features/editor/useItemDeletion';
import { useItemForm, usePendingUploads, type EditorMode } from '@/features/editor/useItemForm';
import { useItemSave } from '@/features/editor/useItemSave';
import { usePhotoBlur } from '@/features/editor/usePhotoBlur';
import { useUnsavedChanges } from '@/features/editor/useUnsavedChanges';
import { photoUrlsOf, useWaitingPhotos } from '@/features/editor/useWaitingPhotos';
import { normalizeArchive, nodeRoute, type MediaNode } from '@/lib/nodeModel';
import type { NodeImageInput } from '@/lib/nodeSchema';
import './ItemEditor.css';

export type { EditorMode };

interface Props {
  mode: EditorMode;
  initial: ItemDraft;
  items: readonly MediaNode[];
  api: EditorApi;
  DetailPreview: DetailPreviewComponent;
  /** Called after a save with the stored version (edits stay on the page). */
  onSaved?: (draft: ItemDraft, version: number) => void;
  /** Called when the item was deleted or restored here. */
  onDeletedChange?: (deleted: boolean, version: number) => void;
  /** A submission's own words for its place ("Or describe the place"), shown by the map. */
  placeWords?: string | null;
}

/** An item that is not a submission shows its photos at their own addresses. */
const NO_PHOTOS: readonly string[] = [];

/** The item as visitors would get it, for the preview; null while it cannot be placed. */
function previewNode(draft: ItemDraft): MediaNode | null {
  const body = bodyOfDraft(draft);
  return normalizeArchive([{ ...body, video_id: body.video_id || 'preview' }]).nodes[0] ?? null;
}

/**
 * The form for one item: every field, a live preview, errors beside the fields (the shared schema
 * first, then the service's answer), a warning before leaving unsaved changes, and a stale-version
 * conflict that says what changed.
 */
export function ItemEditor({
  mode,
  initial,
  items,
  api,
  DetailPreview,
  onSaved,
  onDeletedChange,
  placeWords = null,
}: Props) {
  const { t } = useLingui();
  const stillUploading = t`Wait until every photo has finished uploading, then save.`;
  const form = useRef<HTMLFormElement>(null);
  const item = useItemForm(mode, initial, items);
  const { draft, dirty, busy, deleted, conflict } = item;
  const { title } = draft;
  const uploads = usePendingUploads();
  const save = useItemSave({ mode, api, form, item, uploads, onSaved });
  const deletion = useItemDeletion({ api, form, item, onDeletedChange });
  const { ownPhotos, blurring, setBlurring, blur } = usePhotoBlur({
    mode,
    api,
    form,
    initial,
    item,
  });
  const blocker = useUnsavedChanges((dirty || uploads.uploading > 0) && busy === null);

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  /** A review's own photos can be blurred: a button beside each. */
  const photoActions = (image: NodeImageInput, _index: number, entry: string) =>
    ownPhotos.has(image.fullUrl) && !image.capture ? (
      <BlurButton
        entry={entry}
        disabled={busy !== null}
        onClick={() => setBlurring({ image, entry })}
      />
    ) : null;

  const preview = previewNode(draft);
  const related = items.filter((each) => draft.links.includes(each.video_id));
  const photoSrc = useWaitingPhotos(
    api,
    mode.kind === 'approve' ? photoUrlsOf(draft.images) : NO_PHOTOS,
  );

  return (
    <div className="item-editor">
      <form ref={form} className="item-editor__form" noValidate onSubmit={submit}>
        <ItemEditorNotices
          deleted={deleted}
          notice={item.notice}
          viewRoute={mode.kind === 'edit' && !deleted && preview ? nodeRoute(preview) : null}
          alert={uploads.waiting ? stillUploading : item.problem}
          busy={busy}
          onRestore={() => void deletion.restore()}
        />
        {conflict && (
          <ConflictNotice
            conflict={conflict}
            base={item.base}
            onOverwrite={() => {
              const against = conflict.version;
              item.setVersion(against);
              void save(against);
            }}
            onTakeTheirs={() => {
              item.setBase(conflict.current);
              item.setDraft(conflict.current);
              item.setVersion(conflict.version);
              item.setConflict(null);
            }}
          />
        )}
        <ItemFields
          draft={draft}
          onChange={item.change}
          errors={uploads.waiting ? { ...item.errors, images: stillUploading } : item.errors}
          items={items}
          isNew={item.isNew}
          upload={(file) => uploads.counting(() => api.upload(file))}
          uploadCapture={(file) => api.uploadCapture(file)}
          onCaptureBusy={uploads.captureBusy}
          photoSrc={photoSrc}
          placeWords={placeWords}
          {...(mode.kind === 'approve' ? { photoActions } : {})}
        />
        <ItemEditorActions
          mode={mode}
          busy={busy}
          dirty={dirty}
          canDelete={mode.kind === 'edit' && !deleted && !deletion.confirmDelete}
          onDelete={() => deletion.setConfirmDelete(true)}
        />
        {deletion.confirmDelete && (
          <DeleteQuestion
            question={
              <Trans>
                Delete “{title}”? It leaves the public globe at once; you can restore it here or
                from the journal.
              </Trans>
            }
            busy={busy}
            onDelete={() => void deletion.remove()}
            onKeep={() => deletion.setConfirmDelete(false)}
          />
        )}
      </form>
      <ItemPreview
        node={preview}
        related={related}
        DetailPreview={DetailPreview}
        photoSrc={photoSrc}
      />
      <LeaveDialog blocker={blocker} />
      {blurring && (
        <BlurDialog
          entry={blurring.entry}
          src={photoSrc(blurring.image.fullUrl)}
          onApply={(regions) => blur(blurring.image, blurring.entry, regions)}
          onClose={() => setBlurring(null)}
        />
      )}
    </div>
  );
}
