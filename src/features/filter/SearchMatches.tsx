import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { memo } from 'react';
import { RecordedDate } from '@/components/RecordedDate';
import { highlightParts, type TextPart } from '@/lib/archiveSearchWords';
import type { MediaNode } from '@/lib/nodeModel';

function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text));
}

/** "12 items match", "1 item matches", "No item matches". */
export function matchCountText(count: number): string {
  return t({
    message: plural(count, {
      0: 'No item matches',
      one: '# item matches',
      other: '# items match',
    }),
    comment: 'How many items match the words typed in the search box',
  });
}

/** One match under the box: its title with the words that matched marked, its kind, date and categories. */
function MatchOption({
  node,
  terms,
  id,
  selected,
  onChoose,
}: {
  node: MediaNode;
  terms: readonly string[];
  id: string;
  selected: boolean;
  onChoose: (node: MediaNode) => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      // Reached from the box by the arrow keys (its active descendant), never by Tab.
      tabIndex={-1}
      className="search-box__option"
      // Keeps the focus in the box, so the list stays until the choice is made.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(node)}
    >
      <span className="search-box__title">
        <Marked parts={highlightParts(node.title, terms)} />
      </span>
      <span className="search-box__meta">
        {node.type === 'video'
          ? t({ message: 'Video', comment: "A search match's kind: a video" })
          : t({ message: 'Gallery', comment: "A search match's kind: a photo gallery" })}
        {node.date && (
          <>
            {' · '}
            <RecordedDate date={node.date} short />
          </>
        )}
        {node.categories.length > 0 && ` · ${node.categories.map((c) => c.name).join(', ')}`}
      </span>
    </li>
  );
}

/**
 * The matches under the search box (a listbox the box controls, the arrow keys' choice its active
 * descendant), with how many there are: the first few here, all of them in the List. Drawn again
 * only when they change, not at each key typed in the box.
 */
export const SearchMatches = memo(function SearchMatches({
  listId,
  open,
  count,
  total,
  listed,
  terms,
  active,
  onChoose,
}: {
  listId: string;
  open: boolean;
  /** "12 items match", or null before an answer. */
  count: string | null;
  /** How many match in all (null before an answer). */
  total: number | null;
  listed: readonly MediaNode[];
  /** The words that matched, marked in the titles. */
  terms: readonly string[];
  /** The match the arrow keys chose (-1: none). */
  active: number;
  onChoose: (node: MediaNode) => void;
}) {
  // Said again in a language the visitor switches to.
  useLingui();
  const more = total !== null && total > listed.length;
  const first = listed.length;
  return (
    <div className="search-box__results" hidden={!open}>
      <p className="search-box__count" aria-hidden="true">
        {count}
        {more
          ? ` · ${t({
              message: plural(first, {
                one: 'the first # here, all of them in the List',
                other: 'the first # here, all of them in the List',
              }),
              comment:
                'After "120 items match" under the search box: the first # matches are listed here, all in the Archive items list ("List" is the button that opens it)',
            })}`
          : ''}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t({ message: 'Matches', comment: "The search's matches listed under the box" })}
        className="search-box__list"
      >
        {open &&
          listed.map((node, i) => (
            <MatchOption
              key={node.video_id}
              node={node}
              terms={terms}
              id={`${listId}-${i}`}
              selected={i === active}
              onChoose={onChoose}
            />
          ))}
      </ul>
    </div>
  );
});
