/**
 * One Lighthouse run (issue 29): Lighthouse 12's default settings, which are its mobile preset (a
 * Moto G Power's screen, slow 4G and a 4× slower CPU, simulated from an unthrottled load), the
 * performance category only, in a fresh Chromium (a cold cache; Lighthouse also clears the
 * origin's storage, so `/` is a first visit and plays the intro).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { CHROMIUM_ARGS, chromiumPath, TEST_ONLY_ARGS } from '../../tests/e2e/support/chromium';
import {
  isScript,
  lighthouseFiguresOf,
  startScriptTimes,
  type AttributedTask,
  type Compositing,
  type LighthouseFigures,
} from './phoneFigures';

/**
 * The start chunk's script in the main thread's own CPU time, in Lighthouse's phone model (× its
 * CPU multiplier), from the run's trace, with the tasks built and attributed by Lighthouse's own
 * code (as its bootup-time audit does). Null where the trace cannot be read.
 */
export function startScriptCpuOf(
  trace: unknown,
  settings: { throttlingMethod?: string; throttling?: { cpuSlowdownMultiplier?: number } },
): number | null {
  try {
    const processed = TraceProcessor.processTrace(trace as never) as unknown as {
      mainThreadEvents: never;
      frames: never;
      timestamps: { traceEnd: number; timeOrigin: number };
    };
    const tasks = MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents,
      processed.frames,
      processed.timestamps.traceEnd,
      processed.timestamps.timeOrigin,
    ) as unknown as AttributedTask[];
    const multiplier =
      settings.throttlingMethod === 'simulate'
        ? (settings.throttling?.cpuSlowdownMultiplier ?? 1)
        : 1;
    return startScriptTimes(tasks, isScript).cpuMs * multiplier;
  } catch {
    return null;
  }
}

export interface LighthouseRun extends LighthouseFigures {
  url: string;
  /** Wall-clock seconds the run took, the browser's start included. */
  seconds: number;
}

/**
 * Runs Lighthouse once on `url` in a Chromium of its own, its page composited by the GPU process
 * (`gpu`, as Lighthouse launches a browser) or in software.
 */
export async function runLighthouse(
  url: string,
  compositing: Compositing = 'gpu',
): Promise<LighthouseRun> {
  const started = Date.now();
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, ...(compositing === 'software' ? TEST_ONLY_ARGS : [])],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return {
      url,
      ...lighthouseFiguresOf(result.lhr),
      startScriptCpuMs: startScriptCpuOf(result.artifacts.Trace, result.lhr.configSettings),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    chrome.kill();
  }
}
