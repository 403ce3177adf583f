/**
 * The phone and peer part of `npm run bench` (issue 29): Lighthouse on four pages, a phone with
 * a slowed CPU, and the drag frame beside globe.gl. Lighthouse and the phone meet the sample
 * archive served as `npm start` serves it (the embedded database seeded from the sample, in a
 * fresh folder); the drags use generated archives with local thumbnails, in one browser.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseAtlasLayout } from '@/globe/textures/atlasLayout';
import { ST_LOUIS, CARD_SHELL_RADIUS, GLOBE_RADIUS } from '@/globe/geo';
import { START_RADIUS } from '@/globe/camera/limits';
import { CAMERA_FOV_DEG, CARD_HEIGHT, CARD_WIDTH } from '@/lib/constants';
import { storyRoute } from '@/lib/routes';
import { launchBrowser, SAMPLE, sampleNodes, startApp } from '../../tests/e2e/support/harness';
import { generateArchive } from '../../tests/fixtures/generateArchive';
import { measureDrag, type DragResult, type DragTarget } from './drag';
import { runLighthouse, type LighthouseRun } from './lighthouse';
import { measurePhoneRun, type PhoneRun } from './phone';
import { measureStorySteps } from './storyStep';
import { COMPOSITING_NAME, type Compositing } from './phoneFigures';
import type { LighthousePage, PhoneCpu, PhoneResults } from './phoneReport';
import { startPeerServer } from './peerServer';

export const PHONE_PARTS = ['lighthouse', 'cpu', 'story', 'drag'] as const;
export type PhonePart = (typeof PHONE_PARTS)[number];

export interface PhoneOptions {
  parts: PhonePart[];
  /** Lighthouse runs per page, and phone loads. */
  runs: number;
  cpuSlowdown: number;
  /** Who composites the page, for Lighthouse and the phone: each mode is measured in turn. */
  compositing: Compositing[];
  /** Card counts of the drag, ours and the peer's. */
  dragSizes: number[];
  /** Drags per page load. */
  drags: number;
}

/** Navigation → the globe shown on the slowed phone; then the tap → the tray open. */
const PHONE_SHOWN_TIMEOUT_MS = 120_000;
const PHONE_TRAY_TIMEOUT_MS = 30_000;
/** Navigation → ready to drag: 60 s, plus 12 s more a thousand cards (10,000: 3 minutes). */
const dragReadyTimeoutMs = (n: number) => 60_000 + 12 * n;

/** Next presses timed in the sample's first story (of its five), a run. */
const STORY_STEPS = 5;

/** Past the first drag of a page, no other starts once its drags have taken this long. */
const DRAG_BUDGET_MS = 60_000;

/** The sample's first story, whose stops the phone steps through (issue 51). */
function sampleStory(): { path: string; headings: string[] } {
  const archive = JSON.parse(readFileSync(SAMPLE, 'utf8')) as {
    stories?: { story_id: string; stops: { heading: string }[] }[];
  };
  const story = archive.stories?.[0];
  if (!story) throw new Error('the sample archive has no story');
  return { path: storyRoute(story.story_id), headings: story.stops.map((s) => s.heading) };
}

/** The sample's first story at its second stop: the shared stop Lighthouse opens (issue 51). */
export function sharedStopPath(): string {
  return `${sampleStory().path}/2`;
}

/** The sample's first video: the shared link Lighthouse opens. */
export function sharedItemPath(): string {
  const video = sampleNodes.find((n) => n.type === 'video') ?? sampleNodes[0];
  if (!video) throw new Error('the sample archive is empty');
  return `/video/${video.video_id}`;
}

/** The peer page's query: our card-face size at `n` cards, our card size and our first view. */
export function peerQuery(n: number): string {
  const atlas = chooseAtlasLayout(n);
  const query = new URLSearchParams({
    n: String(n),
    tile: String(atlas.tileWidth),
    tileH: String(atlas.tileHeight),
    cardW: String(CARD_WIDTH / GLOBE_RADIUS),
    cardH: String(CARD_HEIGHT / GLOBE_RADIUS),
    cardAlt: String(CARD_SHELL_RADIUS / GLOBE_RADIUS - 1),
    lat: String(ST_LOUIS.lat),
    lng: String(ST_LOUIS.lng),
    altitude: String(START_RADIUS / GLOBE_RADIUS - 1),
    fov: String(CAMERA_FOV_DEG),
  });
  return `/?${query.toString()}`;
}

