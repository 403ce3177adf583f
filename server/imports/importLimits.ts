/**
 * What one import may hold (issue 45), and the refusal of a file that cannot be imported. The
 * limits bound the work and memory of any one request, however its file is shaped: a dry run of
 * the largest file the limits allow answers in seconds, in slices of the event loop, and lifts
 * the server by well under 300 MB.
 */

import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '@/lib/archiveImport';

export { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS };

/**
 * The largest import request, bytes: a file of `IMPORT_MAX_FILE_BYTES` (10,000 rows of the
 * export's JSON are about 10 MB) as the text of a JSON request, whose escapes (`\"`) make it
 * longer, and the places picked for its rows.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most cells a row of a CSV file may hold (an item has 13 columns). */
export const IMPORT_MAX_CELLS = 200;
/** The most objects and arrays inside each other within one row of a JSON file. */
export const IMPORT_MAX_DEPTH = 16;
/**
 * The most values (objects, arrays, members and list items) within one row of a JSON file: a
 * gallery of 100 photos with their 3D captures holds about 1,000.
 */
export const IMPORT_MAX_ROW_VALUES = 5_000;
/** The most values in the rows of one JSON file together: 10,000 rows hold about 300,000. */
export const IMPORT_MAX_VALUES = 1_000_000;

/** Megabytes, for messages. */
export const megabytes = (bytes: number): string => `${bytes / 1024 / 1024} MB`;

/**
 * A file the import cannot take, and why, in words for the editor: 413 when it is over a limit,
 * 400 when it cannot be read as the format it names. `at` names the row and line where that is
 * known (`Row 7, line 9`).
 */
export class ImportFileRefused extends Error {
  override name = 'ImportFileRefused';
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal of a file with more rows than an import takes. */
export function tooManyRows(): ImportFileRefused {
  return new ImportFileRefused(
    413,
    `The file holds more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; import it in parts of at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows each.`,
  );
}
