import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { useServiceAccess } from '@/app/hooks';
import type { FieldError } from '@/lib/nodeSchema';
import { validateSubmission } from '@/lib/submissionSchema';
import { sendOrKeep } from '@/features/submit/communityService';
import { ConsentField } from '@/features/submit/ConsentField';
import { DraftNotice } from '@/features/submit/DraftNotice';
import { FormConfirmation } from '@/features/submit/FormConfirmation';
import { FormProblemSummary } from '@/features/submit/FormProblemSummary';
import { KeptConfirmation } from '@/features/submit/KeptConfirmation';
import { OutboxList } from '@/features/submit/OutboxList';
import { HoneypotField } from '@/features/submit/HoneypotField';
import { SendButton } from '@/features/submit/SendButton';
import { MediaFields } from '@/features/submit/MediaFields';
import { PlaceFields } from '@/features/submit/PlaceFields';
import { RightsFields } from '@/features/submit/RightsFields';
import { SenderFields } from '@/features/submit/SenderFields';
import { StoryFields } from '@/features/submit/StoryFields';
import {
  parseSubmitDraft,
  submissionRequest,
  type SubmitDraft,
} from '@/features/submit/submitDraft';
import { useFormDraft } from '@/features/submit/useFormDraft';
import { useFormSender } from '@/features/submit/useFormSender';
import { useSubmissionUploads } from '@/features/submit/useSubmissionUploads';
import './communityForm.css';

/** Where an unsent submission is kept in this tab (session storage: it may hold an e-mail address). */
export const SUBMIT_DRAFT_KEY = 'globe-archive:submit-draft';

/** A photo kept offline whose file is gone (the page was reloaded): it must be chosen again. */
const keptPhotoGone = (): FieldError => ({
  path: 'images',
  message: t`Choose the photos again: this page was reloaded before they could be uploaded.`,
});

/** Refused while photos are on their way (said when the visitor sends, in their language). */
const stillUploading = (): FieldError => ({
  path: 'images',
  message: t`Wait until every photo has finished uploading, then send.`,
});

interface Props {
  /** The page's words above the form (the router passes the Markdown of src/content/submit.md). */
  intro: ReactNode;
  /** The archive's category names, offered first so one category keeps one spelling. */
  knownCategories: readonly string[];
}

/** The page once a submission is sent: its reference, what happens next, and "Send another". */
function SubmitThanks({
  intro,
  reference,
  onAgain,
}: {
  intro: ReactNode;
  reference: string;
  onAgain: () => void;
}) {
  const { t: say } = useLingui();
  return (
    <div className="page community-page">
      {intro}
      <FormConfirmation
        heading={say({ message: 'Thank you', comment: 'The heading once a submission is sent' })}
        reference={reference}
        againLabel={say({
          message: 'Send another',
          comment: 'Opens a fresh /submit form once a submission is sent',
        })}
        onAgain={onAgain}
      >
        <p>
          <Trans>
            Your submission has reached the archive. An editor will review it before it appears on
            the globe; if you left an e-mail address, they may write to you with questions.
          </Trans>
        </p>
      </FormConfirmation>
    </div>
  );
}

/**
 * /submit: a video link or photos from the community, with what they show and where, for the
 * editors to review. Checked by the shared schema before it goes; kept in the tab until it is sent.
 */
export function SubmitPage({ intro, knownCategories }: Props) {
  const { t: say } = useLingui();
  const { baseUrl } = useServiceAccess();
  const form = useRef<HTMLFormElement>(null);
  const { draft, setDraft, clearDraft, restored } = useFormDraft(
    SUBMIT_DRAFT_KEY,
    parseSubmitDraft,
  );
  const [honeypot, setHoneypot] = useState('');
  const uploads = useSubmissionUploads(baseUrl);
  const sender = useFormSender({
    form,
    validate: () => {
      const result = validateSubmission(submissionRequest(draft, honeypot));
      const errors = result.ok ? [] : result.errors;
      if (draft.kind === 'photos' && uploads.keptFiles(draft.images) === null)
        return [keptPhotoGone(), ...errors];
      return draft.kind === 'photos' && uploads.uploading > 0
        ? [stillUploading(), ...errors]
        : errors;
    },
    post: () => {
      const body = submissionRequest(draft, honeypot);
      return sendOrKeep(baseUrl, {
        kind: 'submission',
        body: { ...body },
        summary: body.title.trim() || say`Submission`,
        files: uploads.keptFiles(body.images) ?? [],
      });
    },
    onSent: clearDraft,
    sentWhat: 'submissions',
  });

  function update<K extends keyof SubmitDraft>(field: K, value: SubmitDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    sender.fieldChanged(field);
  }
  const set =
    <K extends keyof SubmitDraft>(field: K) =>
    (value: SubmitDraft[K]) =>
      update(field, value);

  if (sender.kept) {
    return (
      <div className="page community-page">
        {intro}
        <KeptConfirmation
          againLabel={say({
            message: 'Send another',
            comment: 'Opens a fresh /submit form once a submission is sent',
          })}
          onAgain={sender.startAgain}
        />
        <OutboxList />
      </div>
    );
  }
  if (sender.sentId !== null) {
    return <SubmitThanks intro={intro} reference={sender.sentId} onAgain={sender.startAgain} />;
  }

  const errors = sender.fieldErrors;
  return (
    <div className="page community-page">
      {intro}
      <OutboxList />
      <form
        ref={form}
        className="community-form"
        aria-label={say({
          message: 'Submit media',
          comment: "The name of /submit's form, for screen readers",
        })}
        noValidate
        onSubmit={sender.onSubmit}
      >
        <DraftNotice
          restored={restored}
          onStartOver={() => {
            clearDraft();
            sender.startAgain();
          }}
        />
        <FormProblemSummary problem={sender.problem} />
        <MediaFields
          kind={draft.kind}
          youtubeUrl={draft.youtube_url}
          images={draft.images}
          onKind={set('kind')}
          onYoutubeUrl={set('youtube_url')}
          onImages={set('images')}
          upload={uploads.upload}
          uploadCapture={uploads.uploadCapture}
          onCaptureBusy={uploads.onCaptureBusy}
          previewOf={uploads.previewOf}
          errors={errors}
        />
        <StoryFields
          draft={draft}
          onChange={update}
          errors={errors}
          knownCategories={knownCategories}
        />
        <PlaceFields
          place={draft.place}
          placeText={draft.place_text}
          onPlace={set('place')}
          onPlaceText={set('place_text')}
          errors={errors}
        />
        <RightsFields draft={draft} onChange={update} errors={errors} />
        <SenderFields draft={draft} onChange={update} errors={errors} />
        <ConsentField checked={draft.consent} onChange={set('consent')} error={errors.consent} />
        <HoneypotField value={honeypot} onChange={setHoneypot} />
        <SendButton
          sending={sender.sending}
          label={say({
            message: 'Send submission',
            comment: "The button that sends /submit's form",
          })}
        />
      </form>
    </div>
  );
}