/** Lighthouse and the phone, against the sample served as `npm start` serves it. */
async function measureSamplePages(
  options: PhoneOptions,
  results: PhoneResults,
  log: (line: string) => void,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'globe-bench-phone-'));
  try {
    const app = await startApp({
      env: { DATA_DIR: join(dir, 'nodes'), IDENTITY_DIR: join(dir, 'identity'), SEED_FILE: SAMPLE },
    });
    try {
      if (options.parts.includes('lighthouse')) {
        const lighthouse: LighthousePage[] = options.compositing.flatMap((compositing) => [
          { name: 'first visit', path: '/', compositing, runs: [] },
          { name: 'returning', path: '/?skipIntro=true', compositing, runs: [] },
          { name: 'shared link', path: sharedItemPath(), compositing, runs: [] },
          { name: 'shared story stop', path: sharedStopPath(), compositing, runs: [] },
        ]);
        results.lighthouse = lighthouse;
        for (const page of lighthouse) {
          for (let run = 1; run <= options.runs; run++) {
            const result: LighthouseRun = await runLighthouse(
              `${app.url}${page.path}`,
              page.compositing,
            );
            page.runs.push(result);
            log(
              `  Lighthouse ${page.path}, ${COMPOSITING_NAME[page.compositing]}, run ${run}/${options.runs}: ` +
                (result.runtimeError ??
                  `score ${result.score}, FCP ${result.fcpMs?.toFixed(0)} ms, LCP ` +
                    `${result.lcpMs?.toFixed(0)} ms, TBT ${result.tbtMs?.toFixed(0)} ms, longest ` +
                    `task ${result.longestTaskMs?.toFixed(0)} ms (${result.seconds.toFixed(0)} s)`),
            );
          }
        }
      }
      if (options.parts.includes('cpu')) {
        results.cpu = [];
        for (const compositing of options.compositing) {
          const cpu: PhoneCpu = { cpuSlowdown: options.cpuSlowdown, compositing, runs: [] };
          results.cpu.push(cpu);
          for (let run = 1; run <= options.runs; run++) {
            const started = Date.now();
            const result: PhoneRun = await measurePhoneRun({
              url: app.url,
              cpuSlowdown: options.cpuSlowdown,
              compositing,
              shownTimeoutMs: PHONE_SHOWN_TIMEOUT_MS,
              trayTimeoutMs: PHONE_TRAY_TIMEOUT_MS,
            });
            cpu.runs.push(result);
            const ms = (v: number | null) => (v === null ? '–' : v.toFixed(0));
            log(
              `  phone CPU ÷${options.cpuSlowdown}, ${COMPOSITING_NAME[compositing]}, run ${run}/${options.runs}: shown ` +
                `${ms(result.navToShownMs)} ms, longest task before ${ms(result.longestTaskMs)} ms, ` +
                `tap → tray ${result.tapProblem ?? `${ms(result.tapToTrayMs)} ms`} ` +
                `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
            );
            for (const e of result.pageErrors.slice(0, 3)) log(`  ! the page reported: ${e}`);
          }
        }
      }
      if (options.parts.includes('story')) {
        results.story = [];
        const story = sampleStory();
        const devices = [
          { device: 'desktop', cpuSlowdown: 1 },
          { device: 'phone', cpuSlowdown: options.cpuSlowdown },
        ] as const;
        for (const { device, cpuSlowdown } of devices) {
          for (const compositing of options.compositing) {
            for (let run = 1; run <= options.runs; run++) {
              const result = await measureStorySteps(
                {
                  url: app.url,
                  device,
                  storyPath: story.path,
                  steps: STORY_STEPS,
                  cpuSlowdown,
                  compositing,
                },
                story.headings,
              );
              results.story.push(result);
              const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
              log(
                `  story Next ×${result.steps.length}, ${device}, CPU ÷${cpuSlowdown}, ${COMPOSITING_NAME[compositing]}, run ${run}/${options.runs}: ` +
                  `at rest ${ms(result.steps.map((s) => s.tapToRestMs ?? NaN))} ms, last frame ` +
                  `${ms(result.steps.map((s) => s.tapToLastFrameMs))} ms, longest task ` +
                  `${ms(result.steps.map((s) => s.longestTaskMs))} ms` +
                  (result.error ? `; ${result.error}` : ''),
              );
              for (const e of result.pageErrors.slice(0, 3)) log(`  ! the page reported: ${e}`);
            }
          }
        }
      }
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Ours and the peer at each size, in one browser: a size's two pages one after the other. */
async function measureDrags(
  options: PhoneOptions,
  results: DragResult[],
  log: (line: string) => void,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'globe-bench-drag-'));
  const peer = await startPeerServer();
  const browser = await launchBrowser({ measuring: true });
  try {
    for (const n of options.dragSizes) {
      const archiveFile = join(dir, `archive-${n}.json`);
      writeFileSync(archiveFile, JSON.stringify(generateArchive(n, { thumbnails: 'local' })));
      const app = await startApp({ archiveFile });
      try {
        const targets: DragTarget[] = [
          { kind: 'ours', n, url: `${app.url}/?skipIntro=true` },
          { kind: 'peer', n, url: `${peer.url}${peerQuery(n)}` },
        ];
        for (const target of targets) {
          const started = Date.now();
          const result = await measureDrag(browser, target, {
            drags: options.drags,
            steps: 60,
            distancePx: 300,
            readyTimeoutMs: dragReadyTimeoutMs(n),
            budgetMs: DRAG_BUDGET_MS,
          });
          results.push(result);
          log(
            `  drag ${target.kind === 'ours' ? 'ours' : 'globe.gl'} N=${n}: ` +
              (result.error ??
                `frame ${result.dragMedianMs.map((v) => v.toFixed(0)).join(', ')} ms, ` +
                  `${result.drawCalls ?? '–'} draw calls`) +
              ` (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
          for (const e of result.pageErrors.slice(0, 3)) log(`  ! the page reported: ${e}`);
        }
      } finally {
        await app.stop();
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await peer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the chosen parts, filling in `results` part by part, so that what was measured before a
 * failure is still there for the caller to report.
 */
export async function measurePhone(
  options: PhoneOptions,
  results: PhoneResults,
  log: (line: string) => void = console.info,
): Promise<void> {
  if (['lighthouse', 'cpu', 'story'].some((part) => options.parts.includes(part as PhonePart)))
    await measureSamplePages(options, results, log);
  if (options.parts.includes('drag')) {
    results.drag = [];
    await measureDrags(options, results.drag, log);
  }
}
