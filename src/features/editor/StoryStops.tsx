import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type DragEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { StopFields, type StopFieldsProps } from '@/features/editor/StopFields';
import type { StopDraft } from '@/features/editor/storyDraft';
import { stopErrorPath } from '@/features/editor/useStorySave';
import type { StoryForm } from '@/features/editor/useStoryForm';
import type { MediaNode } from '@/lib/nodeModel';
import { storyRoute } from '@/lib/routes';
import { STORY_STOPS_MAX } from '@/lib/storyModel';

interface Props {
  story: StoryForm;
  items: readonly MediaNode[];
  /** The archive's categories as [slug, name], by name. */
  categories: readonly [string, string][];
  /** The saved story's id, or null for a story not saved yet (nothing to preview). */
  savedId: string | null;
  /** How many stops the saved story has: a stop added since has no page to preview yet. */
  savedStops: number;
}

const NBSP = '\u00a0';

/** Where the focus goes once the stops have rendered: a control of one stop, by its key. */
interface FocusAfter {
  key: string;
  selector: string;
}

/**
 * The stops' moves, removals and additions, each said in the live region and each leaving the
 * focus where the editor acted: on the moved stop's same button (a move is one DOM move, which
 * loses focus in browsers), on Undo after a removal, on the heading of a stop added or put back.
 */
function useStopEdits(story: StoryForm, section: RefObject<HTMLElement | null>) {
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const [said, setSaid] = useState('');
  const { stops } = story.draft;

  useEffect(() => {
    if (!focusAfter) return;
    const { key, selector } = focusAfter;
    const scope = key === '' ? '' : `[data-stop="${key}"] `;
    section.current?.querySelector<HTMLElement>(`${scope}${selector}`)?.focus();
  }, [focusAfter, section]);

  /** The same words twice are still said: a live region reads a change only. */
  const say = (words: string) => setSaid((before) => (before === words ? words + NBSP : words));

  function move(from: number, to: number, button: 'up' | 'down' | null) {
    const stop = stops[from];
    if (!stop || to < 0 || to >= stops.length || from === to) return;
    story.moveStop(from, to);
    if (button) setFocusAfter({ key: stop.key, selector: `[data-move="${button}"]` });
    const n = from + 1;
    const position = to + 1;
    say(
      t({
        message: `Stop ${n} moved to position ${position}.`,
        comment: "Said when a story's stop is moved: from its number to its new place",
      }),
    );
  }

  function remove(index: number) {
    const n = index + 1;
    story.removeStop(index);
    setFocusAfter({ key: '', selector: '[data-undo]' });
    say(t`Stop ${n} removed.`);
  }

  function undo() {
    const stop = story.undoRemove();
    if (!stop) return;
    setFocusAfter({ key: stop.key, selector: 'input' });
    say(t`Stop put back.`);
  }

  function add() {
    const stop = story.addStop();
    setFocusAfter({ key: stop.key, selector: 'input' });
    const n = stops.length + 1;
    say(t`Stop ${n} added.`);
  }

  return { said, say, move, remove, undo, add };
}

type StopEdits = ReturnType<typeof useStopEdits>;

/** One stop's buttons: the drag handle, Move up and Move down, Remove, and Preview. */
function StopTools({
  index,
  count,
  edits,
  preview,
  onDragStart,
  onDragEnd,
}: {
  index: number;
  count: number;
  edits: StopEdits;
  /** The stop's page in the player, or null with why there is none. */
  preview: { href: string } | { reason: string };
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}) {
  const { t } = useLingui();
  const reasonId = useId();
  const n = index + 1;
  const first = index === 0;
  const last = index === count - 1;
  return (
    <div className="story-stop__tools">
      <span
        className="story-stop__handle"
        draggable
        aria-hidden="true"
        title={t`Drag to move this stop`}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
      >
        ⠿
      </span>
      <button
        type="button"
        className="button-quiet"
        data-move="up"
        aria-disabled={first ? true : undefined}
        onClick={() =>
          first ? edits.say(t`Stop ${n} is the first already.`) : edits.move(index, index - 1, 'up')
        }
      >
        {t({ message: 'Move up', comment: "Moves a story's stop one place earlier" })}
      </button>
      <button
        type="button"
        className="button-quiet"
        data-move="down"
        aria-disabled={last ? true : undefined}
        onClick={() =>
          last ? edits.say(t`Stop ${n} is the last already.`) : edits.move(index, index + 1, 'down')
        }
      >
        {t({ message: 'Move down', comment: "Moves a story's stop one place later" })}
      </button>
      <button type="button" className="button-quiet" onClick={() => edits.remove(index)}>
        {t({ message: 'Remove stop', comment: 'Removes a stop from a story (Undo puts it back)' })}
      </button>
      {'href' in preview ? (
        <Link to={preview.href}>
          {t({ message: 'Preview', comment: "Opens a story's stop in the player" })}
        </Link>
      ) : (
        <>
          <button type="button" className="button-quiet" disabled aria-describedby={reasonId}>
            {t({ message: 'Preview', comment: "Opens a story's stop in the player" })}
          </button>
          <span className="field__hint" id={reasonId}>
            {preview.reason}
          </span>
        </>
      )}
    </div>
  );
}

