import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FaceScheduler,
  ImageLoadError,
  MAX_LATE_PER_HOST,
  STRUGGLING_AFTER,
  type FaceSchedulerOptions,
  type JobResult,
} from '@/globe/textures/faceScheduler';

/** A host stand-in: each request waits until the test answers it, fails it or lets it hang. */
class FakeHost {
  readonly requests: {
    url: string;
    urgent: boolean;
    signal: AbortSignal;
    resolve: (image: string) => void;
    reject: (error: unknown) => void;
  }[] = [];

  load = (url: string, signal: AbortSignal, urgent: boolean) =>
    new Promise<string>((resolve, reject) => {
      this.requests.push({ url, urgent, signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });

  /** URLs asked for and not settled or aborted. */
  get open(): string[] {
    return this.requests.filter((r) => !r.signal.aborted && !settled.has(r)).map((r) => r.url);
  }

  answer(url: string, image = `image of ${url}`): void {
    const request = this.requests.find((r) => r.url === url && !settled.has(r));
    if (!request) throw new Error(`${url} was not asked for`);
    settled.add(request);
    request.resolve(image);
  }

  refuse(url: string, kind: 'answered' | 'network' = 'answered'): void {
    const request = this.requests.find((r) => r.url === url && !settled.has(r));
    if (!request) throw new Error(`${url} was not asked for`);
    settled.add(request);
    request.reject(new ImageLoadError(`${url} refused`, kind));
  }
}
const settled = new WeakSet<object>();

function setUp(
  overrides: Partial<FaceSchedulerOptions<string>> = {},
  priorities: Record<number, number> = {},
) {
  const host = new FakeHost();
  const results: { key: number; generation: number; result: JobResult<string> }[] = [];
  const scheduler = new FaceScheduler<string>({
    load: host.load,
    onResult: (key, generation, result) => results.push({ key, generation, result }),
    priority: (key) => priorities[key] ?? key,
    softTimeoutMs: 1000,
    hardTimeoutMs: 5000,
    perHost: 2,
    attempts: 2,
    urgentBelow: 0,
    ...overrides,
  });
  const statuses = (key: number) =>
    results.filter((r) => r.key === key).map((r) => r.result.images.map((o) => o.status).join());
  return { host, scheduler, results, statuses, priorities };
}

/** Lets promise callbacks run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('FaceScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the best jobs first, a few per host, and the next as each one ends', async () => {
    const { host, scheduler, statuses } = setUp();
    for (const key of [5, 3, 9, 1]) scheduler.request(key, [`https://a.test/${key}.jpg`]);
    await settle();
    // Two per host: the first two asked for started at once; the rest wait, best first.
    expect(host.open).toEqual(['https://a.test/5.jpg', 'https://a.test/3.jpg']);
    host.answer('https://a.test/5.jpg');
    await settle();
    expect(host.open).toContain('https://a.test/1.jpg');
    expect(statuses(5)).toEqual(['loaded']);
    host.answer('https://a.test/3.jpg');
    await settle();
    expect(host.open).toEqual(['https://a.test/1.jpg', 'https://a.test/9.jpg']);
    expect(scheduler.queued).toBe(0);
    expect(scheduler.inFlight).toBe(2);
  });

  it('follows the view: reorder() makes the jobs now nearest the centre go next', async () => {
    const { host, scheduler, priorities } = setUp({ perHost: 1 });
    for (const key of [1, 2, 3, 4]) scheduler.request(key, [`https://a.test/${key}.jpg`]);
    await settle();
    expect(host.open).toEqual(['https://a.test/1.jpg']);
    // The camera turned: card 4 is in the middle of the view now, card 2 behind the globe.
    Object.assign(priorities, { 2: 50, 3: 20, 4: 0.1 });
    scheduler.reorder();
    host.answer('https://a.test/1.jpg');
    await settle();
    expect(host.open).toEqual(['https://a.test/4.jpg']);
    host.answer('https://a.test/4.jpg');
    await settle();
    expect(host.open).toEqual(['https://a.test/3.jpg']);
  });

  it('hosts are independent: a slow host does not hold up another', async () => {
    const { host, scheduler } = setUp({ perHost: 1 });
    scheduler.request(1, ['https://slow.test/1.jpg']);
    scheduler.request(2, ['https://slow.test/2.jpg']);
    scheduler.request(3, ['/local/3.jpg']);
    await settle();
    expect(host.open).toEqual(['https://slow.test/1.jpg', '/local/3.jpg']);
  });

  it('a late image leaves the job unsettled at the soft timeout, and arrives later', async () => {
    const { host, scheduler, results } = setUp();
    scheduler.request(1, ['https://a.test/1.jpg', 'https://a.test/2.jpg']);
    await settle();
    host.answer('https://a.test/1.jpg');
    await vi.advanceTimersByTimeAsync(1000);
    expect(results.map((r) => r.result)).toEqual([
      {
        images: [{ status: 'loaded', image: 'image of https://a.test/1.jpg' }, { status: 'late' }],
        settled: false,
      },
    ]);
    host.answer('https://a.test/2.jpg');
    await settle();
    expect(results.at(-1)?.result).toEqual({
      images: [
        { status: 'loaded', image: 'image of https://a.test/1.jpg' },
        { status: 'loaded', image: 'image of https://a.test/2.jpg' },
      ],
      settled: true,
    });
  });

  it('a hung request makes room at the soft timeout, is abandoned at the hard one and tried again', async () => {
    const { host, scheduler, statuses } = setUp({ perHost: 1 });
    scheduler.request(1, ['https://never.test/1.jpg']);
    scheduler.request(2, ['https://never.test/2.jpg']);
    await settle();
    expect(host.open).toEqual(['https://never.test/1.jpg']);
    // Late: the card keeps its face, and the next request need not wait behind it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses(1)).toEqual(['late']);
    expect(host.open).toEqual(['https://never.test/1.jpg', 'https://never.test/2.jpg']);
    await vi.advanceTimersByTimeAsync(4000);
    expect(host.requests[0]?.signal.aborted).toBe(true);
    // Tried again (the second and last attempt), behind the jobs that had not been tried.
    expect(host.open).toEqual(['https://never.test/2.jpg', 'https://never.test/1.jpg']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(host.open).toEqual([]);
    expect(scheduler.queued + scheduler.inFlight).toBe(0);
  });

  it('keeps at most a dozen hung requests open per host', async () => {
    const { host, scheduler } = setUp({ perHost: 6, hardTimeoutMs: 60_000 });
    for (let key = 1; key <= 40; key++) scheduler.request(key, [`https://never.test/${key}.jpg`]);
    await settle();
    expect(host.open).toHaveLength(6);
    for (let step = 0; step < 20; step++) await vi.advanceTimersByTimeAsync(1000);
    expect(host.open).toHaveLength(MAX_LATE_PER_HOST);
    expect(scheduler.queued).toBe(40 - MAX_LATE_PER_HOST);
  });

  it('before the globe is shown, holds back all but the first view', async () => {
    const { host, scheduler } = setUp({}, { 1: -100, 2: 4, 3: 0.5 });
    scheduler.holdAbove(-50);
    for (const key of [2, 1, 3]) scheduler.request(key, [`https://a.test/${key}.jpg`]);
    await settle();
    expect(host.open).toEqual(['https://a.test/1.jpg']);
    scheduler.holdAbove(Infinity);
    await settle();
    expect(host.open).toEqual(['https://a.test/1.jpg', 'https://a.test/3.jpg']);
  });

  it('a struggling host gets one request at a time until it answers again', async () => {
    const { host, scheduler } = setUp({ perHost: 4, hardTimeoutMs: 60_000 });
    for (let key = 1; key <= 8; key++) scheduler.request(key, [`https://x.test/${key}.jpg`]);
    await settle();
    expect(host.open).toHaveLength(4);
    for (let key = 1; key <= STRUGGLING_AFTER; key++)
      host.refuse(`https://x.test/${key}.jpg`, 'network');
    await settle();
    // Three unreachable answers in a row: one request at a time (one was still open).
    expect(host.open).toEqual(['https://x.test/4.jpg']);
    host.answer('https://x.test/4.jpg');
    await settle();
    expect(host.open).toHaveLength(4);
  });

  it('error answers (404, not an image) are final but do not slow the host down', async () => {
    const { host, scheduler, statuses } = setUp({ perHost: 2 });
    for (let key = 1; key <= 6; key++) scheduler.request(key, [`https://x.test/${key}.jpg`]);
    await settle();
    for (let key = 1; key <= 4; key++) {
      host.refuse(`https://x.test/${key}.jpg`, 'answered');
      await settle();
    }
    expect(statuses(1)).toEqual(['failed']);
    expect(host.open).toHaveLength(2);
  });

  it('a newer request for a key supersedes the old one: only the new result is reported', async () => {
    const { host, scheduler, results } = setUp();
    const first = scheduler.request(1, ['https://a.test/old.jpg']);
    await settle();
    const second = scheduler.request(1, ['https://a.test/new.jpg']);
    await settle();
    expect(second).toBe(first + 1);
    expect(host.requests[0]?.signal.aborted).toBe(true);
    host.answer('https://a.test/new.jpg');
    await settle();
    expect(results.map((r) => r.generation)).toEqual([second]);
    scheduler.cancel(1);
    expect(scheduler.has(1)).toBe(false);
  });

  it('jobs below the urgent priority are fetched at high browser priority', async () => {
    const { host, scheduler } = setUp({}, { 1: -100, 2: 3 });
    scheduler.request(1, ['https://a.test/1.jpg']);
    scheduler.request(2, ['https://a.test/2.jpg']);
    await settle();
    expect(host.requests.map((r) => r.urgent)).toEqual([true, false]);
  });

  it('a job with no images is settled at once', () => {
    const { scheduler, results } = setUp();
    scheduler.request(7, []);
    expect(results).toEqual([{ key: 7, generation: 1, result: { images: [], settled: true } }]);
  });
});
