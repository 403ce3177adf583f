import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { EditorApi } from '@/features/editor/editorApi';
import { SubmissionRightsSummary } from '@/features/editor/SubmissionRightsSummary';
import { ItemEditor, type EditorMode } from '@/features/editor/ItemEditor';
import type { DetailPreviewComponent } from '@/features/editor/ItemPreview';
import { draftOfNode, EMPTY_DRAFT, suggestId, type ItemDraft } from '@/features/editor/itemDraft';
import { OpeningState } from '@/features/editor/OpeningState';
import { useArchiveItems, useEditorApi, useLoaded } from '@/features/editor/useEditorData';
import { nodeDraftOfSubmission, type SubmissionInput } from '@/lib/submissionSchema';
import './editor.css';
import { BackArrow } from '@/components/BackArrow';

interface Props {
  /** Which item the route names: a new one, a stored one, or a submission to approve. */
  kind: 'create' | 'edit' | 'approve';
  DetailPreview: DetailPreviewComponent;
}

interface Opened {
  mode: EditorMode;
  /** The submission an approval reviews: what its sender agreed to is shown above the form. */
  submission?: SubmissionInput;
  draft: ItemDraft;
  /** The page's heading, said when it is shown (in the language of that moment). */
  title: () => string;
}

async function open(api: EditorApi, kind: Props['kind'], id: string | undefined): Promise<Opened> {
  if (kind === 'create' || id === undefined) {
    return { mode: { kind: 'create' }, draft: EMPTY_DRAFT, title: () => t`New item` };
  }
  if (kind === 'edit') {
    const stored = await api.getNode(id);
    const draft = draftOfNode(stored.node);
    return {
      mode: { kind: 'edit', version: stored.version, deleted: stored.deleted },
      draft,
      title: () => draft.title || id,
    };
  }
  const submission = await api.submission(id);
  if (submission.status !== 'pending') {
    throw new Error(
      submission.status === 'approved'
        ? t`This submission was approved already.`
        : t`This submission was rejected already.`,
    );
  }
  // The id is suggested once the archive's items are known (the page loads them anyway).
  const draft = draftOfNode(nodeDraftOfSubmission(submission.submission, ''));
  return {
    mode: { kind: 'approve', submissionId: id },
    draft,
    title: () => {
      const title = submission.submission.title;
      return t({
        message: `Review: ${title}`,
        comment: "The heading of a visitor's submission being reviewed, with its title",
      });
    },
    submission: submission.submission,
  };
}

/** The route of one item's form: loads what it edits, then hands over to `ItemEditor`. */
export function ItemEditorPage({ kind, DetailPreview }: Props) {
  const { t } = useLingui();
  const { id } = useParams();
  const location = useLocation();
  const api = useEditorApi();
  const load = useCallback(() => open(api, kind, id), [api, kind, id]);
  const [opened] = useLoaded(load);
  const [items] = useArchiveItems();
  const arrivalNotice = (location.state as { notice?: unknown } | null)?.notice;

  const back =
    kind === 'approve' ? (
      <Link to="/editor/submissions">
        <BackArrow />
        {t({
          message: 'Submissions',
          comment: "The editors' link to the media visitors sent, to review",
        })}
      </Link>
    ) : (
      <Link to="/editor">
        <BackArrow />
        {t`All items`}
      </Link>
    );

  if (opened.status !== 'ready' || items.status !== 'ready')
    return (
      <OpeningState back={back} loads={[opened, items]} failed={t`This item could not be opened`} />
    );
  const { mode, draft } = opened.data;
  const initial =
    mode.kind === 'approve' && draft.video_id === ''
      ? {
          ...draft,
          video_id: suggestId(draft.title, new Set(items.data.map((item) => item.video_id))),
        }
      : draft;
  return (
    <div className="editor-page">
      {back}
      <h1>{opened.data.title()}</h1>
      {opened.data.submission && (
        <section className="review-rights" aria-labelledby="review-rights-heading">
          <h2 id="review-rights-heading">{t`What the sender agreed to`}</h2>
          <SubmissionRightsSummary submission={opened.data.submission} />
        </section>
      )}
      {typeof arrivalNotice === 'string' && (
        <p className="form-notice" role="status">
          {arrivalNotice}
        </p>
      )}
      <ItemEditor
        // A new route (another item, or the item just created) starts a fresh form.
        key={`${kind}:${id ?? ''}`}
        mode={mode}
        initial={initial}
        items={items.data}
        api={api}
        DetailPreview={DetailPreview}
        placeWords={opened.data.submission?.place_text ?? null}
      />
    </div>
  );
}
