import { Trans, useLingui } from '@lingui/react/macro';
import { FormConfirmation } from '@/features/submit/FormConfirmation';

/**
 * What replaces a form kept in the outbox (issue 50): there was no network, or the send failed;
 * it is on this device and goes by itself once it can.
 */
export function KeptConfirmation({ againLabel, onAgain }: { againLabel: string; onAgain(): void }) {
  const { t } = useLingui();
  return (
    <FormConfirmation
      heading={t({
        message: 'Saved on this device',
        comment: 'The heading once a form could not be sent and was kept to be sent later',
      })}
      reference=""
      againLabel={againLabel}
      onAgain={onAgain}
    >
      <p>
        <Trans>
          It will be sent by itself as soon as there is a connection, even if you close this page.
          Its state is under “Waiting to be sent” on the Submit and Contact pages.
        </Trans>
      </p>
    </FormConfirmation>
  );
}
