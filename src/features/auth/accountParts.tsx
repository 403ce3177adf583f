import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';
import type { AccountDetails, AuthService } from '@/features/auth/cognitoAuth';

/** What a part of /account that shows the account gets: the service, the account, a reload. */
export interface AccountPartProps {
  service: AuthService;
  account: AccountDetails;
  /** Reads the account again after a change (GetUser). */
  reload: () => Promise<void>;
}

/**
 * A titled part of /account with its own forms, notice and error; the notice is a message (from
 * `msg`), read in the active language, again when the visitor switches.
 */
export function Part({
  title,
  notice,
  error,
  children,
}: {
  title: string;
  notice: MessageDescriptor | null;
  error: AuthError | null;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <section className="account-part" aria-label={title}>
      <h2>{title}</h2>
      {notice && (
        <p className="form-notice" role="status">
          {i18n._(notice)}
        </p>
      )}
      {children}
      <AuthErrorMessage error={error} />
    </section>
  );
}

/**
 * One part's actions: whether one is under way, what it last said, what went wrong. `run` takes
 * the work, which answers the notice to show (a `msg` descriptor, or null for none).
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<MessageDescriptor | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const run = useCallback(async (work: () => Promise<MessageDescriptor | null>) => {
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (failure) {
      setError(toAuthError(failure));
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, notice, error, run };
}

/** A form's submit handler that stays on the page. */
export function submitted(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    action();
  };
}

/**
 * An action that cannot be undone, behind a confirmation: the `ask` button opens a group named by
 * `question` with `children` (what happens), the action (`confirm`, `pendingLabel` while it
 * runs) and `keep`, which closes it again.
 */
export function ConfirmedAction({
  ask,
  question,
  confirm,
  pendingLabel,
  keep,
  pending,
  onConfirm,
  children,
}: {
  ask: string;
  question: string;
  confirm: string;
  pendingLabel?: string;
  keep: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="auth-form__secondary" onClick={() => setAsking(true)}>
        {ask}
      </button>
    );
  }
  return (
    <div className="account-part__confirm" role="group" aria-label={question}>
      {children}
      <button type="button" className="auth-form__danger" disabled={pending} onClick={onConfirm}>
        {pending && pendingLabel ? pendingLabel : confirm}
      </button>{' '}
      <button
        type="button"
        className="auth-form__secondary"
        disabled={pending}
        onClick={() => setAsking(false)}
      >
        {keep}
      </button>
    </div>
  );
}
