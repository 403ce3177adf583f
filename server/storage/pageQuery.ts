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