/** Where a drag of a stop stands: the stop dragged and the one under it (indexes). */
interface StopDrag {
  from: number | null;
  at: number | null;
  start: (index: number) => void;
  over: (index: number) => void;
  end: () => void;
}

/** One stop: a fieldset named by its number, its tools and its fields; a drop target for a drag. */
function StopCard({
  stop,
  index,
  count,
  edits,
  preview,
  drag,
  ...fields
}: Omit<StopFieldsProps, 'stop' | 'index'> & {
  stop: StopDraft;
  index: number;
  count: number;
  edits: StopEdits;
  preview: { href: string } | { reason: string };
  drag: StopDrag;
}) {
  const { t } = useLingui();
  const n = index + 1;
  const stopError = fields.errors[stopErrorPath(stop.key, '')];
  const dropHere = drag.at === index && drag.from !== null && drag.from !== index;
  return (
    <li
      data-stop={stop.key}
      className={`story-stop${dropHere ? ' story-stop--drop' : ''}${drag.from === index ? ' story-stop--dragged' : ''}`}
      onDragOver={(event) => {
        if (drag.from === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        drag.over(index);
      }}
      onDrop={(event) => {
        event.preventDefault();
        if (drag.from !== null) edits.move(drag.from, index, null);
        drag.end();
      }}
    >
      <fieldset className="story-stop__fieldset">
        <legend>{t({ message: `Stop ${n}`, comment: "A story's stop, by its number" })}</legend>
        <StopTools
          index={index}
          count={count}
          edits={edits}
          preview={preview}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(n));
            const card = event.currentTarget.closest('li');
            if (card) event.dataTransfer.setDragImage?.(card, 24, 24);
            drag.start(index);
          }}
          onDragEnd={drag.end}
        />
        {stopError && (
          <p className="field__error" role="alert">
            {stopError}
          </p>
        )}
        <StopFields stop={stop} index={index} {...fields} />
      </fieldset>
    </li>
  );
}

/**
 * The story's stops, in order, each a fieldset ("Stop 2") with its fields; reordered by dragging
 * a stop's handle onto another stop or with its Move up and Move down buttons, each move said in a
 * live region; removed with an Undo; added at the end.
 */
export function StoryStops({ story, items, categories, savedId, savedStops }: Props) {
  const { t } = useLingui();
  const section = useRef<HTMLElement>(null);
  const edits = useStopEdits(story, section);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const { stops } = story.draft;
  const { errors, removed } = story;
  const full = stops.length >= STORY_STOPS_MAX;
  const removedNumber = (removed?.index ?? 0) + 1;
  const removedHeading = removed?.stop.heading ?? '';

  const previewOf = (index: number) => {
    if (savedId === null) return { reason: t`Save the story to preview it` };
    if (index >= savedStops) return { reason: t`Save the story to preview this stop` };
    return { href: storyRoute(savedId, index + 1) };
  };
  const drag: StopDrag = {
    from: dragFrom,
    at: dropAt,
    start: setDragFrom,
    over: setDropAt,
    end: () => {
      setDragFrom(null);
      setDropAt(null);
    },
  };

  return (
    <section ref={section} className="story-stops" aria-labelledby="story-stops-heading">
      <h2 id="story-stops-heading">{t({ message: 'Stops', comment: "A story's stops" })}</h2>
      <p className="field__hint">
        {t`In the order visitors go through them. Drag a stop by its handle, or use Move up and Move down.`}
      </p>
      {errors.stops && (
        <p className="field__error" role="alert">
          {errors.stops}
        </p>
      )}
      <ol className="story-stops__list">
        {stops.map((stop, index) => (
          <StopCard
            key={stop.key}
            stop={stop}
            index={index}
            count={stops.length}
            edits={edits}
            preview={previewOf(index)}
            drag={drag}
            items={items}
            categories={categories}
            errors={errors}
            onChange={(patch) => story.changeStop(stop.key, patch)}
          />
        ))}
      </ol>
      {removed && (
        <div className="form-notice story-stops__undo">
          <span>
            {t({
              message: `Stop ${removedNumber} (“${removedHeading}”) was removed.`,
              comment: "After a story's stop is removed: its number and heading",
            })}
          </span>{' '}
          <button type="button" className="button-quiet" data-undo onClick={edits.undo}>
            {t({ message: 'Undo', comment: "Puts back a story's stop just removed" })}
          </button>
        </div>
      )}
      <button type="button" disabled={full} onClick={edits.add}>
        {t({ message: 'Add a stop', comment: 'Adds a stop at the end of a story' })}
      </button>
      {full && <p className="field__hint">{t`A story has at most ${STORY_STOPS_MAX} stops.`}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {edits.said}
      </p>
    </section>
  );
}
