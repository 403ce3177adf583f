/**
 * The honeypot's answer (issue 45). A bot that fills the form's hidden field is answered as a
 * person who sent the same form would be, so that it has no reason to adapt: the same field
 * errors when the rest of the form is wrong, and otherwise the same 201 with an id taken from the
 * list's own sequence (`InboxStore.decoyId`: the SQL table's bigserial via `nextval`, the memory
 * store's count), which no later entry is ever given. Nothing is kept.
 *
 * What a sender can still tell apart: only what the store itself checks as it keeps an entry (a
 * submission's photos must be the sender's own unclaimed uploads); the routes check everything
 * they can before answering a decoy.
 */
import { filledHoneypot } from '@/lib/submissionSchema';

/** The hidden field, as `filledHoneypot` reads it. */
const HONEYPOT_FIELD = 'website';

/** The form as sent without its hidden field: checked as a real send is, for the decoy's answer. */
export function withoutHoneypot(input: unknown): unknown {
  if (!filledHoneypot(input)) return input;
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>).filter(([name]) => name !== HONEYPOT_FIELD),
  );
}
