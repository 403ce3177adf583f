import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  heading: string;
  /** The service's reference for what was sent; `''` when it gave none. */
  reference: string;
  children: ReactNode;
  againLabel: string;
  onAgain(): void;
}

/**
 * What replaces a form once it is sent. Its heading takes focus, so a screen reader announces the
 * outcome and a keyboard user continues from here rather than from a button that is gone.
 */
export function FormConfirmation({ heading, reference, children, againLabel, onAgain }: Props) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // An element, not text, inside the sentence: its text (the service's) is shown as it is.
  const code = <code className="form-confirmation__reference">{reference}</code>;
  return (
    <section className="form-confirmation" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {children}
      {reference !== '' && (
        <p>
          <Trans comment="{code} is the archive service's reference for what was just sent">
            Your reference: {code}. Quote it if you write to the editors about it.
          </Trans>
        </p>
      )}
      <button type="button" className="auth-form__submit" onClick={onAgain}>
        {againLabel}
      </button>
    </section>
  );
}
