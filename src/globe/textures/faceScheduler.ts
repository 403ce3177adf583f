/**
 * Which card images load when: a queue ordered by the camera's view, a few requests per host at
 * a time, a timeout per image, and a host that stops answering gets one request at a time until
 * it answers again. Pure scheduling: the fetching and decoding are injected, so the rules are
 * unit-tested without a browser.
 */

/** How one image of a job ended (so far). */
export type ImageOutcome<T> =
  | { status: 'loaded'; image: T }
  /** The host answered with an error or something that is not an image: final. */
  | { status: 'failed' }
  /** Not here within the soft timeout (maybe still loading), or given up at the hard one. */
  | { status: 'late' };

/** What a job has to show: one outcome per image, in the job's order. */
export interface JobResult<T> {
  images: ImageOutcome<T>[];
  /** Nothing more will come for this job (no image loading, no retry queued). */
  settled: boolean;
}

/** Why a load failed, as the injected loader reports it. */
export class ImageLoadError extends Error {
  override name = 'ImageLoadError';
  constructor(
    message: string,
    /** `answered`: the host answered (an error status, not an image), so it is reachable. */
    readonly kind: 'answered' | 'network',
  ) {
    super(message);
  }
}

export interface FaceSchedulerOptions<T> {
  /** Fetches and decodes one image; rejects with an `ImageLoadError`, or on abort. */
  load(url: string, signal: AbortSignal, urgent: boolean): Promise<T>;
  /** Called each time a job's picture changes, and once when it is settled; see `JobResult`. */
  onResult(key: number, generation: number, result: JobResult<T>): void;
  /** Lower is sooner. Read when a job is queued and on `reorder()`. */
  priority(key: number): number;
  /** Past this an image counts as late: the face is drawn without it for now (ms). */
  softTimeoutMs: number;
  /** Past this the request is abandoned and the job queued again, behind the others (ms). */
  hardTimeoutMs: number;
  /** Requests in flight per host while it answers. */
  perHost: number;
  /** A job is tried at most this many times while its images keep timing out. */
  attempts: number;
  /** Jobs whose priority is below this are `urgent` (fetched at high browser priority). */
  urgentBelow: number;
}

/** Late or unreachable answers in a row that make a host "struggling": one request at a time. */
export const STRUGGLING_AFTER = 3;
/**
 * A late request stops counting against its host's limit (so a few hung requests do not block
 * the rest), but at most this many late ones stay open per host until their hard timeout.
 */
export const MAX_LATE_PER_HOST = 12;
/** How far a retried job falls behind in the queue, per attempt. */
const RETRY_PENALTY = 1e6;

interface Job {
  key: number;
  generation: number;
  urls: string[];
  /** The host of its first image: the queue it waits in. */
  host: string;
  attempt: number;
  score: number;
  /** Set while the job runs. */
  controller: AbortController | null;
}

interface HostState {
  /** Requests in flight that are not late. */
  inFlight: number;
  /** Late requests still open. */
  late: number;
  missesInARow: number;
  /** Jobs waiting for this host, worst first: the next to run is popped from the end. */
  queue: Job[];
}

function hostOf(url: string): string {
  try {
    return new URL(url, 'http://local.invalid').host;
  } catch {
    return '';
  }
}

/** The queue of card-image jobs; one job per key (a newer request for a key supersedes it). */
export class FaceScheduler<T> {
  private readonly jobs = new Map<number, Job>();
  private readonly hosts = new Map<string, HostState>();
  private readonly generations = new Map<number, number>();
  private running = 0;
  private disposed = false;

  constructor(private readonly options: FaceSchedulerOptions<T>) {}

  /** Jobs waiting to start. */
  get queued(): number {
    let n = 0;
    for (const state of this.hosts.values()) n += state.queue.length;
    return n;
  }

  /** Jobs whose images are being fetched. */
  get inFlight(): number {
    return this.running;
  }

  /** Asks for a job's images; supersedes the key's previous job. Returns the job's generation. */
  request(key: number, urls: readonly string[]): number {
    this.cancel(key);
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    if (urls.length === 0) {
      this.options.onResult(key, generation, { images: [], settled: true });
      return generation;
    }
    const job: Job = {
      key,
      generation,
      urls: [...urls],
      host: hostOf(urls[0] as string),
      attempt: 0,
      score: 0,
      controller: null,
    };
    this.jobs.set(key, job);
    this.enqueue(job);
    this.pumpHost(this.host(job.host));
    return generation;
  }

  /** Whether a key has a job queued or running. */
  has(key: number): boolean {
    return this.jobs.has(key);
  }

  /** Drops a key's job: a running one is aborted and reports nothing more. */
  cancel(key: number): void {
    const job = this.jobs.get(key);
    if (!job) return;
    this.jobs.delete(key);
    if (job.controller) job.controller.abort();
    else {
      const queue = this.host(job.host).queue;
      const index = queue.lastIndexOf(job);
      if (index >= 0) queue.splice(index, 1);
    }
  }

