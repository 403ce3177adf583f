import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAnalytics } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';
import './CopyLinkButton.css';

/**
 * Copies the item's address, so a visitor can send it to a neighbour; says whether it worked. The
 * address is the item's own, without the filter it was opened under or other query: a shared link
 * opens the item on the unfiltered globe.
 */
export function CopyLinkButton() {
  const { t } = useLingui();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const analytics = useAnalytics();
  const address = `${window.location.origin}${window.location.pathname}`;
  const copy = async () => {
    analytics.click(CLICK.share, window.location.pathname);
    try {
      await navigator.clipboard.writeText(address);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <span className="copy-link">
      <button type="button" className="copy-link__button" onClick={() => void copy()}>
        {t({ message: 'Copy link', comment: "The button that copies the item's address" })}
      </button>
      <span className="copy-link__status" role="status">
        {status === 'copied'
          ? t`Link copied`
          : status === 'failed'
            ? t({
                message: `Copy this address: ${address}`,
                comment:
                  'Said when the browser did not let the page copy the link: the visitor copies {address} by hand',
              })
            : ''}
      </span>
    </span>
  );
}
