import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAnalytics, useAppSelector, useServiceAccess } from '@/app/hooks';
import { selectIsEditor } from '@/features/auth/authSlice';
import { selectNodesById } from '@/features/nodes/nodesSelectors';
import { ContentMarkdown } from '@/features/pages/ContentPage';
import { saveStopView } from '@/app/story/storyEditing';
import { isOwnedKey, useStoryPlay, useSwipe } from '@/app/story/storyPlay';
import { reloadStories, useStory } from '@/app/story/storySource';
import { SITE_NAME } from '@/lib/constants';
import { describeItemDate } from '@/lib/itemDate';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { showTitle, TITLE_LEVEL } from '@/lib/pageTitle';
import { filterRoute, storyRoute } from '@/lib/routes';
import {
  stopNumberOf,
  storyPageName,
  type ListedStory,
  type StoryStop,
  type StoryView,
} from '@/lib/storyModel';
import { safeUrl } from '@/lib/url';
import './StoryPlayer.css';

interface Props {
  storyId: string;
  /** The stop as the address writes it (`/story/{id}/{n}`); null for the first. */
  stopText: string | null;
  /** The stop shown (null: none yet, or none to show): the home screen filters and flies by it. */
  onStop: (stop: StoryStop | null) => void;
  /** Whether the globe is there to fly: without it, the story reads as one document. */
  globeShown: boolean;
  /** Where the globe's camera looks now, for an editor's "Use this view". */
  currentView: () => Promise<StoryView | null>;
}

/** The item a stop shows, as a link to its page: its picture, title and date. */
function StopItem({ node }: { node: MediaNode }) {
  const { t } = useLingui();
  const picture = safeUrl(nodeThumbnailUrl(node));
  return (
    <Link className="story-item" to={nodeRoute(node)}>
      {picture !== null && <img src={picture} alt="" width="96" height="54" loading="lazy" />}
      <span>
        <span className="story-item__title">{node.title}</span>
        {node.date && (
          <span className="story-item__meta">{describeItemDate(node.date, { short: true })}</span>
        )}
        <span className="story-item__open">
          {t({
            message: 'Open the item',
            comment: "A link in a story's stop to the item it shows",
          })}
        </span>
      </span>
    </Link>
  );
}

/** A stop's heading, narration and item, as the panel and the whole-story reading show it. */
function StopText({
  stop,
  headingId,
  level,
}: {
  stop: StoryStop;
  headingId?: string;
  level: 'h3' | 'h4';
}) {
  const nodesById = useAppSelector(selectNodesById);
  const node = stop.item === null ? undefined : nodesById.get(stop.item);
  const Heading = level;
  return (
    <>
      <Heading id={headingId} className="story-stop__heading">
        {stop.heading}
      </Heading>
      {stop.narration !== '' && (
        <div className="story-stop__narration">
          <ContentMarkdown source={stop.narration} headings={false} />
        </div>
      )}
      {node && <StopItem node={node} />}
    </>
  );
}

