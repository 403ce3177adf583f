import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { AuthErrorMessage } from '@/features/auth/AuthError';
import { toAuthError, type AuthError } from '@/features/auth/authErrors';

/** A titled part of /account with its own forms, notice and error. */
export function Part({
  title,
  notice,
  error,
  children,
}: {
  title: string;
  notice: string | null;
  error: AuthError | null;
  children: ReactNode;
}) {
  return (
    <section className="account-part" aria-label={title}>
      <h2>{title}</h2>
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      {children}
      <AuthErrorMessage error={error} />
    </section>
  );
}

/**
 * One part's actions: whether one is under way, what it last said, what went wrong. `run` takes
 * the work, which answers the notice to show (or null for none).
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<AuthError | null>(null);
  const run = useCallback(async (work: () => Promise<string | null>) => {
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
