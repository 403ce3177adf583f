/**
 * One page of a list, newest first. Lists page by id ("older than the last one read"), never by
 * position, so an entry arriving meanwhile neither repeats nor hides one on the next page.
 */
export interface PageQuery {
  /** At most this many entries. */
  limit: number;
  /** Only entries with a smaller id than this one (ids grow with every entry): older ones. */
  before?: number;
}

/** The page size `wholeList` reads with. */
export const WHOLE_LIST_PAGE = 500;

/**
 * Every entry of a paged list, oldest first: `read` a page older than `before` at a time (the
 * editors' export's journal, the preservation package's).
 */
export async function wholeList<T extends { id: number }>(
  read: (query: PageQuery) => Promise<T[]>,
): Promise<T[]> {
  const entries: T[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await read({ limit: WHOLE_LIST_PAGE, ...(before ? { before } : {}) });
    entries.push(...page);
    const last = page.at(-1);
    if (page.length < WHOLE_LIST_PAGE || last === undefined) break;
    before = last.id;
  }
  return entries.reverse();
}
