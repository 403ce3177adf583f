/**
 * `npm run export:bag -- FOLDER` (issue 52): writes the whole published archive as a BagIt 1.0
 * bag into FOLDER (see server/preservation/archiveBag.ts for what is in it), from the store and
 * the photo storage the server's configuration names (`.env`, `DATA_DIR`, `DATABASE_URL`,
 * `UPLOADS_DIR` or `UPLOADS_BUCKET`). Run again on a folder an export was cut off in, it resumes:
 * the photos already written whole are kept. Exits 0 once the bag is complete, 1 when it could
 * not be made, 2 when it was not asked right.
 */
import '../../server/support/serverLanguage';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../../server/config/serverConfig';
import { loadDotEnv } from '../../server/node/dotenv';
import { storeOpener } from '../../server/node/storeOpener';
import { createBagWriter, folderState } from '../../server/preservation/bagit';
import { writeArchiveBag, type BagProgress } from '../../server/preservation/archiveBag';
import { openMediaStorage } from '../../server/uploads/openMediaStorage';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `1,234,567 bytes` as a person reads a size. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A progress line: what is being written and how far it is. */
export function progressLine({ stage, done, total, bytes }: BagProgress): string {
  if (stage === 'data') return 'Writing the items, stories, journal, licences and terms…';
  if (stage === 'tags') return `Writing the manifests (${sizeText(bytes)} in the bag)…`;
  return `Media ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${sizeText(bytes)})`;
}

/** Prints progress at most every `everyMs`, and always a stage's first and last line. */
function progressPrinter(everyMs: number) {
  let last = 0;
  let stage = '';
  return (progress: BagProgress) => {
    const now = Date.now();
    const edge =
      progress.stage !== stage || (progress.stage === 'media' && progress.done === progress.total);
    if (!edge && now - last < everyMs) return;
    last = now;
    stage = progress.stage;
    console.info(progressLine(progress));
  };
}

async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2);
  if (target === undefined || rest.length > 0 || target.startsWith('-')) {
    console.error(
      'usage: npm run export:bag -- FOLDER   (an empty folder, or an unfinished export)',
    );
    return 2;
  }
  const root = resolve(target);
  const state = await folderState(root);
  if (state === 'bag') {
    console.error(
      `${target} already holds a finished bag: check it with npm run verify:bag ${target}, or choose an empty folder.`,
    );
    return 1;
  }
  if (state === 'other') {
    console.error(`${target} is not empty: choose an empty (or new) folder for the bag.`);
    return 1;
  }
  loadDotEnv(projectRoot);
  const config = readConfig(process.env, projectRoot);
  const opener = await storeOpener(config, (line) => console.info(line));
  const store = await opener.open();
  const media = await openMediaStorage(config.uploads);
  try {
    if (state === 'unfinished') console.info(`Resuming the export in ${target}…`);
    else console.info(`Exporting the archive (${opener.source}) into ${target}…`);
    const bag = await createBagWriter(root, { resume: state === 'unfinished' });
    const summary = await writeArchiveBag(bag, {
      store,
      media,
      about: { siteUrl: config.siteUrl, contact: config.adminEmail },
      // The site's own photos (the sample's): in the built app, else in public/, which it copies.
      siteFolder:
        config.staticDir !== null && existsSync(config.staticDir)
          ? config.staticDir
          : join(projectRoot, 'public'),
      onProgress: progressPrinter(1000),
    });
    console.info(
      `Done: ${summary.items} items and ${summary.stories} stories, ${summary.files} files ` +
        `(${sizeText(summary.bytes)}) in ${target}. Check it with npm run verify:bag ${target}`,
    );
    if (summary.notFound.length > 0)
      console.warn(
        `${summary.notFound.length} photo or capture file(s) the items name are not in the storage (media.csv says "not found"):\n` +
          summary.notFound.map((url) => `  ${url}`).join('\n'),
      );
    return 0;
  } finally {
    await store.close();
    await media.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url)))
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        `The export stopped: ${error instanceof Error ? error.message : String(error)}\n` +
          'Run the same command again to resume it; the files written whole are kept.',
      );
      process.exit(1);
    },
  );
