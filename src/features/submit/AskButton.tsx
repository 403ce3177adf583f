import { Trans } from '@lingui/react/macro';
import type { Ref } from 'react';
import './AskButton.css';

/** The button that opens the form, here and in the form once it has closed. */
export function AskButton({
  ref,
  onClick,
  onIntent,
  busy = false,
}: {
  ref?: Ref<HTMLButtonElement>;
  onClick: () => void;
  /** A pointer over it or the focus on it: the form's code starts loading. */
  onIntent?: () => void;
  busy?: boolean;
}) {
  return (
    <p className="removal-ask">
      <button
        ref={ref}
        type="button"
        className="button-quiet"
        aria-busy={busy || undefined}
        onClick={onClick}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        <Trans comment="The button on an item's page that opens the form to ask the editors to remove or correct the item">
          Ask for removal or correction
        </Trans>
      </button>
    </p>
  );
}
