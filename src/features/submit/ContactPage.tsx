import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { useServiceAccess } from '@/app/hooks';
import { TextAreaField, TextField } from '@/components/FormFields';
import {
  CONTACT_MESSAGE_MAX,
  EMAIL_MAX,
  SENDER_NAME_MAX,
  validateContact,
} from '@/lib/submissionSchema';
import { sendOrKeep } from '@/features/submit/communityService';
import {
  contactRequest,
  parseContactDraft,
  type ContactDraft,
} from '@/features/submit/contactDraft';
import { DraftNotice } from '@/features/submit/DraftNotice';
import { FormConfirmation } from '@/features/submit/FormConfirmation';
import { KeptConfirmation } from '@/features/submit/KeptConfirmation';
import { OutboxList } from '@/features/submit/OutboxList';
import { FormProblemSummary } from '@/features/submit/FormProblemSummary';
import { HoneypotField } from '@/features/submit/HoneypotField';
import { SendButton } from '@/features/submit/SendButton';
import { useFormDraft } from '@/features/submit/useFormDraft';
import { useFormSender } from '@/features/submit/useFormSender';
import './communityForm.css';

/** Where an unsent message is kept in this tab (session storage: it holds an e-mail address). */
export const CONTACT_DRAFT_KEY = 'globe-archive:contact-draft';

/** The outbox's name for a message: its first words. */
function summaryOf(message: string): string {
  const words = message.trim().replace(/\s+/g, ' ');
  return words.length <= 60 ? words : `${words.slice(0, 59)}…`;
}

interface Props {
  /** The page's words above the form (the router passes the Markdown of src/content/contact.md). */
  intro: ReactNode;
}

/**
 * /contact: a message to the editors (name, e-mail, message), checked by the shared schema before
 * it goes, kept in the tab until it is sent.
 */
export function ContactPage({ intro }: Props) {
  const { t } = useLingui();
  const { baseUrl } = useServiceAccess();
  const form = useRef<HTMLFormElement>(null);
  const { draft, setDraft, clearDraft, restored } = useFormDraft(
    CONTACT_DRAFT_KEY,
    parseContactDraft,
  );
  const [honeypot, setHoneypot] = useState('');
  const sender = useFormSender({
    form,
    validate: () => {
      const result = validateContact(contactRequest(draft, honeypot));
      return result.ok ? [] : result.errors;
    },
    post: () =>
      sendOrKeep(baseUrl, {
        kind: 'message',
        body: { ...contactRequest(draft, honeypot) },
        summary: summaryOf(draft.message),
      }),
    onSent: clearDraft,
    sentWhat: 'messages',
  });

  const update = (field: keyof ContactDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    sender.fieldChanged(field);
  };

  return (
    <div className="page community-page">
      {intro}
      {/* Above the form, what waits to be sent; below the confirmation of one just kept. */}
      {!sender.kept && <OutboxList />}
      {sender.kept ? (
        <>
          <KeptConfirmation againLabel={t`Write another message`} onAgain={sender.startAgain} />
          <OutboxList />
        </>
      ) : sender.sentId !== null ? (
        <FormConfirmation
          heading={t({
            message: 'Message sent',
            comment: "The heading of /contact's confirmation once a message to the editors is sent",
          })}
          reference={sender.sentId}
          againLabel={t`Write another message`}
          onAgain={sender.startAgain}
        >
          <p>
            <Trans>
              Thank you for writing. The editors read every message and answer by e-mail when there
              is something to answer.
            </Trans>
          </p>
          <p>
            <Trans comment="911 is the emergency number in the United States">
              They cannot send help: in an emergency, call <a href="tel:911">911</a>.
            </Trans>
          </p>
        </FormConfirmation>
      ) : (
        <form
          ref={form}
          className="community-form"
          aria-label={t({
            message: 'Write to the editors',
            comment: "The name of /contact's form, for screen readers",
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
          <TextField
            label={t`Your name`}
            name="name"
            required
            autoComplete="name"
            maxLength={SENDER_NAME_MAX}
            value={draft.name}
            onChange={update('name')}
            error={sender.fieldErrors.name}
          />
          <TextField
            label={t`Your e-mail address`}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            hint={t`So the editors can answer you. It is never published.`}
            value={draft.email}
            onChange={update('email')}
            error={sender.fieldErrors.email}
          />
          <TextAreaField
            label={t({ message: 'Message', comment: "The label of /contact's message box" })}
            name="message"
            required
            rows={8}
            maxLength={CONTACT_MESSAGE_MAX}
            value={draft.message}
            onChange={update('message')}
            error={sender.fieldErrors.message}
          />
          <HoneypotField value={honeypot} onChange={setHoneypot} />
          <SendButton sending={sender.sending} label={t`Send message`} />
        </form>
      )}
    </div>
  );
}