/** The whole story as one document, every stop in order: for a reader who never sees the globe. */
function WholeStory({ story }: { story: ListedStory }) {
  const { t } = useLingui();
  return (
    <ol className="story-whole">
      {story.stops.map((stop, index) => (
        <li key={index} className="story-whole__stop">
          <StopText stop={stop} level="h3" />
          <Link to={storyRoute(story.story_id, index + 1)} className="story-whole__show">
            {t({
              message: `Show stop ${index + 1} on the globe`,
              comment: "A link in a story's whole text to play it from that stop",
            })}
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** Said in the panel where there is no story to play. */
function Missing({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="story-panel" aria-label={t`Story`}>
      <p role="status">{children}</p>
      <p>
        <Link to="/stories">{t`All stories`}</Link>
      </p>
    </section>
  );
}

/** An editor's "Use this view": the camera as the editor has turned it becomes the stop's view. */
function UseThisView({
  story,
  n,
  currentView,
}: {
  story: ListedStory;
  n: number;
  currentView: Props['currentView'];
}) {
  const { t } = useLingui();
  const service = useServiceAccess();
  const [said, setSaid] = useState<string | null>(null);
  const use = async () => {
    const view = await currentView();
    if (view === null) return;
    setSaid(t`Saving…`);
    try {
      await saveStopView(service, story.story_id, n, view);
      setSaid(t`Saved: this stop now shows the globe as you see it.`);
      reloadStories(service.baseUrl);
    } catch (error) {
      setSaid(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="story-editor">
      <button type="button" className="button-quiet" onClick={() => void use()}>
        {t({
          message: 'Use this view',
          comment: "An editor's button: the globe's camera as it is now becomes this stop's view",
        })}
      </button>
      <Link to={`/editor/stories/${encodeURIComponent(story.story_id)}`}>{t`Edit the story`}</Link>
      <p role="status" className="story-editor__said">
        {said}
      </p>
    </div>
  );
}

/** Names the tab after the story and its stop, as a shared link's document is named. */
function useStoryTitle(story: ListedStory | null, n: number | null) {
  const title = story === null || n === null ? null : storyPageName(story, n);
  useEffect(
    () => (title === null ? undefined : showTitle(`${title} · ${SITE_NAME}`, TITLE_LEVEL.story)),
    [title],
  );
}

/** Counts a story started, each stop reached and the story finished, once each per visit. */
function useStoryAnalytics(story: ListedStory | null, n: number | null) {
  const analytics = useAnalytics();
  const counted = useRef(new Set<string>());
  useEffect(() => {
    if (story === null || n === null) return;
    const id = story.story_id;
    const once = (key: string, report: () => void) => {
      if (counted.current.has(key)) return;
      counted.current.add(key);
      report();
    };
    once(`start:${id}`, () => analytics.story('start', id));
    once(`stop:${id}/${n}`, () => analytics.story('stop', `${id}/${n}`));
    if (n === story.stops.length) once(`finish:${id}`, () => analytics.story('finish', id));
  }, [analytics, story, n]);
}

/**
 * The story player (issue 51): the narration panel beside the globe on a desktop, a sheet under
 * it on a phone. Previous and Next (buttons, ← →, a swipe on the panel) go from stop to stop, each
 * an address of its own; Play goes on at a reading pace until any input; Leave the story keeps the
 * globe where the stop put it. The live region says which stop shows; the whole story reads as a
 * document too.
 */
export function StoryPlayer({ storyId, stopText, onStop, globeShown, currentView }: Props) {
  const { t } = useLingui();
  const lookup = useStory(storyId);
  const story = lookup.status === 'found' ? lookup.story : null;
  const n = story === null ? null : stopNumberOf(stopText ?? undefined, story.stops.length);
  const stop = story !== null && n !== null ? (story.stops[n - 1] ?? null) : null;
  useEffect(() => {
    onStop(stop);
    return () => onStop(null);
  }, [onStop, stop]);
  useStoryAnalytics(story, n);
  useStoryTitle(story, n);
  if (lookup.status === 'loading') return <Missing>{t`Loading the story…`}</Missing>;
  if (lookup.status === 'failed')
    return <Missing>{t`The story could not be loaded: ${lookup.message}`}</Missing>;
  if (story === null) return <Missing>{t`This story is not in the archive.`}</Missing>;
  if (n === null || stop === null)
    return (
      <Missing>
        {t`This story has no stop ${stopText ?? ''}.`}{' '}
        <Link to={storyRoute(story.story_id)}>{t`Start at the first stop`}</Link>
      </Missing>
    );
  return (
    <PlayingStory
      key={story.story_id}
      story={story}
      n={n}
      stop={stop}
      globeShown={globeShown}
      currentView={currentView}
    />
  );
}

function usePlayerKeys(go: (direction: 'next' | 'previous') => void) {
  const goRef = useRef(go);
  useEffect(() => void (goRef.current = go));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isOwnedKey(event)) return;
      if (event.key === 'ArrowRight') goRef.current('next');
      else if (event.key === 'ArrowLeft') goRef.current('previous');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function PlayingStory({
  story,
  n,
  stop,
  globeShown,
  currentView,
}: {
  story: ListedStory;
  n: number;
  stop: StoryStop;
  globeShown: boolean;
  currentView: Props['currentView'];
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const editor = useAppSelector(selectIsEditor);
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const [whole, setWhole] = useState(!globeShown);
  const count = story.stops.length;
  const last = n === count;
  const go = (direction: 'next' | 'previous', replace = false) => {
    const to = direction === 'next' ? n + 1 : n - 1;
    if (to < 1 || to > count) return;
    void navigate(storyRoute(story.story_id, to), { replace });
  };
  const { playing, setPlaying } = useStoryPlay({
    stop,
    last,
    next: () => go('next', true),
    playButton,
  });
  usePlayerKeys(go);
  useSwipe(panel, go);
  const leave = filterRoute(stop.category, stop.type, null, { from: stop.from, to: stop.to });
  const cover = n === 1 && story.cover !== null ? safeUrl(story.cover) : null;
  return (
    <section ref={panel} className="story-panel" aria-labelledby={`${headingId}-title`}>
      <p className="story-panel__kicker">
        {t({ message: 'Story', comment: "Above a story's title in the player" })}
      </p>
      <h2 id={`${headingId}-title`} className="story-panel__title">
        {story.title}
      </h2>
      {/* Which stop shows, said when it changes. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {t`Stop ${n} of ${count}: ${stop.heading}`}
      </p>
      {whole ? (
        <>
          <p className="story-panel__intro">{story.intro}</p>
          <WholeStory story={story} />
        </>
      ) : (
        <article className="story-stop" aria-labelledby={headingId}>
          {n === 1 && (
            <>
              {cover !== null && <img className="story-panel__cover" src={cover} alt="" />}
              <p className="story-panel__intro">{story.intro}</p>
            </>
          )}
          <p className="story-stop__count">{t`Stop ${n} of ${count}`}</p>
          <StopText stop={stop} headingId={headingId} level="h3" />
        </article>
      )}
      <div className="story-controls">
        <button
          type="button"
          onClick={() => go('previous')}
          disabled={n === 1}
          aria-keyshortcuts="ArrowLeft"
        >
          {t({ message: 'Previous', comment: "Goes to a story's previous stop" })}
        </button>
        <button
          ref={playButton}
          type="button"
          className="button-quiet"
          disabled={last && !playing}
          onClick={() => setPlaying(!playing)}
        >
          {playing
            ? t({ message: 'Pause the story', comment: 'Stops playing a story' })
            : t({
                message: 'Play the story',
                comment: "Goes through a story's stops by itself, at a reading pace",
              })}
        </button>
        <button
          type="button"
          onClick={() => go('next')}
          disabled={last}
          aria-keyshortcuts="ArrowRight"
        >
          {t({ message: 'Next', comment: "Goes to a story's next stop" })}
        </button>
      </div>
      <div className="story-panel__more">
        <Link to={leave}>
          {t({
            message: 'Leave the story',
            comment: 'Leaves the story where it is: the globe stays as this stop showed it',
          })}
        </Link>
        <button
          type="button"
          className="button-quiet"
          aria-pressed={whole}
          onClick={() => setWhole(!whole)}
        >
          {t({
            message: 'Read the whole story',
            comment: 'Shows every stop of a story as one text',
          })}
        </button>
        <Link to="/stories">{t`All stories`}</Link>
      </div>
      {editor && <UseThisView key={n} story={story} n={n} currentView={currentView} />}
    </section>
  );
}

export default StoryPlayer;
