import { useState } from 'react';

/**
 * What an editor's form (an item's, a story's) knows of its saves: the stored version and whether
 * the record is deleted, and what the form says (field errors by name or path, a problem, a
 * notice, another editor's conflicting version), and the call it is waiting on (`busy`).
 */
export function useSaveState<Conflict, Busy extends string>(
  mode: { kind: string } | { kind: 'edit'; version: number; deleted: boolean },
) {
  const edit = 'version' in mode && mode.kind === 'edit' ? mode : null;
  const [version, setVersion] = useState(edit?.version ?? 0);
  const [deleted, setDeleted] = useState(edit?.deleted ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  return {
    version,
    setVersion,
    deleted,
    setDeleted,
    errors,
    setErrors,
    problem,
    setProblem,
    notice,
    setNotice,
    conflict,
    setConflict,
    busy,
    setBusy,
  };
}
