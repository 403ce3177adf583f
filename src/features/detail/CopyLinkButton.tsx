import { useState } from 'react';
import { useAnalytics } from '@/app/hooks';
import { CLICK } from '@/lib/analytics';

/** Copies the item's address, so a visitor can send it to a neighbour; says whether it worked. */
export function CopyLinkButton() {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const analytics = useAnalytics();
  const copy = async () => {
    analytics.click(CLICK.share, window.location.pathname);
    try {
      await navigator.clipboard.writeText(window.location.href);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };
  return (
    <span className="copy-link">
      <button type="button" className="copy-link__button" onClick={() => void copy()}>
        Copy link
      </button>
      <span className="copy-link__status" role="status">
        {status === 'copied'
          ? 'Link copied'
          : status === 'failed'
            ? `Copy this address: ${window.location.href}`
            : ''}
      </span>
    </span>
  );
}
