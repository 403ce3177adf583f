import { CategoryChips } from '@/features/detail/CategoryChips';
import { CopyLinkButton } from '@/features/detail/CopyLinkButton';
import type { CategoryRef } from '@/lib/nodeModel';

/** The row of buttons under an item: Back, Copy link and its category chips. */
export function DetailActions({
  categories,
  colours,
  onBack,
}: {
  categories: readonly CategoryRef[];
  colours: Readonly<Record<string, string>>;
  onBack: () => void;
}) {
  return (
    <div className="detail__buttons">
      <button type="button" onClick={onBack}>
        Back
      </button>
      <CopyLinkButton />
      <CategoryChips categories={categories} colours={colours} />
    </div>
  );
}
