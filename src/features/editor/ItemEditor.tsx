import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { focusFirstError } from '@/components/FormFields';
import { BlurDialog } from '@/features/editor/BlurDialog';
import { ConflictNotice, type Conflict } from '@/features/editor/ConflictNotice';
import type { EditorApi } from '@/features/editor/editorApi';
import { ItemFields } from '@/features/editor/ItemFields';
import { ItemPreview, type DetailPreviewComponent } from '@/features/editor/ItemPreview';
import { bodyOfDraft, draftOfNode, suggestId, type ItemDraft } from '@/features/editor/itemDraft';
import { LeaveDialog } from '@/features/editor/LeaveDialog';
import { useUnsavedChanges } from '@/features/editor/useUnsavedChanges';
import { photoUrlsOf, useWaitingPhotos } from '@/features/editor/useWaitingPhotos';
import { normalizeArchive, nodeRoute, type MediaNode } from '@/lib/nodeModel';
import type { BlurRegion } from '@/lib/blurRegions';
import { validateNode, type NodeImageInput } from '@/lib/nodeSchema';
import { errorsByPath, ServiceError } from '@/lib/serviceApi';

/** What the form saves as: a new item, an edit of a version, or an approved submission. */
export type EditorMode =
  | { kind: 'create' }
  | { kind: 'edit'; version: number; deleted: boolean }
  | { kind: 'approve'; submissionId: string };

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
}

/** An item that is not a submission shows its photos at their own addresses. */
const NO_PHOTOS: readonly string[] = [];

