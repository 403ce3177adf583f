/**
 * The store's search service (issue 30, issue 46): the archive's full-text index, asked by the
 * route's action (`routeVisited`) and never by a component, as the nodes-service is asked by
 * `loadNodes`. It reaches the thunks as their extra argument (`makeStore`).
 *
 * MiniSearch and the index's code load only when a visitor reaches for the search (focuses the
 * box) or arrives with words: a dynamic import, kept out of the JavaScript before the intro. The
 * index is built in slices that leave the page free (`createArchiveSearch`).
 */
import type { ArchiveSearch, SearchableItem, SearchHit } from '@/lib/archiveSearch';

/** What the index's code gives the service. */
export interface SearchModule {
  createArchiveSearch(items: readonly SearchableItem[]): ArchiveSearch;
}

/** A search's answer as the store keeps it: the items best first, and the words they matched. */
export interface SearchAnswer {
  ids: string[];
  /** The index's words found, each once: the words marked in the matches' titles. */
  terms: string[];
}

/** Answers words from a built index (the same answer for the same words, while it is kept). */
export type AnswerWords = (q: string) => SearchAnswer;

export interface SearchService {
  /**
   * Starts loading the index's code and indexing `items`, unless that is under way for them
   * already (a new archive starts afresh).
   */
  prepare(items: readonly SearchableItem[]): void;
  /**
   * Resolves once the index over `items` is built (starting it where needed), to what answers
   * words from it; to null where the archive changed meanwhile (the newer one answers) or the
   * index's code could not load.
   */
  whenBuilt(items: readonly SearchableItem[]): Promise<AnswerWords | null>;
  /** What answers words from the index over `items` where it is built already; null until then. */
  built(items: readonly SearchableItem[]): AnswerWords | null;
}

/** So many of the last words' answers are kept, the same object each time they are asked. */
const KEPT_ANSWERS = 8;

/** The store's answer to a search's hits: their ids in order, and every word that matched. */
export function answerOf(hits: readonly SearchHit[]): SearchAnswer {
  const terms = new Set<string>();
  for (const hit of hits) for (const term of hit.terms) terms.add(term);
  return { ids: hits.map((hit) => hit.id), terms: [...terms] };
}

/** The index over one archive, being loaded or built, and what answers words once it is. */
interface Indexing {
  items: readonly SearchableItem[];
  search: Promise<ArchiveSearch>;
  answers: Promise<AnswerWords>;
}

/**
 * Tells DevTools and `npm run bench` how long the index took ("search index"): loaded, built and
 * its commonest words asked, from the moment it was wanted.
 */
function measureIndex(search: ArchiveSearch, began: number) {
  void search.warmed.then(() => {
    if (typeof performance.measure === 'function')
      performance.measure('search index', { start: began });
  });
}

/** Loads the index's code and starts indexing `items`, its build measured from now. */
function startIndexing(
  load: () => Promise<SearchModule>,
  items: readonly SearchableItem[],
): Indexing {
  const began = performance.now();
  const search = load().then(({ createArchiveSearch }) => {
    const started = createArchiveSearch(items);
    measureIndex(started, began);
    return started;
  });
  const answers = search.then(async (started) => {
    await started.ready;
    return keptAnswers(started);
  });
  return { items, search, answers };
}

/**
 * The search service of a store.
 *
 * @param load brings the index's code (a dynamic import; a stand-in in the tests)
 */
export function createSearchService(
  load: () => Promise<SearchModule> = () => import('@/lib/archiveSearch'),
): SearchService {
  let indexing: Indexing | null = null;
  let built: { items: readonly SearchableItem[]; answer: AnswerWords } | null = null;

  const prepare = (items: readonly SearchableItem[]): Indexing => {
    if (indexing?.items === items) return indexing;
    // Another archive's build stops (its answers would name items no longer there).
    void indexing?.search.then(
      (search) => search.cancel(),
      () => undefined,
    );
    const current = startIndexing(load, items);
    indexing = current;
    void current.answers.then(
      (answer) => {
        if (indexing === current) built = { items, answer };
      },
      // Where the index's code could not load (offline, a new release), the next words try again.
      () => {
        if (indexing === current) indexing = null;
      },
    );
    return current;
  };

  return {
    prepare(items) {
      prepare(items);
    },
    built: (items) => (built?.items === items ? built.answer : null),
    async whenBuilt(items) {
      const wanted = prepare(items);
      const answer = await wanted.answers.catch(() => null);
      return indexing === wanted ? answer : null;
    },
  };
}

/** Answers words from `search`, the last few answers kept (so asking again changes nothing). */
function keptAnswers(search: ArchiveSearch): AnswerWords {
  const kept = new Map<string, SearchAnswer>();
  return (q) => {
    const known = kept.get(q);
    if (known) return known;
    const answer = answerOf(search.search(q));
    if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value ?? '');
    kept.set(q, answer);
    return answer;
  };
}
