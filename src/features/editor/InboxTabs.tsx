import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import './editor.css';

/**
 * The tabs of an editors' queue (`?status=`; the first tab is the address without it), and the
 * queue's status read from the address (an unknown one reads as the first).
 */
export function useInboxStatus<T extends string>(
  tabs: Readonly<Record<T, MessageDescriptor>>,
  first: T,
) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = asked !== null && asked in tabs ? (asked as T) : first;
  const choose = (tab: T) => setParams(tab === first ? {} : { status: tab }, { replace: true });
  return { status, choose };
}

export function InboxTabs<T extends string>({
  label,
  tabs,
  status,
  onChoose,
}: {
  label: string;
  /** Each tab's name, read in the active language. */
  tabs: Readonly<Record<T, MessageDescriptor>>;
  status: T;
  onChoose(tab: T): void;
}) {
  const { i18n } = useLingui();
  return (
    <div className="tabs" role="group" aria-label={label}>
      {(Object.keys(tabs) as T[]).map((tab) => (
        <button
          key={tab}
          type="button"
          className="button-quiet"
          aria-pressed={tab === status}
          onClick={() => onChoose(tab)}
        >
          {i18n._(tabs[tab])}
        </button>
      ))}
    </div>
  );
}

/** What a decision did, or why it failed. */
export function InboxNotice({ message }: { message: { text: string; error: boolean } | null }) {
  if (message === null) return null;
  return (
    <p
      className={message.error ? 'form-error' : 'form-notice'}
      role={message.error ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}
