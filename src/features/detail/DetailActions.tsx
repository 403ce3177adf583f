import { useLingui } from '@lingui/react/macro';
import { CategoryChips } from '@/features/detail/CategoryChips';
import { CopyLinkButton } from '@/features/detail/CopyLinkButton';
import type { CategoryRef } from '@/lib/nodeModel';

/**
 * The row of buttons under an item's title, the same for every kind of item: Back, Copy link and
 * its category chips. Back is left out (`onBack` null) where the sheet has it at its top (a phone).
 */
export function DetailActions({
  categories,
  colours,
  onBack,
}: {
  categories: readonly CategoryRef[];
  colours: Readonly<Record<string, string>>;
  onBack: (() => void) | null;
}) {
  const { t } = useLingui();
  return (
    <div className="detail__buttons">
      {onBack && (
        <button type="button" onClick={onBack}>
          {t({
            message: 'Back',
            comment: 'The button that closes the item and goes back to the globe',
          })}
        </button>
      )}
      <CopyLinkButton />
      <CategoryChips categories={categories} colours={colours} />
    </div>
  );
}
