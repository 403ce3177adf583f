import { useRef, useState, type ReactNode } from 'react';
import { useServiceAccess } from '@/app/hooks';
import { CategoryPicker } from '@/components/CategoryPicker';
import { DateField } from '@/components/DateField';
import { FieldSet, TextAreaField, TextField } from '@/components/FormFields';
import {
  NODE_CATEGORIES_MAX,
  NODE_DESCRIPTION_MAX,
  NODE_TITLE_MAX,
  type FieldError,
} from '@/lib/nodeSchema';
import { EMAIL_MAX, SENDER_NAME_MAX, validateSubmission } from '@/lib/submissionSchema';
import {
  postSubmission,
  uploadSubmissionCapture,
  uploadSubmissionPhoto,
} from '@/features/submit/communityService';
import { ConsentField } from '@/features/submit/ConsentField';
import { DraftNotice } from '@/features/submit/DraftNotice';
import { FormConfirmation } from '@/features/submit/FormConfirmation';
import { FormProblemSummary } from '@/features/submit/FormProblemSummary';
import { HoneypotField } from '@/features/submit/HoneypotField';
import { SendButton } from '@/features/submit/SendButton';
import { MediaFields } from '@/features/submit/MediaFields';
import { PlaceFields } from '@/features/submit/PlaceFields';
import { RightsFields } from '@/features/submit/RightsFields';
import {
  parseSubmitDraft,
  submissionRequest,
  type SubmitDraft,
} from '@/features/submit/submitDraft';
import { useFormDraft } from '@/features/submit/useFormDraft';
import { useFormSender } from '@/features/submit/useFormSender';
import { useLocalPreviews } from '@/features/submit/useLocalPreviews';

/** Where an unsent submission is kept in this tab (session storage: it may hold an e-mail address). */
export const SUBMIT_DRAFT_KEY = 'globe-archive:submit-draft';

const STILL_UPLOADING: FieldError = {
  path: 'images',
  message: 'Wait until every photo has finished uploading, then send.',
};

interface Props {
  /** The page's words above the form (the router passes the Markdown of src/content/submit.md). */
  intro: ReactNode;
  /** The archive's category names, offered first so one category keeps one spelling. */
  knownCategories: readonly string[];
}

/**
 * /submit: a video link or photos from the community, with what they show and where, for the
 * editors to review. Checked by the shared schema before it goes; kept in the tab until it is sent.
 */
export function SubmitPage({ intro, knownCategories }: Props) {
  const { baseUrl } = useServiceAccess();
  const form = useRef<HTMLFormElement>(null);
  const { draft, setDraft, clearDraft, restored } = useFormDraft(
    SUBMIT_DRAFT_KEY,
    parseSubmitDraft,
  );
  const [honeypot, setHoneypot] = useState('');
  // Photos still on their way: a submission sent now would go without them.
  const [uploading, setUploading] = useState(0);
  const sender = useFormSender({
    form,
    validate: () => {
      const result = validateSubmission(submissionRequest(draft, honeypot));
      const errors = result.ok ? [] : result.errors;
      return draft.kind === 'photos' && uploading > 0 ? [STILL_UPLOADING, ...errors] : errors;
    },
    post: () => postSubmission(baseUrl, submissionRequest(draft, honeypot)),
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

  // The photos stay private until an editor publishes them: the list shows the chosen files.
  const previews = useLocalPreviews();
  const upload = (file: File) => {
    setUploading((n) => n + 1);
    return uploadSubmissionPhoto(baseUrl, file)
      .then((image) => {
        previews.remember(image, file);
        return image;
      })
      .finally(() => setUploading((n) => n - 1));
  };

  if (sender.sentId !== null) {
    return (
      <div className="page community-page">
        {intro}
        <FormConfirmation
          heading="Thank you"
          reference={sender.sentId}
          againLabel="Send another"
          onAgain={sender.startAgain}
        >
          <p>
            Your submission has reached the archive. An editor will review it before it appears on
            the globe; if you left an e-mail address, they may write to you with questions.
          </p>
        </FormConfirmation>
      </div>
    );
  }

  const errors = sender.fieldErrors;
  return (
    <div className="page community-page">
      {intro}
      <form
        ref={form}
        className="community-form"
        aria-label="Submit media"
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
          upload={upload}
          uploadCapture={(file) => uploadSubmissionCapture(baseUrl, file)}
          onCaptureBusy={(busy) => setUploading((n) => n + (busy ? 1 : -1))}
          previewOf={previews.previewOf}
          errors={errors}
        />
        <TextField
          label="Title"
          name="title"
          required
          maxLength={NODE_TITLE_MAX}
          value={draft.title}
          onChange={set('title')}
          error={errors.title}
          hint="A few words: what and where, e.g. “Volunteers clearing Page Avenue”."
        />
        <TextAreaField
          label="Description"
          name="description"
          maxLength={NODE_DESCRIPTION_MAX}
          value={draft.description}
          onChange={set('description')}
          error={errors.description}
          hint="What it shows: who, what, and anything a visitor should know."
        />
        <DateField
          value={draft.date}
          onChange={set('date')}
          error={errors.date}
          allowText={false}
        />
        <CategoryPicker
          label="Categories"
          name="categories"
          value={draft.categories}
          onChange={set('categories')}
          known={knownCategories}
          max={NODE_CATEGORIES_MAX}
          error={errors.categories}
        />
        <PlaceFields
          place={draft.place}
          placeText={draft.place_text}
          onPlace={set('place')}
          onPlaceText={set('place_text')}
          errors={errors}
        />
        <RightsFields draft={draft} onChange={update} errors={errors} />
        <FieldSet
          legend="About you (optional)"
          hint="Only for the editors to reach you with questions; never published."
        >
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            maxLength={SENDER_NAME_MAX}
            value={draft.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            label="Your e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            value={draft.email}
            onChange={set('email')}
            error={errors.email}
          />
        </FieldSet>
        <ConsentField checked={draft.consent} onChange={set('consent')} error={errors.consent} />
        <HoneypotField value={honeypot} onChange={setHoneypot} />
        <SendButton sending={sender.sending} label="Send submission" />
      </form>
    </div>
  );
}
