import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { changedFields, FIELD_LABELS, type ItemDraft } from '@/features/editor/itemDraft';
import './editor.css';

/** What a 409 carries: the item as it is now. */
export interface Conflict {
  current: ItemDraft;
  version: number;
  deleted: boolean;
}

/** A field's value, short, as the notice quotes it (called while it renders). */
function shown(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0)
      return t({ message: '(none)', comment: 'A list field with no entry (photos, categories)' });
    const entries = value.length;
    return plural(entries, { one: '# entry', other: '# entries' });
  }
  const text = String(value ?? '');
  if (text === '') return t({ message: '(empty)', comment: 'A text field with nothing in it' });
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Someone saved this item after it was opened here. Says what they changed (against the version
 * this form started from) and lets the editor keep theirs over it or take the new version.
 */
export function ConflictNotice({
  conflict,
  base,
  onOverwrite,
  onTakeTheirs,
}: {
  conflict: Conflict;
  /** The item as this form loaded it. */
  base: ItemDraft;
  onOverwrite: () => void;
  onTakeTheirs: () => void;
}) {
  const { i18n } = useLingui();
  if (conflict.deleted) {
    return (
      <div className="form-error conflict" role="alert" tabIndex={-1}>
        <p>
          <Trans>
            <strong>This item was deleted by another editor since you opened it.</strong> Your
            changes are still in the form; restore the item from the journal to save them.
          </Trans>
        </p>
      </div>
    );
  }
  const fields = changedFields(base, conflict.current);
  const version = conflict.version;
  return (
    <ConflictChanges
      said={
        <Trans>
          <strong>Another editor saved this item since you opened it</strong> (now version {version}
          ). What they changed:
        </Trans>
      }
      changes={fields.map((field) => ({
        name: i18n._(FIELD_LABELS[field]),
        now: shown(conflict.current[field]),
        was: shown(base[field]),
      }))}
      onOverwrite={onOverwrite}
      onTakeTheirs={onTakeTheirs}
    />
  );
}

/**
 * A conflict's notice (an item's, a story's): who saved since (`said`), each field they changed
 * with its value now and before, and the two answers: keep mine over theirs, or take theirs.
 */
export function ConflictChanges({
  said,
  changes,
  onOverwrite,
  onTakeTheirs,
}: {
  said: ReactNode;
  changes: readonly { name: string; now: string; was: string }[];
  onOverwrite: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="form-error conflict" role="alert" tabIndex={-1}>
      <p>{said}</p>
      {changes.length === 0 ? (
        <p>{t`No field differs from what you started with.`}</p>
      ) : (
        <dl className="conflict__fields">
          {changes.map(({ name, now, was }) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>
                {t({
                  message: `now “${now}” (was “${was}”)`,
                  comment: 'What another editor changed a field to, and what it was before',
                })}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="conflict__actions">
        <button type="button" onClick={onOverwrite}>
          {t`Save mine over theirs`}
        </button>
        <button type="button" className="button-quiet" onClick={onTakeTheirs}>
          {t`Discard mine and load theirs`}
        </button>
      </div>
    </div>
  );
}
