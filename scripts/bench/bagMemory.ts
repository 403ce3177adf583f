/**
 * `npm run bench:bag` (issue 52's budget: the server's memory while bagging 10,000 photos stays
 * within 200 MB of its idle figure). Makes an archive of 10,000 gallery items, each with an
 * uploaded photo in a folder storage (random bytes, `--photo-kb` each), then bags it twice, into a
 * folder and as the download's tar stream (drained as a browser would read it), sampling the
 * process's resident memory every 20 ms; and checks the folder's bag with `verifyBag`.
 *
 *   npm run bench:bag -- [--photos 10000] [--photo-kb 100]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { bagWriter, createBagWriter, verifyBag } from '../../server/preservation/bagit';
import { writeArchiveBag } from '../../server/preservation/archiveBag';
import { tarSink } from '../../server/preservation/tarStream';
import { createMemoryStore } from '../../server/storage/memoryStore';
import { createFolderStorage } from '../../server/uploads/folderStorage';
import { newUploadKeys } from '../../server/uploads/mediaStorage';

/** The budget: resident memory above idle while bagging, MB. */
const BUDGET_MB = 200;
const MB = 1024 * 1024;

/** Runs `work` while sampling resident memory; answers its peak above `idle`, MB. */
async function peakDuring(work: () => Promise<unknown>, idle: number) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { aboveIdleMb: (peak - idle) / MB, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string', default: '10000' },
      'photo-kb': { type: 'string', default: '100' },
    },
  });
  const photos = Number(values.photos);
  const photoBytes = Number(values['photo-kb']) * 1024;
  const scratch = mkdtempSync(join(tmpdir(), 'globe-bench-bag-'));
  try {
    const media = createFolderStorage({ dir: join(scratch, 'uploads') });
    const nodes: Record<string, unknown>[] = [];
    for (let i = 0; i < photos; i++) {
      const keys = newUploadKeys();
      await media.put(keys.full, randomBytes(photoBytes), 'image/jpeg');
      nodes.push({
        video_id: `photo-${i}`,
        type: 'gallery',
        title: `Photo ${i} of the afternoon`,
        images: [{ thumbUrl: media.urlOf(keys.thumb), fullUrl: media.urlOf(keys.full) }],
        lat: 38.6 + (i % 100) / 1000,
        lng: -90.3 + Math.floor(i / 100) / 1000,
      });
    }
    const store = createMemoryStore(nodes);
    const about = { siteUrl: 'https://archive.example.org', contact: null };
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const idle = process.memoryUsage().rss;
    console.info(
      `${photos.toLocaleString('en-US')} photos of ${values['photo-kb']} KB; idle RSS ${(idle / MB).toFixed(0)} MB${gc ? '' : ' (run with --expose-gc for a steadier idle figure)'}`,
    );

    const root = join(scratch, 'bag');
    const folder = await peakDuring(
      async () => writeArchiveBag(await createBagWriter(root), { store, media, about }),
      idle,
    );
    const report = await verifyBag(root);
    console.info(
      `Folder: ${folder.seconds.toFixed(1)} s, peak ${folder.aboveIdleMb.toFixed(0)} MB above idle; ` +
        `verify: ${report.valid ? 'valid' : 'NOT valid'}, ${report.files} files, ` +
        `${report.missing.length} missing, ${report.changed.length} changed`,
    );
    rmSync(root, { recursive: true, force: true });
    gc?.();

    let streamed = 0;
    const tar = await peakDuring(async () => {
      const { sink, stream } = tarSink('bag');
      const drained = pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            streamed += chunk.length;
            done();
          },
        }),
      );
      await writeArchiveBag(bagWriter(sink), { store, media, about });
      await drained;
    }, idle);
    console.info(
      `Tar stream: ${tar.seconds.toFixed(1)} s, ${(streamed / MB).toFixed(0)} MB, peak ${tar.aboveIdleMb.toFixed(0)} MB above idle`,
    );
    const worst = Math.max(folder.aboveIdleMb, tar.aboveIdleMb);
    const ok = worst <= BUDGET_MB && report.valid;
    console.info(
      `${ok ? 'Within' : 'OVER'} budget: ${worst.toFixed(0)} MB above idle (≤ ${BUDGET_MB}); bag ${report.valid ? 'verifies' : 'does not verify'}.`,
    );
    await media.close();
    return ok ? 0 : 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
