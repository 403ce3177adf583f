/**
 * "Ask for removal or correction" (issue 31): what a person who finds themselves, their family or
 * their home in an item, or something wrong in it, sends from the item's page. One schema for the
 * form and the nodes-service, as the other public forms have.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { NODE_ID_MAX, NODE_ID_PATTERN } from '@/lib/itemLimits';
import { collectFieldErrors, withoutControls, type FieldError } from '@/lib/nodeSchema';
import { storableTextErrors } from '@/lib/storableText';
import { activeWords, filledHoneypot, messageTooLong, optionalEmail } from '@/lib/submissionSchema';

/** Why a person asks. */
export const REMOVAL_REASONS = [
  'me-or-family',
  'private-information',
  'wrong-place-or-date',
  'copyright',
  'other',
] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** Each reason as the form offers it and an editor reads it, read with `i18n._` where shown. */
export const REMOVAL_REASON_LABELS: Readonly<Record<RemovalReason, MessageDescriptor>> = {
  'me-or-family': msg({
    message: 'It shows me or my family',
    comment: 'A reason to ask for the removal or correction of an archive item',
  }),
  'private-information': msg({
    message: 'It shows private information (an address, a licence plate, a name)',
    comment: 'A reason to ask for the removal or correction of an archive item',
  }),
  'wrong-place-or-date': msg({
    message: 'The place or the date is wrong',
    comment: 'A reason to ask for the removal or correction of an archive item',
  }),
  copyright: msg({
    message: 'It is mine and was sent without my permission',
    comment: 'A reason to ask for the removal or correction of an archive item (copyright)',
  }),
  other: msg({
    message: 'Something else',
    comment: 'The last reason to ask for the removal or correction of an archive item',
  }),
};

/**
 * The reasons' words in the active language, read when said (an editor's list; the journal, which
 * the service writes in English).
 */
export const REMOVAL_REASON_WORDS: Readonly<Record<RemovalReason, string>> =
  activeWords(REMOVAL_REASON_LABELS);

const askFromItemPage = () => t`Open the item again and ask from its page.`;

/** A request's message, characters. */
export const REMOVAL_MESSAGE_MAX = 2000;

/** A request after validation. */
export type RemovalRequestInput = {
  /** The item it is about. */
  node_id: string;
  reason: RemovalReason;
  message: string;
  /** Where the editors may answer ('' when none given; nothing is sent unless mail is set up). */
  email: string;
};

export type RemovalValidation =
  { ok: true; request: RemovalRequestInput } | { ok: false; errors: FieldError[]; spam?: boolean };

const removalSchema = z.object(
  {
    node_id: z
      .string({ error: askFromItemPage })
      .trim()
      .max(NODE_ID_MAX, { error: askFromItemPage })
      .regex(NODE_ID_PATTERN, { error: askFromItemPage }),
    reason: z
      .unknown()
      .optional()
      .refine((value): value is RemovalReason => REMOVAL_REASONS.includes(value as RemovalReason), {
        error: () => t`Say what is wrong.`,
      }),
    message: z
      .string({ error: () => t`Must be text.` })
      .nullish()
      .transform((value) => withoutControls(value ?? '').trim())
      .pipe(
        z
          .string()
          .min(1, { error: () => t`Tell the editors what should change.` })
          .max(REMOVAL_MESSAGE_MAX, { error: () => messageTooLong(REMOVAL_MESSAGE_MAX) }),
      ),
    email: optionalEmail,
    website: z.unknown().optional(),
  },
  {
    error: () =>
      t({
        message: 'The request must be a JSON object.',
        comment: 'The nodes-service refuses a removal request that is not JSON',
      }),
  },
);

/**
 * Checks a removal or correction request.
 *
 * @returns the clean request, or one error per field; `spam` when the hidden field was filled (the
 *   service then answers as if it had been accepted and keeps nothing).
 */
export function validateRemovalRequest(input: unknown): RemovalValidation {
  if (filledHoneypot(input)) return { ok: false, errors: [], spam: true };
  const unstorable = storableTextErrors(input);
  if (unstorable.length > 0) return { ok: false, errors: unstorable };
  const result = removalSchema.safeParse(input);
  if (!result.success) return { ok: false, errors: collectFieldErrors(result.error.issues, []) };
  const { node_id, reason, message, email } = result.data;
  return { ok: true, request: { node_id, reason: reason as RemovalReason, message, email } };
}

/**
 * Why the journal says an item was hidden: "Removal request 12: It shows me or my family. …". The
 * service writes it, in English, into the journal it keeps.
 */
export function journalReasonOfRemoval(id: string, reason: RemovalReason, note: string): string {
  return `Removal request ${id}: ${REMOVAL_REASON_WORDS[reason]}${note === '' ? '' : `. ${note}`}`;
}
