import { describe, expect, it } from 'vitest';
import { zoomedIn } from '@/features/filter/TimelineControls';
import {
  barEdges,
  busiestDay,
  densestWindow,
  edgeLabel,
  floorToStep,
  histogram,
  labelStep,
  MIN_WINDOW_MS,
  nearestEdge,
  nextEdge,
  panWindow,
  previousEdge,
  stepFor,
  TIME_STEPS,
  wholeSpan,
  zoomWindow,
  type TimeStep,
} from '@/lib/timeline';
import {
  dateInRange,
  fromText,
  isLocalMidnight,
  rangeOfTexts,
  rangeText,
  timeText,
  toText,
} from '@/lib/timeRange';

const at = (text: string) => Date.parse(text);
const step = (unit: TimeStep['unit'], count = 1) =>
  TIME_STEPS.find((s) => s.unit === unit && s.count === count) as TimeStep;

describe('the timeline range in the URL (?from=, ?to=)', () => {
  it('keeps a day or a time with its offset, and drops anything else', () => {
    expect(rangeText('2025-05-16')).toBe('2025-05-16');
    expect(rangeText(' 2025-05-16t14:40-05:00 ')).toBe('2025-05-16T14:40-05:00');
    expect(rangeText('2025-05-16T19:40Z')).toBe('2025-05-16T19:40Z');
    for (const bad of [
      null,
      '',
      'yesterday',
      '2025-02-30',
      '2025-05-16T14:40',
      '2025-05-17/2025-05-30',
      'x'.repeat(80),
    ])
      expect(rangeText(bad)).toBeNull();
  });

  it('reads a day as all of it, in St. Louis, and a time as that instant', () => {
    expect(rangeOfTexts('2025-05-16', '2025-05-16')).toEqual({
      from: at('2025-05-16T00:00-05:00'),
      until: at('2025-05-17T00:00-05:00'),
    });
    expect(rangeOfTexts('2025-05-16T14:40-05:00', null)).toEqual({
      from: at('2025-05-16T14:40-05:00'),
      until: null,
    });
    // The end's instant itself is in the range.
    expect(rangeOfTexts(null, '2025-05-16T15:00-05:00').until).toBe(
      at('2025-05-16T15:00-05:00') + 1,
    );
  });

  it('writes an edge on a midnight as a day and any other as a time; each reads back the same', () => {
    const midnight = at('2025-05-17T00:00-05:00');
    expect(isLocalMidnight(midnight)).toBe(true);
    expect(fromText(midnight)).toBe('2025-05-17');
    expect(toText(midnight)).toBe('2025-05-16');
    const afternoon = at('2025-05-16T14:40-05:00');
    expect(fromText(afternoon)).toBe('2025-05-16T14:40-05:00');
    expect(toText(afternoon)).toBe('2025-05-16T14:40-05:00');
    // Winter has its own offset.
    expect(timeText(at('2025-12-01T09:05-06:00'))).toBe('2025-12-01T09:05-06:00');
    for (const [from, until] of [
      [midnight, at('2025-05-30T00:00-05:00')],
      [afternoon, at('2025-05-16T15:10-05:00')],
    ] as const) {
      const read = rangeOfTexts(fromText(from), toText(until));
      expect(read.from).toBe(from);
      expect(toText(read.until as number)).toBe(toText(until));
    }
  });

  it('puts an item in a range when its date overlaps it; an undated item only in no range', () => {
    const range = rangeOfTexts('2025-05-16T14:40-05:00', '2025-05-16T15:10-05:00');
    expect(dateInRange('2025-05-16T14:52-05:00', range)).toBe(true);
    expect(dateInRange('2025-05-16T15:11-05:00', range)).toBe(false);
    expect(dateInRange('2025-05-16', range)).toBe(true);
    expect(dateInRange('2025-05-15/2025-05-16', range)).toBe(true);
    expect(dateInRange('2025-05-17/2025-05-30', range)).toBe(false);
    expect(dateInRange(null, range)).toBe(false);
    expect(dateInRange(null, { from: null, until: null })).toBe(true);
  });
});

