import { ITEM_FIELD_LIST } from '@/lib/itemFields';
import type { MediaNode } from '@/lib/nodeModel';

/**
 * The facts of an item that its fields' declarations say (`@/lib/itemFields`: a field's `detail`),
 * one line each, under its date ("Language: Spanish"); nothing for a field the item does not state.
 * The archive's data: shown as text.
 */
export function ItemFacts({ node }: { node: MediaNode }) {
  const values = node as unknown as Record<string, unknown>;
  const facts = ITEM_FIELD_LIST.flatMap(([name, spec]) => {
    const value = values[name];
    const text = spec.detail && value !== undefined && value !== null ? spec.detail(value) : null;
    return text === null ? [] : [{ name, text }];
  });
  return facts.map(({ name, text }) => (
    <p key={name} className="detail__fact" data-field={name}>
      {text}
    </p>
  ));
}
