import { i18n } from '@/i18n/i18n';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ConflictChanges } from '@/features/editor/ConflictNotice';
import { bodyOfStoryDraft, type StoryDraft } from '@/features/editor/storyDraft';
import type { StoryConflict } from '@/features/editor/useStoryForm';
import { ITEM_FIELDS } from '@/lib/itemFields';
import './editor.css';

/** A value, short, as the notice quotes it (called while it renders). */
function shown(value: unknown): string {
  const text = String(value ?? '');
  if (text === '') return t({ message: '(empty)', comment: 'A text field with nothing in it' });
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** The story's own fields a conflict compares, with their names (called while it renders). */
function fieldLabels(): [keyof Omit<StoryDraft, 'stops' | 'story_id'>, string][] {
  return [
    ['title', i18n._(ITEM_FIELDS.title.label)],
    [
      'intro',
      t({
        message: 'Introduction',
        comment: "A story's introduction: a few sentences before its first stop",
      }),
    ],
    ['cover', t({ message: 'Cover picture', comment: "A story's cover: the link of a picture" })],
    ['credit', i18n._(ITEM_FIELDS.credit.label)],
    ['license', i18n._(ITEM_FIELDS.license.label)],
    ['language', i18n._(ITEM_FIELDS.language.label)],
    ['state', t({ message: 'State', comment: "A story's state: draft or published" })],
  ];
}

interface Change {
  name: string;
  now: string;
  was: string;
}

/** What differs between two versions of a story (the form's start and another editor's). */
export function storyChanges(base: StoryDraft, current: StoryDraft): Change[] {
  const changes: Change[] = fieldLabels().flatMap(([field, name]) =>
    base[field] === current[field]
      ? []
      : [{ name, now: shown(current[field]), was: shown(base[field]) }],
  );
  const before = bodyOfStoryDraft(base).stops as unknown[];
  const after = bodyOfStoryDraft(current).stops as unknown[];
  if (before.length !== after.length) {
    const now = after.length;
    const was = before.length;
    changes.push({
      name: t({ message: 'Stops', comment: "A story's stops" }),
      now: plural(now, { one: '# stop', other: '# stops' }),
      was: plural(was, { one: '# stop', other: '# stops' }),
    });
  }
  for (const [index, stop] of current.stops.entries()) {
    const old = base.stops[index];
    if (old === undefined || JSON.stringify(before[index]) === JSON.stringify(after[index])) {
      continue;
    }
    const n = index + 1;
    changes.push({
      name: t({ message: `Stop ${n}`, comment: "A story's stop, by its number" }),
      now: shown(stop.heading),
      was: shown(old.heading),
    });
  }
  return changes;
}

/**
 * Someone saved this story after it was opened here, as `ConflictNotice` says of an item: what
 * they changed (against the version this form started from), and a choice between saving this
 * form over it and loading theirs.
 */
export function StoryConflictNotice({
  conflict,
  base,
  onOverwrite,
  onTakeTheirs,
}: {
  conflict: StoryConflict;
  /** The story as this form loaded it. */
  base: StoryDraft;
  onOverwrite: () => void;
  onTakeTheirs: () => void;
}) {
  if (conflict.deleted) {
    return (
      <div className="form-error conflict" role="alert" tabIndex={-1}>
        <p>
          <Trans>
            <strong>This story was deleted by another editor since you opened it.</strong> Your
            changes are still in the form; restore the story to save them.
          </Trans>
        </p>
      </div>
    );
  }
  const version = conflict.version;
  return (
    <ConflictChanges
      said={
        <Trans>
          <strong>Another editor saved this story since you opened it</strong> (now version{' '}
          {version}). What they changed:
        </Trans>
      }
      changes={storyChanges(base, conflict.current)}
      onOverwrite={onOverwrite}
      onTakeTheirs={onTakeTheirs}
    />
  );
}
