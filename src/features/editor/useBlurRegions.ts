import { t } from '@lingui/core/macro';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { BLUR_REGION_MIN, BLUR_REGIONS_MAX, clampRegion, type BlurRegion } from '@/lib/blurRegions';

/** One number of a region, as the list's inputs edit it. */
export type RegionSide = 'x' | 'y' | 'width' | 'height';

/**
 * The regions of a photo to blur, and the blurred copy asked for: at most `BLUR_REGIONS_MAX`, each
 * kept inside the photo; while the copy is being made (`busy`) nothing changes, and a refusal is
 * said (`problem`) with the regions kept.
 */
export function useBlurRegions(onApply: (regions: BlurRegion[]) => Promise<void>) {
  const [regions, setRegions] = useState<BlurRegion[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const full = regions.length >= BLUR_REGIONS_MAX;

  function add(region: BlurRegion) {
    if (full) return;
    setProblem(null);
    setRegions((list) => [...list, clampRegion(region)]);
  }

  /** Sets one side of region `index` to `value` percent of the photo. */
  function edit(index: number, side: RegionSide, value: number) {
    setRegions((list) =>
      list.map((region, i) =>
        i === index ? clampRegion({ ...region, [side]: value / 100 }) : region,
      ),
    );
  }

  function remove(index: number) {
    setRegions((list) => list.filter((_, i) => i !== index));
  }

  async function apply() {
    if (regions.length === 0) {
      setProblem(t`Draw at least one region to blur.`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onApply(regions);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t`The photo could not be blurred.`);
      setBusy(false);
    }
  }

  return { regions, full, busy, problem, add, edit, remove, apply };
}

/** The point of a pointer event within the photo, as fractions of its size. */
function pointIn(stage: HTMLElement, event: ReactPointerEvent): { x: number; y: number } {
  const box = stage.getBoundingClientRect();
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return {
    x: clamp((event.clientX - box.left) / Math.max(1, box.width)),
    y: clamp((event.clientY - box.top) / Math.max(1, box.height)),
  };
}

/** The rectangle between two corners. */
function between(a: { x: number; y: number }, b: { x: number; y: number }): BlurRegion {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/**
 * A region drawn across the photo (`stage`) with a mouse, a pen or a finger: from where the
 * pointer went down to where it is, given to `onDrawn` when it is let go. A click, or a slip of the
 * pointer, draws nothing.
 */
export function useRegionDrawing({
  canDraw,
  onDrawn,
}: {
  canDraw: boolean;
  onDrawn: (region: BlurRegion) => void;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<{
    from: { x: number; y: number };
    region: BlurRegion;
  } | null>(null);

  function start(event: ReactPointerEvent<HTMLDivElement>) {
    if (!stage.current || event.button !== 0 || !canDraw) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const from = pointIn(stage.current, event);
    setDrawing({ from, region: between(from, from) });
  }

  function move(event: ReactPointerEvent<HTMLDivElement>) {
    if (!stage.current || drawing === null) return;
    setDrawing({ ...drawing, region: between(drawing.from, pointIn(stage.current, event)) });
  }

  function end() {
    if (drawing === null) return;
    const { region } = drawing;
    setDrawing(null);
    if (region.width >= BLUR_REGION_MIN && region.height >= BLUR_REGION_MIN) onDrawn(region);
  }

  return {
    stage,
    /** The region being drawn, shown with the others until it is let go. */
    drawn: drawing?.region ?? null,
    handlers: {
      onPointerDown: start,
      onPointerMove: move,
      onPointerUp: end,
      onPointerCancel: () => setDrawing(null),
    },
  };
}
