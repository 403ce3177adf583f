import { Suspense, useState } from 'react';
import { lazyWithWords } from '@/i18n/catalogs';
import { AskButton } from '@/features/submit/AskButton';

const loadForm = () => import('@/features/submit/RemovalRequestForm');
const RemovalRequestForm = lazyWithWords(loadForm);

/**
 * "Ask for removal or correction" on an item's page (issue 31). Only its button comes with the
 * item: the form, its checks and the schema library they share with the service load when a
 * visitor asks for them (issue 48: evaluated with the item, they held a phone's main thread for
 * 117 ms, CPU ÷4, on every shared link). A pointer over the button or the focus on it starts the
 * load, so the form is there by the time it is pressed; from then on the form keeps what was
 * written while the item stays open.
 */
export function RemovalAsk({ itemId }: { itemId: string }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadForm().catch(() => undefined);
  if (!wanted) return <AskButton onClick={() => setWanted(true)} onIntent={preload} />;
  return (
    <Suspense fallback={<AskButton busy onClick={() => undefined} />}>
      <RemovalRequestForm itemId={itemId} />
    </Suspense>
  );
}
