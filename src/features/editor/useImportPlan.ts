import { i18n } from '@/i18n/i18n';
import { t } from '@lingui/core/macro';
import { useState, type ChangeEvent } from 'react';
import type { EditorApi, ImportFile } from '@/features/editor/editorApi';
import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  repairedRows,
  type ImportReport,
  type ImportResult,
  type RepairedRow,
  type RowPlace,
} from '@/lib/archiveImport';
import { ServiceError } from '@/lib/serviceApi';

/** Where an import stands: a file read by a dry run, its report read, then imported. */
export type ImportStep =
  | { step: 'idle' }
  | { step: 'reading'; file: ImportFile }
  | { step: 'report'; file: ImportFile; report: ImportReport }
  | { step: 'importing'; file: ImportFile; report: ImportReport }
  | { step: 'done'; result: ImportResult; repaired: RepairedRow[] };

/** A dry run's report on screen, to read or being imported. */
export type ReportStep = Extract<ImportStep, { step: 'report' | 'importing' }>;

/** What went wrong, and whether running the dry run again is the way on (a 409: rows moved). */
export interface ImportProblem {
  message: string;
  rerun: boolean;
}

/** A row of the report that is being given a place. */
export interface PlacedRow {
  row: string;
  id: string | null;
  /** The row's title, where it has one. */
  title?: string | undefined;
}

/** The file as the service takes it: its text, and its format by its name or type. */
async function readFile(chosen: File): Promise<ImportFile> {
  const json = /\.json$/i.test(chosen.name) || chosen.type === 'application/json';
  return { name: chosen.name, format: json ? 'json' : 'csv', text: await chosen.text() };
}

/** Why a file is refused before it is read: too large for one import. */
function tooLarge(chosen: File): string {
  const name = chosen.name;
  const megabytes = IMPORT_MAX_FILE_BYTES / 1024 / 1024;
  const rows = i18n.number(IMPORT_MAX_ROWS);
  return t`${name} is too large to import: at most ${megabytes} MB and ${rows} rows. Import it in parts.`;
}

/**
 * An import, step by step: a chosen file goes to a dry run, whose report the editor reads, gives
 * places to the rows that had none (each a new dry run) and confirms; the import then writes at
 * the versions the dry run read. `inputKey` changes to clear the file input when it is over.
 */
export function useImportPlan(api: EditorApi) {
  const [state, setState] = useState<ImportStep>({ step: 'idle' });
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // Places picked for rows that had none, by row; sent with the dry run and the import.
  const [places, setPlaces] = useState<Record<string, RowPlace>>({});
  const [placing, setPlacing] = useState<PlacedRow | null>(null);

  async function dryRun(file: ImportFile, picked: Record<string, RowPlace> = places) {
    setState({ step: 'reading', file });
    setProblem(null);
    setPlacing(null);
    try {
      setState({ step: 'report', file, report: await api.importDryRun(file, picked) });
    } catch (error) {
      setState({ step: 'idle' });
      setProblem({
        message: error instanceof Error ? error.message : t`The file could not be read.`,
        rerun: false,
      });
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setProblem({ message: tooLarge(chosen), rerun: false });
      return;
    }
    setPlaces({});
    await dryRun(await readFile(chosen), {});
  }

  /** Gives the row being placed its place, and runs the dry run again with it. */
  function place(file: ImportFile, row: string, where: RowPlace) {
    const picked = { ...places, [row]: where };
    setPlaces(picked);
    void dryRun(file, picked);
  }

  async function confirm(file: ImportFile, report: ImportReport) {
    setState({ step: 'importing', file, report });
    setProblem(null);
    try {
      const result = await api.importArchive(file, report.expected, places);
      setState({ step: 'done', result, repaired: repairedRows(report.rows) });
      setPlaces({});
      setInputKey((key) => key + 1);
    } catch (error) {
      setState({ step: 'report', file, report });
      setProblem({
        message: error instanceof Error ? error.message : t`The import failed.`,
        rerun: error instanceof ServiceError && error.status === 409,
      });
    }
  }

  function reset() {
    setState({ step: 'idle' });
    setProblem(null);
    setPlaces({});
    setPlacing(null);
    setInputKey((key) => key + 1);
  }

  return {
    state,
    problem,
    inputKey,
    places,
    placing,
    setPlacing,
    dryRun,
    choose,
    place,
    confirm,
    reset,
  };
}