describe('the histogram', () => {
  it('chooses the shortest step that gives few enough bars, down to minutes', () => {
    const afternoon = { start: at('2025-05-16T14:30-05:00'), end: at('2025-05-16T15:30-05:00') };
    expect(stepFor(afternoon, 60)).toMatchObject({ unit: 'minute', count: 1 });
    expect(stepFor(afternoon, 20)).toMatchObject({ unit: 'minute', count: 5 });
    const day = { start: at('2025-05-16T00:00-05:00'), end: at('2025-05-17T00:00-05:00') };
    expect(stepFor(day, 60)).toMatchObject({ unit: 'minute', count: 30 });
    expect(stepFor(day, 30)).toMatchObject({ unit: 'hour', count: 1 });
    const months = { start: at('2025-05-16T00:00-05:00'), end: at('2025-11-16T00:00-06:00') };
    expect(stepFor(months, 60)).toMatchObject({ unit: 'week' });
    expect(stepFor(months, 12)).toMatchObject({ unit: 'month', count: 1 });
  });

  it('puts the edges on the clock of St. Louis at each zoom', () => {
    const t = at('2025-05-16T14:52:30-05:00');
    expect(floorToStep(t, step('minute', 5))).toBe(at('2025-05-16T14:50-05:00'));
    expect(floorToStep(t, step('hour', 3))).toBe(at('2025-05-16T12:00-05:00'));
    expect(floorToStep(t, step('day'))).toBe(at('2025-05-16T00:00-05:00'));
    // 16 May 2025 is a Friday; its week starts on Monday the 12th.
    expect(floorToStep(t, step('week'))).toBe(at('2025-05-12T00:00-05:00'));
    expect(floorToStep(t, step('month'))).toBe(at('2025-05-01T00:00-05:00'));
    expect(floorToStep(t, step('month', 3))).toBe(at('2025-04-01T00:00-05:00'));
    expect(floorToStep(t, step('year'))).toBe(at('2025-01-01T00:00-06:00'));
    // A day across the clocks going back is 25 hours long.
    const fallBack = at('2025-11-02T00:00-05:00');
    expect(nextEdge(fallBack, step('day')) - fallBack).toBe(25 * 3_600_000);
    expect(nextEdge(at('2025-05-01T00:00-05:00'), step('month'))).toBe(
      at('2025-06-01T00:00-05:00'),
    );
    expect(previousEdge(at('2025-06-01T00:00-05:00'), step('month'))).toBe(
      at('2025-05-01T00:00-05:00'),
    );
    expect(previousEdge(at('2025-05-16T14:50-05:00'), step('minute', 5))).toBe(
      at('2025-05-16T14:45-05:00'),
    );
    expect(nearestEdge(at('2025-05-16T14:53-05:00'), step('minute', 5))).toBe(
      at('2025-05-16T14:55-05:00'),
    );
  });

  it('names the edges as the axis shows them', () => {
    expect(edgeLabel(at('2025-05-16T14:50-05:00'), step('minute', 10))).toBe('2:50 pm');
    // Midnight among the hours says which day begins.
    expect(edgeLabel(at('2025-05-16T00:00-05:00'), step('hour'))).toBe('16 May');
    expect(edgeLabel(at('2025-05-16T09:00-05:00'), step('hour'))).toBe('9:00 am');
    expect(edgeLabel(at('2025-05-16T00:00-05:00'), step('day'))).toBe('16 May');
    expect(edgeLabel(at('2025-05-01T00:00-05:00'), step('month'))).toBe('May 2025');
    expect(edgeLabel(at('2025-01-01T00:00-06:00'), step('year'))).toBe('2025');
  });

  it('labels the axis at a step of its own, far enough apart', () => {
    const afternoon = { start: at('2025-05-16T14:00-05:00'), end: at('2025-05-16T16:00-05:00') };
    // 2 hours on 800 px in 2-minute bars: labels every 15 minutes stand 100 px apart.
    expect(labelStep(afternoon, step('minute', 2), 800, 84)).toMatchObject({
      unit: 'minute',
      count: 15,
    });
    expect(labelStep(afternoon, step('minute', 2), 300, 84)).toMatchObject({
      unit: 'hour',
      count: 1,
    });
    const months = { start: at('2025-05-01T00:00-05:00'), end: at('2025-11-01T00:00-05:00') };
    expect(labelStep(months, step('day'), 900, 84)).toMatchObject({ unit: 'month', count: 1 });
  });

  it('counts an item dated within a bar there, and one whose date spans bars in each of them', () => {
    const window = { start: at('2025-05-16T14:00-05:00'), end: at('2025-05-16T17:00-05:00') };
    const edges = barEdges(window, step('hour'));
    expect(edges).toHaveLength(4);
    const spans = [
      [at('2025-05-16T14:52-05:00'), at('2025-05-16T14:52-05:00')],
      [at('2025-05-16T14:10-05:00'), at('2025-05-16T14:10-05:00')],
      [at('2025-05-16T16:59-05:00'), at('2025-05-16T16:59-05:00')],
      // All of 16 May: every bar, loosely.
      [at('2025-05-16T00:00-05:00'), at('2025-05-17T00:00-05:00') - 1],
      // Outside the window: nowhere.
      [at('2025-05-17T10:00-05:00'), at('2025-05-17T10:00-05:00')],
    ] as const;
    const bars = histogram(spans, edges);
    expect(bars.exact).toEqual([2, 0, 1]);
    expect(bars.loose).toEqual([1, 1, 1]);
    // Zoomed out to days, the same items are all exact in one bar but the one of the 17th.
    const days = histogram(
      spans,
      barEdges(
        { start: at('2025-05-15T00:00-05:00'), end: at('2025-05-18T00:00-05:00') },
        step('day'),
      ),
    );
    expect(days.exact).toEqual([0, 4, 1]);
    expect(days.loose).toEqual([0, 0, 0]);
    // Zoomed in to minutes around 2:52 pm.
    const minutes = histogram(
      spans,
      barEdges(
        { start: at('2025-05-16T14:50-05:00'), end: at('2025-05-16T14:55-05:00') },
        step('minute'),
      ),
    );
    expect(minutes.exact).toEqual([0, 0, 1, 0, 0]);
    expect(minutes.loose).toEqual([1, 1, 1, 1, 1]);
  });

  it('counts 10,000 items quickly', () => {
    const base = at('2025-05-16T14:00-05:00');
    const spans = Array.from({ length: 10_000 }, (_, i) => {
      const t = base + ((i * 7919) % 200) * 86_400_000 + (i % 1440) * 60_000;
      return [t, i % 5 === 0 ? t + 86_400_000 : t] as const;
    });
    const bounds = wholeSpan(spans);
    expect(bounds).not.toBeNull();
    const window = bounds as NonNullable<typeof bounds>;
    const edges = barEdges(window, stepFor(window, 100));
    const started = performance.now();
    const bars = histogram(spans, edges);
    expect(performance.now() - started).toBeLessThan(50);
    expect(bars.exact.reduce((a, b) => a + b, 0)).toBeGreaterThan(7000);
  });

  it('zooms about an instant and pans within the whole span, never narrower than half an hour', () => {
    const bounds = { start: at('2025-05-16T00:00-05:00'), end: at('2025-06-16T00:00-05:00') };
    const noon = at('2025-05-20T12:00-05:00');
    const zoomed = zoomWindow(bounds, 0.5, noon, bounds);
    expect(zoomed.end - zoomed.start).toBe((bounds.end - bounds.start) / 2);
    expect(zoomed.start).toBeLessThanOrEqual(noon);
    expect(zoomed.end).toBeGreaterThan(noon);
    let narrow = zoomed;
    for (let i = 0; i < 40; i++) narrow = zoomWindow(narrow, 0.5, noon, bounds);
    expect(narrow.end - narrow.start).toBe(MIN_WINDOW_MS);
    expect(zoomWindow(zoomed, 10, noon, bounds)).toEqual(bounds);
    expect(panWindow(zoomed, -1e12, bounds).start).toBe(bounds.start);
    expect(panWindow(zoomed, 1e12, bounds).end).toBe(bounds.end);
  });

  it('spans whole days of St. Louis from the first dated item to the last', () => {
    expect(wholeSpan([])).toBeNull();
    expect(
      wholeSpan([
        [at('2025-05-16T14:52-05:00'), at('2025-05-16T14:52-05:00')],
        [at('2025-05-17T00:00-05:00'), at('2025-05-30T00:00-05:00') + 86_399_999],
      ]),
    ).toEqual({ start: at('2025-05-16T00:00-05:00'), end: at('2025-05-31T00:00-05:00') });
  });
});

