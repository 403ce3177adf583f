import type { TestModule } from 'vitest/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SummaryReporter from '../summaryReporter';

afterEach(() => vi.restoreAllMocks());

/** A module as the reporter reads it: its state and its tests' states. */
function module(state: string, tests: string[]): TestModule {
  return {
    state: () => state,
    children: { allTests: () => tests.map((s) => ({ result: () => ({ state: s }) })) },
  } as unknown as TestModule;
}

function summary(modules: TestModule[]): string {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  new SummaryReporter().onTestRunEnd(modules, []);
  return String(write.mock.calls.at(-1)?.[0]).trim();
}

describe('the summary line', () => {
  it('counts passed, failed and skipped tests', () => {
    expect(summary([module('failed', ['passed', 'failed', 'skipped'])])).toBe(
      '1 passed, 1 failed, 1 skipped',
    );
  });

  it('counts a module that failed outside its tests once: one that did not load, or whose set-up threw', () => {
    expect(summary([module('failed', [])])).toBe('0 passed, 1 failed');
    expect(summary([module('passed', ['passed']), module('failed', ['skipped', 'skipped'])])).toBe(
      '1 passed, 1 failed, 2 skipped',
    );
  });
});
