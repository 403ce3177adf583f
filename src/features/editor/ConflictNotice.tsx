import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
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
    <div className="form-error conflict" role="alert" tabIndex={-1}>
      <p>
        <Trans>
          <strong>Another editor saved this item since you opened it</strong> (now version {version}
          ). What they changed:
        </Trans>
      </p>
      {fields.length === 0 ? (
        <p>{t`No field differs from what you started with.`}</p>
      ) : (
        <dl className="conflict__fields">
          {fields.map((field) => {
            const now = shown(conflict.current[field]);
            const was = shown(base[field]);
            return (
              <div key={field}>
                <dt>{i18n._(FIELD_LABELS[field])}</dt>
                <dd>
                  {t({
                    message: `now “${now}” (was “${was}”)`,
                    comment: 'What another editor changed a field to, and what it was before',
                  })}
                </dd>
              </div>
            );
          })}
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