  /** Reads every waiting job's priority again (the camera moved) and re-sorts the queue. */
  reorder(): void {
    for (const state of this.hosts.values()) {
      for (const job of state.queue) job.score = this.score(job);
      state.queue.sort((a, b) => b.score - a.score);
      this.pumpHost(state);
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const job of this.jobs.values()) job.controller?.abort();
    this.jobs.clear();
    for (const state of this.hosts.values()) state.queue = [];
  }

  private score(job: Job): number {
    return this.options.priority(job.key) + job.attempt * RETRY_PENALTY;
  }

  private host(name: string): HostState {
    let state = this.hosts.get(name);
    if (!state)
      this.hosts.set(name, (state = { inFlight: 0, late: 0, missesInARow: 0, queue: [] }));
    return state;
  }

  /** Requests a host may have in flight now. */
  private limit(state: HostState): number {
    return state.missesInARow >= STRUGGLING_AFTER ? 1 : this.options.perHost;
  }

  private enqueue(job: Job): void {
    job.score = this.score(job);
    const queue = this.host(job.host).queue;
    // Binary search for its place, worst first (equal scores keep their arrival order).
    let lo = 0;
    let hi = queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((queue[mid] as Job).score > job.score) lo = mid + 1;
      else hi = mid;
    }
    queue.splice(lo, 0, job);
  }

  /** Jobs scoring this or more wait (the globe is hidden: only the first view loads). */
  private holdFrom = Infinity;

  /**
   * Holds back every job whose priority is `score` or more until called again with `Infinity`:
   * before the globe is shown, nothing but what the first view needs is fetched.
   */
  holdAbove(score: number): void {
    this.holdFrom = score;
    this.pump();
  }

  /** Starts a host's best waiting jobs while it has room. */
  private pumpHost(state: HostState): void {
    if (this.disposed) return;
    while (
      state.queue.length > 0 &&
      state.inFlight < this.limit(state) &&
      state.late < MAX_LATE_PER_HOST &&
      (state.queue[state.queue.length - 1] as Job).score < this.holdFrom
    )
      this.start(state.queue.pop() as Job);
  }

  /** Starts waiting jobs wherever a host has room. */
  private pump(): void {
    for (const state of this.hosts.values()) this.pumpHost(state);
  }

  private start(job: Job): void {
    const controller = new AbortController();
    job.controller = controller;
    this.running++;
    const urgent = job.score < this.options.urgentBelow;
    const outcomes: (ImageOutcome<T> | null)[] = job.urls.map(() => null);
    const hosts = job.urls.map((url) => this.host(hostOf(url)));
    for (const state of hosts) state.inFlight++;
    let reported = '';
    let pending = job.urls.length;
    const wanted = () => this.jobs.get(job.key) === job && !this.disposed;
    /** Tells the engine when the picture changed, or once when nothing more will change. */
    const report = (settled: boolean) => {
      if (!wanted() || outcomes.some((o) => o === null)) return;
      const images = outcomes as ImageOutcome<T>[];
      const signature = images.map((o) => o.status).join();
      if (signature === reported && !settled) return;
      reported = signature;
      this.options.onResult(job.key, job.generation, { images, settled });
    };
    /** Which images went late: their request no longer counts against the host's limit. */
    const wentLate = job.urls.map(() => false);
    const soft = setTimeout(() => {
      outcomes.forEach((o, i) => {
        if (o !== null) return;
        outcomes[i] = { status: 'late' };
        wentLate[i] = true;
        const state = hosts[i] as HostState;
        state.missesInARow++;
        state.inFlight--;
        state.late++;
      });
      report(false);
      this.pump();
    }, this.options.softTimeoutMs);
    const hard = setTimeout(() => controller.abort(), this.options.hardTimeoutMs);

    const finish = () => {
      clearTimeout(soft);
      clearTimeout(hard);
      this.running--;
      job.controller = null;
      const timedOut = outcomes.some((o) => o?.status === 'late');
      const retry = wanted() && timedOut && job.attempt + 1 < this.options.attempts;
      report(!retry);
      if (retry) {
        job.attempt++;
        this.enqueue(job);
      } else if (wanted()) {
        this.jobs.delete(job.key);
      }
      this.pump();
    };

    job.urls.forEach((url, i) => {
      const state = hosts[i] as HostState;
      this.options
        .load(url, controller.signal, urgent)
        .then(
          (image) => {
            state.missesInARow = 0;
            outcomes[i] = { status: 'loaded', image };
          },
          (error: unknown) => {
            if (controller.signal.aborted) {
              // Abandoned: the hard timeout (late), or a cancelled job that nobody listens to.
              if (outcomes[i] === null) outcomes[i] = { status: 'late' };
              return;
            }
            const answered = error instanceof ImageLoadError && error.kind === 'answered';
            if (answered) state.missesInARow = 0;
            else if (outcomes[i]?.status !== 'late') state.missesInARow++;
            outcomes[i] = { status: 'failed' };
          },
        )
        .finally(() => {
          if (wentLate[i]) state.late--;
          else state.inFlight--;
          pending--;
          if (pending > 0) report(false);
          else finish();
        });
    });
  }
}
