import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { RequiredMark } from '@/components/FormFields';
import { CURRENT_TERMS } from '@/lib/terms';

/**
 * The line a sender ticks so the archive may publish what they send: that the media is theirs to
 * give, and that they agree to the terms for contributors, whose version goes with the submission.
 * The terms open in a new tab through a router link, so their address keeps the page's language
 * (`/es/terms`), the one the submission records.
 */
export function ConsentField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
}) {
  const id = useId();
  const version = CURRENT_TERMS.version;
  return (
    <div className="field consent-field">
      <label className="field__choice" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="consent"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <Trans comment="The consent line a sender ticks on /submit; {version} is the terms' version, such as 2025-06-01">
            I recorded this media or own it, or its owner has allowed me to send it; and I agree to
            the{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              terms for contributors
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            (version {version}), so that the Globe Archive may publish it, credited and licensed as
            I chose above.
          </Trans>
          <RequiredMark />
        </span>
      </label>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
