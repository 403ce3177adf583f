import { Trans, useLingui } from '@lingui/react/macro';
import { useContext, useEffect, useRef, useState } from 'react';
import { ReactReduxContext } from 'react-redux';
import { useServiceAccess } from '@/app/hooks';
import type { MediaNode } from '@/lib/nodeModel';
import { FieldSet, TextAreaField, TextField } from '@/components/FormFields';
import {
  REMOVAL_MESSAGE_MAX,
  REMOVAL_REASON_LABELS,
  REMOVAL_REASONS,
  validateRemovalRequest,
} from '@/lib/removalSchema';
import { EMAIL_MAX } from '@/lib/submissionSchema';
import { sendOrKeep } from '@/features/submit/communityService';
import { FormConfirmation } from '@/features/submit/FormConfirmation';
import { KeptConfirmation } from '@/features/submit/KeptConfirmation';
import { FormProblemSummary } from '@/features/submit/FormProblemSummary';
import { HoneypotField } from '@/features/submit/HoneypotField';
import { AskButton } from '@/features/submit/AskButton';
import { SendButton } from '@/features/submit/SendButton';
import { useFormSender } from '@/features/submit/useFormSender';
import './communityForm.css';

interface Draft {
  reason: string;
  message: string;
  email: string;
}
const EMPTY: Draft = { reason: '', message: '', email: '' };

/** The request sent (its reference) or kept on the device to be sent (issue 50), and Close. */
function RemovalSent({
  kept,
  reference,
  onClose,
}: {
  kept: boolean;
  reference: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const close = t({ message: 'Close', comment: 'Closes the sent removal request form' });
  return (
    <div className="removal-ask">
      {kept ? (
        <KeptConfirmation againLabel={close} onAgain={onClose} />
      ) : (
        <FormConfirmation
          heading={t({
            message: 'Thank you',
            comment: 'The heading once a request for removal or correction is sent',
          })}
          reference={reference}
          againLabel={close}
          onAgain={onClose}
        >
          <p>
            <Trans>
              The editors have your request. If the item shows you, your family or something
              private, they can hide it at once while they look into it.
            </Trans>
          </p>
        </FormConfirmation>
      )}
    </div>
  );
}

/**
 * "Ask for removal or correction" on an item's page (issue 31): a person who finds themselves, their
 * family, their home or something wrong in an item tells the editors, who can hide it at once. The
 * same protections as the other public forms (the shared schema, JSON only, a rate limit, a
 * honeypot); nothing is kept in the browser. `RemovalAsk` loads it when its button is pressed, so
 * it opens at once; closed, it gives way to that button again, and keeps what was written.
 */
export default function RemovalRequestForm({ itemId }: { itemId: string }) {
  const { t, i18n } = useLingui();
  const { baseUrl } = useServiceAccess();
  // The item's title names the request in the outbox; read from the store when it is sent (the
  // form also stands alone, without one).
  const redux = useContext(ReactReduxContext);
  const titleOf = (): string => {
    const state = redux?.store.getState() as { nodes?: { items: MediaNode[] } } | undefined;
    return state?.nodes?.items.find((node) => node.video_id === itemId)?.title ?? itemId;
  };
  const [open, setOpen] = useState(true);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button gives way to the form: the focus goes to the form's heading, and back to the
  // button when the form closes.
  useEffect(() => {
    if (open) heading.current?.focus();
    else opener.current?.focus();
  }, [open]);
  const body = () => ({ node_id: itemId, ...draft, website: honeypot });
  const sender = useFormSender({
    form,
    validate: () => {
      const result = validateRemovalRequest(body());
      return result.ok ? [] : result.errors;
    },
    post: () => {
      const itemTitle = titleOf();
      return sendOrKeep(baseUrl, {
        kind: 'removal',
        body: body(),
        summary: t({
          message: `Request about “${itemTitle}”`,
          comment: "The outbox's name for a request to remove or correct an item, with its title",
        }),
      });
    },
    onSent: () => setDraft(EMPTY),
    sentWhat: 'requests',
  });
  const set = (field: keyof Draft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    sender.fieldChanged(field);
  };

  if (!open) return <AskButton ref={opener} onClick={() => setOpen(true)} />;
  if (sender.sentId !== null) {
    return (
      <RemovalSent
        kept={sender.kept}
        reference={sender.sentId}
        onClose={() => {
          sender.startAgain();
          setOpen(false);
        }}
      />
    );
  }
  const errors = sender.fieldErrors;
  return (
    <form
      ref={form}
      className="removal-ask community-form"
      aria-label={t({
        message: 'Ask for removal or correction',
        comment:
          "The button on an item's page that opens the form to ask the editors to remove or correct the item",
      })}
      noValidate
      onSubmit={sender.onSubmit}
    >
      <h3 ref={heading} tabIndex={-1}>
        {t({
          message: 'Ask for removal or correction',
          comment:
            "The button on an item's page that opens the form to ask the editors to remove or correct the item",
        })}
      </h3>
      <FormProblemSummary problem={sender.problem} />
      <FieldSet
        legend={t({
          message: 'What is wrong? (required)',
          comment: 'The question above the reasons to ask for removal or correction of an item',
        })}
        error={errors.reason}
        className="rights-choice"
      >
        {REMOVAL_REASONS.map((reason) => (
          <label key={reason} className="field__choice">
            <input
              type="radio"
              name="reason"
              value={reason}
              checked={draft.reason === reason}
              aria-invalid={errors.reason ? true : undefined}
              onChange={() => set('reason')(reason)}
            />
            <span>{i18n._(REMOVAL_REASON_LABELS[reason])}</span>
          </label>
        ))}
      </FieldSet>
      <TextAreaField
        label={t({
          message: 'What should change',
          comment: 'The label of the message box of a request for removal or correction',
        })}
        name="message"
        required
        rows={4}
        maxLength={REMOVAL_MESSAGE_MAX}
        value={draft.message}
        error={errors.message}
        onChange={set('message')}
      />
      <TextField
        label={t`Your e-mail address (optional)`}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        value={draft.email}
        error={errors.email}
        hint={t`For the editors to answer you; never published.`}
        onChange={set('email')}
      />
      {errors.node_id && (
        <p className="field__error" role="alert">
          {errors.node_id}
        </p>
      )}
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      <p className="removal-ask__buttons">
        <SendButton
          sending={sender.sending}
          label={t({
            message: 'Send request',
            comment: 'Sends a request for the removal or correction of an item',
          })}
        />
        <button type="button" className="button-quiet" onClick={() => setOpen(false)}>
          {t({ message: 'Cancel', comment: 'Closes the removal request form without sending' })}
        </button>
      </p>
    </form>
  );
}
