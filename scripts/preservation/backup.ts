/**
 * `npm run backup -- FOLDER` (issue 52): a consistent backup of everything the archive keeps,
 * the database (PGlite or PostgreSQL, every table in one snapshot) and the upload storage
 * (every photo and capture, published and waiting), as a BagIt bag in FOLDER, so that
 * `npm run verify:bag FOLDER` checks it and `npm run restore -- FOLDER` puts it back. Run with the
 * server's settings. The embedded database is one process's: stop the server first (PostgreSQL
 * is backed up while the server runs). Cut off, it resumes in the same folder, keeping the files
 * it had copied whole. Exits 0 once the backup is complete, 1 when it is not, 2 when asked wrong.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBagWriter, folderState } from '../../server/preservation/bagit';
import { writeBackup } from '../../server/preservation/archiveBackup';
import { sizeText } from './exportBag';
import { openKept, runCommand, serverConfig } from './keptStores';

async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2);
  if (target === undefined || rest.length > 0 || target.startsWith('-')) {
    console.error('usage: npm run backup -- FOLDER   (an empty folder, or an unfinished backup)');
    return 2;
  }
  const root = resolve(target);
  const state = await folderState(root);
  if (state === 'bag' || state === 'other') {
    console.error(`${target} is not empty: choose an empty (or new) folder for the backup.`);
    return 1;
  }
  const kept = await openKept(serverConfig());
  try {
    console.info(
      `${state === 'unfinished' ? 'Resuming the backup' : 'Backing up'} ${kept.database} and ${kept.uploads} into ${target}…`,
    );
    let last = 0;
    const summary = await writeBackup(
      await createBagWriter(root, { resume: state === 'unfinished' }),
      {
        database: kept.store.database,
        media: kept.media,
        source: kept.database,
        onProgress: ({ stage, done }) => {
          if (stage === 'files' && Date.now() - last < 1000) return;
          last = Date.now();
          console.info(
            stage === 'database' ? `Tables: ${done}` : `Files: ${done.toLocaleString('en-US')}`,
          );
        },
      },
    );
    console.info(
      `Done: ${summary.tables} tables (${summary.rows.toLocaleString('en-US')} rows) and ${summary.files.toLocaleString('en-US')} files, ${sizeText(summary.bytes)} in ${target}.\n` +
        `Check it with npm run verify:bag ${target}; put it back with npm run restore -- ${target}.`,
    );
    if (summary.vanished.length > 0)
      console.warn(
        `${summary.vanished.length} file(s) were deleted while the backup ran (an expired upload swept): ${summary.vanished.join(', ')}`,
      );
    return 0;
  } finally {
    await kept.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url)))
  runCommand(main, '\nRun the same command again to resume the backup in the same folder.');
