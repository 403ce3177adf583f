/**
 * `npm run restore -- FOLDER` (issue 52): puts a backup made by `npm run backup` back into an
 * empty install, the one the server's settings name (`DATA_DIR` or `DATABASE_URL`, `UPLOADS_DIR`
 * or `UPLOADS_BUCKET`). The backup's fixity is checked first; an install that is not empty, or a
 * database at another schema version, is refused with nothing written. The files go first, then
 * the database in one transaction; a restore cut off runs again. Exits 0 once restored, 1 when
 * refused or failed, 2 when asked wrong.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreBackup } from '../../server/preservation/archiveBackup';
import { openKept, runCommand, serverConfig } from './keptStores';

async function main(): Promise<number> {
  const [source, ...rest] = process.argv.slice(2);
  if (source === undefined || rest.length > 0 || source.startsWith('-')) {
    console.error("usage: npm run restore -- FOLDER   (a backup's folder, where bagit.txt is)");
    return 2;
  }
  const kept = await openKept(serverConfig());
  try {
    console.info(
      `Checking the backup in ${source}, then restoring it into ${kept.database} and ${kept.uploads}…`,
    );
    let last = 0;
    const summary = await restoreBackup(resolve(source), {
      database: kept.store.database,
      media: kept.media,
      onProgress: ({ stage, done }) => {
        if (stage === 'files' && Date.now() - last < 1000) return;
        last = Date.now();
        if (stage === 'files') console.info(`Files: ${done.toLocaleString('en-US')}`);
      },
    });
    const rows = [...summary.rows.values()].reduce((sum, n) => sum + n, 0);
    console.info(
      `Restored: ${summary.rows.size} tables (${rows.toLocaleString('en-US')} rows) and ${summary.files.toLocaleString('en-US')} files` +
        `${summary.skipped > 0 ? ` (${summary.skipped} already back from an earlier try)` : ''}. Start the server: npm start`,
    );
    return 0;
  } finally {
    await kept.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url)))
  runCommand(main);
