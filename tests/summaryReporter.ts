import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with the plain line "N passed, N failed" (", N skipped" when some were), which CI
 * reads in any language, besides Vitest's own summary. A module that failed outside its tests
 * (it did not load, or a `beforeAll` threw and its tests were skipped) counts as one failure, so a
 * broken file can never read as a green run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      if (module.state() === 'failed' && !tests.some((test) => test.result().state === 'failed'))
        failed++;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    process.stdout.write(
      `\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
