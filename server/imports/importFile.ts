/**
 * An import's file read into rows (issue 45): CSV or JSON, bounded by `importLimits`, in slices
 * of the event loop, each row's text made storable (`@/lib/storableText`) with a note saying
 * where, so the dry run reports exactly what the import will save.
 */
import type { ImportEntry } from '@/lib/archiveImport';
import { repairStorableText } from '@/lib/storableText';
import type { Slicer } from '../support/slices';
import { readCsvRows } from './csvRows';
import { readJsonRows } from './jsonRows';

export { ImportFileRefused } from './importLimits';

/** A file's rows, and notes on the file as a whole (columns that are no field of an item). */
export interface ImportFile {
  entries: ImportEntry[];
  notes: string[];
}

/**
 * Reads an import's file.
 *
 * @throws ImportFileRefused (413 past a limit, 400 when it cannot be read as `format`).
 */
export async function readImportFile(
  format: 'csv' | 'json',
  text: string,
  slicer: Slicer,
): Promise<ImportFile> {
  const read =
    format === 'csv' ? await readCsvRows(text, slicer) : await readJsonRows(text, slicer);
  const entries: ImportEntry[] = [];
  for (const entry of read.entries) {
    await slicer.maybeYield();
    const { value, repaired } = repairStorableText(entry.entry);
    entries.push(
      repaired.length === 0
        ? entry
        : {
            ...entry,
            entry: value,
            notes: [
              ...(entry.notes ?? []),
              ...repaired.map(
                (path) => `${path || 'the row'} had a character that cannot be stored, replaced`,
              ),
            ],
          },
    );
  }
  return { entries, notes: read.notes };
}
