/**
 * The position picker as the forms' tests see it: the real one starts a Babylon engine, this one
 * is a button that picks one spot, so the form's side of the contract (value in, onChange out) is
 * what is tested. A test file puts it in place with
 * `vi.mock('@/components/PositionPicker', () => import('…/positionPickerStandIn'))`.
 */
import type { LatLng } from '@/globe/geo';

/** The spot every pick lands on. */
export const SPOT = { lat: 38.67361, lng: -90.24472 };

/** Stands in for `@/components/PositionPicker`'s picker. */
export function PositionPicker({
  value,
  onChange,
  label,
}: {
  value: LatLng | null;
  onChange(position: LatLng): void;
  label?: string;
}) {
  return (
    <button type="button" data-value={JSON.stringify(value)} onClick={() => onChange(SPOT)}>
      {label}
    </button>
  );
}
