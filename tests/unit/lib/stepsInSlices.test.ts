import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInSlices, timeSlicer, type Steps } from '@/lib/steps';

/** Steps that each take `ms` of a stand-in clock, recording the order of steps and pauses. */
function* timedSteps(n: number, ms: number, clock: { now: number }, log: string[]): Steps<number> {
  for (let i = 0; i < n; i++) {
    yield;
    clock.now += ms;
    log.push(`step ${i}`);
  }
  return n;
}

describe('runInSlices with a timeSlicer (issue 48)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the browser its turn each time a slice has held the thread for its length', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const log: string[] = [];
    const pause = async () => {
      log.push('pause');
    };
    const result = await runInSlices(timedSteps(5, 3, clock, log), timeSlicer(8, pause));
    expect(result).toBe(5);
    // 3 ms a step: the third step ends a slice of 9 ms, and so on.
    expect(log).toEqual(['step 0', 'step 1', 'step 2', 'pause', 'step 3', 'step 4']);
  });

  it('runs work shorter than a slice at once, without a pause', async () => {
    const clock = { now: 0 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const pause = vi.fn(async () => undefined);
    expect(await runInSlices(timedSteps(3, 2, clock, []), timeSlicer(8, pause))).toBe(3);
    expect(pause).not.toHaveBeenCalled();
  });
});
