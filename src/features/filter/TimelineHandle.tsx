/** One of the timeline's two handles: a slider of WAI-ARIA's multi-thumb kind. */

import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent, PointerEvent } from 'react';
import { edgeWords } from '@/features/filter/timelineModel';
import { handleLimits, type HandleEdges, type HandleName } from '@/features/filter/timelineHandles';
import type { TimeWindow } from '@/lib/timeline';

/**
 * A handle standing at its edge of the range, named and bounded for screen readers; its keys
 * and pointer are the track's (`TimelineTrack`).
 */
export function TimelineHandle({
  which,
  edges,
  bounds,
  at,
  onKeyDown,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  onPointerCancel,
}: {
  which: HandleName;
  edges: HandleEdges;
  bounds: TimeWindow;
  /** An instant's place on the track, in % of its width. */
  at: (ms: number) => number;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLDivElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLDivElement>) => void;
  /** The pointer was taken away. */
  onPointerCancel: () => void;
}) {
  const { t } = useLingui();
  const value = which === 'from' ? edges.from : edges.until;
  const { min, max } = handleLimits(which, edges, bounds);
  return (
    <div
      role="slider"
      tabIndex={0}
      className={`timeline__handle timeline__handle--${which}`}
      style={{ left: `${at(value)}%` }}
      aria-label={
        which === 'from'
          ? t({
              message: 'Start of the time range',
              comment: "The timeline's handle (a slider) that moves the chosen range's start",
            })
          : t({
              message: 'End of the time range',
              comment: "The timeline's handle (a slider) that moves the chosen range's end",
            })
      }
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={edgeWords(value, which)}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    />
  );
}