const STILL_UPLOADING = 'Wait until every photo has finished uploading, then save.';

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
}: Props) {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [version, setVersion] = useState(mode.kind === 'edit' ? mode.version : 0);
  const [deleted, setDeleted] = useState(mode.kind === 'edit' && mode.deleted);
  const [idTouched, setIdTouched] = useState(mode.kind === 'edit' || initial.video_id !== '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Photos and captures still on their way: a save now would go without them, and leaving the
  // page would drop them.
  const [uploading, setUploading] = useState(0);
  // A save was asked for while they were: said at the photos and at the top until they are in.
  const [toldToWait, setToldToWait] = useState(false);
  const waiting = toldToWait && uploading > 0;
  // A review's photos the submission sent (and blurred copies of them): each may be blurred.
  const [ownPhotos, setOwnPhotos] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        mode.kind === 'approve'
          ? initial.images.filter((image) => !image.capture).map((image) => image.fullUrl)
          : [],
      ),
  );
  const [blurring, setBlurring] = useState<{ image: NodeImageInput; entry: string } | null>(null);

  const isNew = mode.kind !== 'edit';
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  const blocker = useUnsavedChanges((dirty || uploading > 0) && busy === null);
  const taken = new Set(items.map((item) => item.video_id));

  function change(patch: Partial<ItemDraft>) {
    setNotice(null);
    if (patch.video_id !== undefined) setIdTouched(true);
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (isNew && !idTouched && patch.title !== undefined) {
        next.video_id = suggestId(patch.title, taken);
      }
      return next;
    });
  }

  /**
   * Delete and Restore are far below the form's top, where their outcome shows: bring it into
   * view and give it focus, so the editor sees (and a screen reader reads) what happened.
   */
  function showStatus() {
    requestAnimationFrame(() =>
      form.current?.querySelector<HTMLElement>('.item-editor__status')?.focus(),
    );
  }

  function refuse(fieldErrors: Record<string, string>, message: string) {
    setErrors(fieldErrors);
    setProblem(message);
    requestAnimationFrame(() => focusFirstError(form.current));
  }

  async function save(againstVersion = version) {
    setToldToWait(uploading > 0);
    if (uploading > 0) {
      requestAnimationFrame(() => focusFirstError(form.current));
      return;
    }
    const body = bodyOfDraft(draft);
    const checked = validateNode(body);
    if (!checked.ok) {
      refuse(errorsByPath(checked.errors), 'Some fields need fixing before saving.');
      return;
    }
    setBusy('saving');
    setErrors({});
    setProblem(null);
    setConflict(null);
    try {
      if (mode.kind === 'edit') {
        const saved = await api.updateNode(draft.video_id, body, againstVersion);
        const savedDraft = draftOfNode(saved.node);
        setBase(savedDraft);
        setDraft(savedDraft);
        setVersion(saved.version);
        setNotice(`Saved (version ${saved.version}). Visitors see it on their next load.`);
        onSaved?.(savedDraft, saved.version);
      } else {
        const saved =
          mode.kind === 'approve'
            ? await api.approve(mode.submissionId, body)
            : await api.createNode(body);
        // The form is saved: leaving it now must not ask about unsaved changes.
        setBase(draft);
        const id = String(saved.node.video_id);
        await navigate(`/editor/items/${encodeURIComponent(id)}`, {
          state: {
            notice:
              mode.kind === 'approve'
                ? 'Approved: the item is published. Visitors see it on their next load.'
                : 'Created: the item is published. Visitors see it on their next load.',
          },
        });
      }
    } catch (error) {
      if (error instanceof ServiceError && error.status === 409 && 'current' in error.body) {
        const current = error.body.current as Record<string, unknown>;
        setConflict({
          current: draftOfNode(current),
          version: Number(error.body.version),
          deleted: error.body.deleted === true,
        });
        requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('.conflict')?.focus());
      } else if (error instanceof ServiceError) {
        refuse(errorsByPath(error.errors), error.message);
      } else {
        refuse({}, 'The item could not be saved; try again.');
      }
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('deleting');
    setProblem(null);
    try {
      const result = await api.deleteNode(draft.video_id, version);
      setDeleted(true);
      setVersion(result.version);
      setConfirmDelete(false);
      setNotice('Deleted: the item no longer shows on the globe. You can restore it.');
      showStatus();
      onDeletedChange?.(true, result.version);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 409 && 'current' in error.body) {
        setConflict({
          current: draftOfNode(error.body.current as Record<string, unknown>),
          version: Number(error.body.version),
          deleted: error.body.deleted === true,
        });
      } else {
        setProblem(error instanceof Error ? error.message : 'The item could not be deleted.');
      }
    } finally {
      setBusy(null);
    }
  }

  async function restore() {
    setBusy('saving');
    setProblem(null);
    try {
      const result = await api.restoreNode(draft.video_id);
      setDeleted(false);
      setVersion(result.version);
      setNotice('Restored: the item shows on the globe again.');
      showStatus();
      onDeletedChange?.(false, result.version);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The item could not be restored.');
    } finally {
      setBusy(null);
    }
  }

  /** Puts a blurred copy of `image` in its place in the form (see `BlurDialog`). */
  async function blur(image: NodeImageInput, entry: string, regions: BlurRegion[]) {
    if (mode.kind !== 'approve') return;
    const copy = await api.blurPhoto(mode.submissionId, image.fullUrl, regions);
    setOwnPhotos((current) => new Set(current).add(copy.fullUrl));
    setDraft((current) => ({
      ...current,
      images: current.images.map((each) => (each.fullUrl === image.fullUrl ? copy : each)),
    }));
    setBlurring(null);
    setNotice(
      `${entry} is now a blurred copy. The photo as sent stays private and is never published.`,
    );
    showStatus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  const preview = previewNode(draft);
  const related = items.filter((item) => draft.links.includes(item.video_id));
  const photoSrc = useWaitingPhotos(
    api,
    mode.kind === 'approve' ? photoUrlsOf(draft.images) : NO_PHOTOS,
  );

  return (
    <div className="item-editor">
      <form ref={form} className="item-editor__form" noValidate onSubmit={submit}>
        {deleted && (
          <div className="form-notice item-editor__deleted" role="status">
            <p>This item is deleted: it is not on the public globe.</p>
            <button type="button" onClick={() => void restore()} disabled={busy !== null}>
              Restore item
            </button>
          </div>
        )}
        {notice && (
          <p className="form-notice item-editor__status" role="status" tabIndex={-1}>
            {notice}{' '}
            {mode.kind === 'edit' && !deleted && preview && (
              <Link to={nodeRoute(preview)}>View it on the globe</Link>
            )}
          </p>
        )}
        {(waiting || problem) && (
          <p className="form-error" role="alert" tabIndex={-1}>
            {waiting ? STILL_UPLOADING : problem}
          </p>
        )}
        {conflict && (
          <ConflictNotice
            conflict={conflict}
            base={base}
            onOverwrite={() => {
              const against = conflict.version;
              setVersion(against);
              void save(against);
            }}
            onTakeTheirs={() => {
              setBase(conflict.current);
              setDraft(conflict.current);
              setVersion(conflict.version);
              setConflict(null);
            }}
          />
        )}
        <ItemFields
          draft={draft}
          onChange={change}
          errors={waiting ? { ...errors, images: STILL_UPLOADING } : errors}
          items={items}
          isNew={isNew}
          upload={(file) => {
            setUploading((n) => n + 1);
            return api.upload(file).finally(() => setUploading((n) => n - 1));
          }}
          uploadCapture={(file) => api.uploadCapture(file)}
          onCaptureBusy={(on) => setUploading((n) => n + (on ? 1 : -1))}
          photoSrc={photoSrc}
          {...(mode.kind === 'approve'
            ? {
                photoActions: (image: NodeImageInput, _index: number, entry: string) =>
                  ownPhotos.has(image.fullUrl) && !image.capture ? (
                    <button
                      type="button"
                      className="button-quiet"
                      aria-label={`Blur part of ${entry.toLowerCase()}`}
                      disabled={busy !== null}
                      onClick={() => setBlurring({ image, entry })}
                    >
                      Blur…
                    </button>
                  ) : null,
              }
            : {})}
        />
        <div className="item-editor__actions">
          <button type="submit" disabled={busy !== null || (!dirty && mode.kind === 'edit')}>
            {busy === 'saving'
              ? 'Saving…'
              : mode.kind === 'approve'
                ? 'Approve and publish'
                : mode.kind === 'create'
                  ? 'Create item'
                  : 'Save changes'}
          </button>
          {dirty && <span className="field__hint">Unsaved changes</span>}
          {mode.kind === 'edit' && !deleted && !confirmDelete && (
            <button
              type="button"
              className="button-danger"
              disabled={busy !== null}
              onClick={() => setConfirmDelete(true)}
            >
              Delete item
            </button>
          )}
        </div>
        {confirmDelete && (
          <div className="form-error" role="alertdialog" aria-labelledby="delete-question">
            <p id="delete-question">
              Delete “{draft.title}”? It leaves the public globe at once; you can restore it here or
              from the journal.
            </p>
            <button
              type="button"
              className="button-danger"
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              {busy === 'deleting' ? 'Deleting…' : 'Yes, delete it'}
            </button>{' '}
            <button type="button" className="button-quiet" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </div>
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