describe('where the timeline zooms (issue 47)', () => {
  // The sample's shape: most items on the storm's day and the days after, a few for months after.
  const day = (d: string, h = 12) => {
    const t = at(`${d}T${String(h).padStart(2, '0')}:00-05:00`);
    return [t, t] as const;
  };
  const spans = [
    ...[9, 11, 14, 15, 16, 17, 18, 20].map((h) => day('2025-05-16', h)),
    ...[9, 13].map((h) => day('2025-05-17', h)),
    day('2025-05-19'),
    day('2025-06-02'),
    day('2025-07-14'),
    day('2025-08-20'),
    day('2025-10-04'),
    day('2025-11-08'),
  ];
  const bounds = wholeSpan(spans) as { start: number; end: number };
  const whole = (width = 350) => {
    const barStep = stepFor(bounds, Math.floor(width / 24));
    return { step: barStep, bars: histogram(spans, barEdges(bounds, barStep)) };
  };
  const none = { from: bounds.start, until: bounds.end };

  it('zooms in where the items are, not the middle of the span, and keeps the storm in sight', () => {
    let view = bounds;
    for (let zoom = 0; zoom < 6; zoom++) {
      const barStep = stepFor(view, Math.floor(350 / 24));
      const bars = histogram(spans, barEdges(view, barStep));
      const next = zoomedIn(view, bounds, none, false, bars);
      expect(next.end - next.start).toBeLessThan(view.end - view.start);
      // 16 May's afternoon stays in the window each time (the span's middle is in August).
      expect(next.start).toBeLessThanOrEqual(at('2025-05-16T14:00-05:00'));
      expect(next.end).toBeGreaterThan(at('2025-05-16T15:00-05:00'));
      view = next;
    }
  });

  it('zooms in about a chosen range that is too wide to fit, centred on it', () => {
    const range = { from: at('2025-06-01T00:00-05:00'), until: at('2025-09-01T00:00-05:00') };
    const next = zoomedIn(bounds, bounds, range, true, whole().bars);
    expect((next.start + next.end) / 2).toBeCloseTo((range.from + range.until) / 2, -5);
  });

  it('finds the densest stretch of a length, and nothing where nothing is counted', () => {
    const { bars } = whole(900);
    const week = 7 * 24 * 3_600_000;
    const densest = densestWindow(bars, week, bounds, (bounds.start + bounds.end) / 2);
    expect(densest?.start).toBeLessThanOrEqual(at('2025-05-16T09:00-05:00'));
    expect(densest?.end).toBeGreaterThanOrEqual(at('2025-05-19T12:00-05:00'));
    const empty = histogram([], barEdges(bounds, whole().step));
    expect(densestWindow(empty, week, bounds, bounds.start)).toBeNull();
  });

  it('finds the day with the most items: the day of the storm', () => {
    expect(busiestDay(spans, bounds)).toEqual({
      start: at('2025-05-16T00:00-05:00'),
      end: at('2025-05-17T00:00-05:00'),
    });
    expect(busiestDay([], bounds)).toBeNull();
  });
});
