/** The timeline's histogram bars (solid: dated within a bar; pale: spanning more), its axis. */

import { LABEL_PX } from '@/features/filter/timelineModel';
import {
  barEdges,
  edgeLabel,
  labelStep,
  type Histogram,
  type TimeStep,
  type TimeWindow,
} from '@/lib/timeline';

/** The bars, each as tall as its count against the tallest; those outside the range faded. */
export function TimelineBars({
  bars,
  step,
  from,
  until,
  at,
}: {
  bars: Histogram;
  step: TimeStep;
  /** The range's ends. */
  from: number;
  until: number;
  /** An instant's place on the track, in % of its width. */
  at: (ms: number) => number;
}) {
  const tallest = Math.max(1, ...bars.exact.map((n, i) => n + (bars.loose[i] as number)));
  return (
    <div className="timeline__bars" aria-hidden="true">
      {bars.exact.map((exact, i) => {
        const loose = bars.loose[i] as number;
        const left = at(bars.edges[i] as number);
        const right = at(bars.edges[i + 1] as number);
        if (right <= left || exact + loose === 0) return null;
        const inside = (bars.edges[i + 1] as number) > from && (bars.edges[i] as number) < until;
        return (
          <div
            key={bars.edges[i]}
            className={`timeline__column${inside ? '' : ' timeline__column--out'}`}
            style={{ left: `${left}%`, width: `${right - left}%` }}
            title={`${edgeLabel(bars.edges[i] as number, step)}: ${exact + loose}`}
          >
            <span className="timeline__loose" style={{ height: `${(loose / tallest) * 100}%` }} />
            <span className="timeline__exact" style={{ height: `${(exact / tallest) * 100}%` }} />
          </div>
        );
      })}
    </div>
  );
}

/** The axis under the bars: a label at each edge of a step wide enough for labels to fit. */
export function TimelineAxis({
  view,
  step,
  width,
  at,
}: {
  view: TimeWindow;
  step: TimeStep;
  /** The track's width (px). */
  width: number;
  at: (ms: number) => number;
}) {
  const labelled = labelStep(view, step, width, LABEL_PX);
  const labels = barEdges(view, labelled)
    .filter((edge) => edge >= view.start && edge <= view.end)
    .map((edge) => ({ edge, text: edgeLabel(edge, labelled) }));
  return (
    <div className="timeline__axis" aria-hidden="true">
      {labels.map(({ edge, text }) => {
        const left = at(edge);
        const end = left < 6 ? ' timeline__label--start' : left > 94 ? ' timeline__label--end' : '';
        return (
          <span key={edge} className={`timeline__label${end}`} style={{ left: `${left}%` }}>
            {text}
          </span>
        );
      })}
    </div>
  );
}
