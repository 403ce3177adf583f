/**
 * OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html) over the archive's
 * items (issue 32), so that libraries and aggregators can harvest it: the six verbs, Dublin Core
 * (`oai_dc`) records, one set per category (`./setSpec`), deleted records for hidden items,
 * keyset resumption tokens for long lists (`./resumptionToken`), and every error the protocol
 * names. The published stories (issue 51) are records too, of `dc:type` Collection, in a set of
 * their own (`STORIES_SET`). Pure: a request's arguments and the repository in, the XML answer out.
 */
import { escapeMarkup } from '@/lib/markupText';
import { SITE_NAME } from '@/lib/constants';
import type { NodeInput } from '@/lib/nodeSchema';
import { STORED_FIELDS } from '@/lib/itemFields';
import { DC_ELEMENTS, type DcElement } from '@/lib/itemFieldSpec';
import { rightsStatement } from '@/lib/license';
import { storyRoute } from '@/lib/routes';
import type { StoryInput } from '@/lib/storyModel';
import {
  keyBefore,
  positionOfToken,
  tokenOf,
  type ListKey,
  type ListPosition,
} from './resumptionToken';
import { checkArguments, OaiError, readDate, type OaiArguments } from './oaiArguments';
import { SET_SPEC_PATTERN } from './setSpec';

export type { OaiArguments, OaiErrorCode } from './oaiArguments';

/** An item the public sees: a record with its Dublin Core and its sets. */
export interface OaiRecordItem {
  id: string;
  /** When its record last changed, to the second (`2026-11-27T01:02:03Z`). */
  datestamp: string;
  deleted: false;
  node: NodeInput;
  /** Its categories' setSpecs (`setSpecOf`). */
  setSpecs: readonly string[];
}

/**
 * The local part of a story's identifier: `story:{id}` (`oai:{host}:story:{id}`). An item's id
 * holds no `:` (the schema's id is letters, digits, `-` and `_`), so no story's identifier can be
 * an item's, and an item's identifiers stay as they were issued.
 */
export const STORY_ID_PREFIX = 'story:';

/**
 * The stories' set. A category's spec is its slug (or a fold of it with `.` and a hash: see
 * `./setSpec`), which never holds `_`: so no category, not even one named "Stories" (whose spec
 * is `stories`), can share this set or change its spec.
 */
export const STORIES_SET = { spec: 'archive_stories', name: 'Stories' } as const;

/** A published story: a record of the items its stops show, in the stories' set. */
export interface OaiStoryRecord {
  /** `story:{id}` (`STORY_ID_PREFIX`). */
  id: string;
  datestamp: string;
  deleted: false;
  story: StoryInput;
  /** The pages of the items its stops show that the public sees (`/video/{id}`), in order. */
  itemPages: readonly string[];
  setSpecs: readonly string[];
}

/**
 * An item hidden from the public (deleted, or hidden for a removal request): a deleted record.
 * It carries nothing of what the item held (no title, no sets), so no answer can give it away.
 */
export interface OaiDeletedItem {
  id: string;
  /** When it was hidden, to the second. */
  datestamp: string;
  deleted: true;
}

/**
 * One record as the repository serves it: an item, a story, or the deleted record of either (a
 * story deleted or taken back to a draft after it was published is one as a hidden item is).
 */
export type OaiItem = OaiRecordItem | OaiStoryRecord | OaiDeletedItem;

/** What the repository answers from. */
export interface OaiRepository {
  /** The site's public address (`https://archive.example.org`). */
  siteUrl: string;
  /** The address harvesters ask (`{siteUrl}/api/oai`). */
  baseUrl: string;
  adminEmail: string;
  /** Every item, ordered by datestamp, then id (as `keyBefore` orders them). */
  items: readonly OaiItem[];
  /** The sets of the items the public sees: each spec and its readable name, by spec. */
  sets: readonly { spec: string; name: string }[];
}

/** Records and identifiers a list answers at once; a resumption token asks for the next. */
export const OAI_PAGE_SIZE = 100;

/**
 * How long a hidden item is reported as a deleted record: 30 days, then it is answered as an id
 * that never existed (Identify says `deletedRecord` transient). A deleted record can only carry
 * the item's identifier, and the identifier is a slug of its title (`jane-doe-house-fire`): kept
 * for ever, it would tell anyone who lists deletions what was taken down, where the removal
 * requests carefully answer hidden and unknown ids alike. Not reporting it at all would leave the
 * item public at every aggregator that copied it, which is what a removal request asks to end. A
 * month reaches harvesters that harvest monthly or more often (the usual), and bounds for how long
 * the slug of a removed item stays listed.
 */
export const DELETED_RECORD_DAYS = 30;
const DELETED_RECORD_MS = DELETED_RECORD_DAYS * 86_400_000;

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';

/** Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/FFFF): dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data or an attribute value. */
export function xmlText(text: string): string {
  return escapeMarkup(text.replace(NOT_XML, ''));
}

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** A datestamp of the repository's granularity (seconds, UTC). */
export function datestampOf(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}Z`;
}

/**
 * The repository's identifier for the oai-identifier scheme: the site's host when it is a domain
 * name the scheme accepts (it needs a dot); `globe-archive.invalid` otherwise (a local server at
 * `localhost`), a name that can belong to nobody.
 */
export function repositoryIdOf(siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  return /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/.test(host)
    ? host
    : 'globe-archive.invalid';
}

/** A deleted record's header says only that it is gone, which one, and since when. */
function header(item: OaiItem, repositoryId: string): string {
  const identity = `${element('identifier', `oai:${repositoryId}:${item.id}`)}${element('datestamp', item.datestamp)}`;
  if (item.deleted) return `<header status="deleted">${identity}</header>`;
  return `<header>${identity}${item.setSpecs.map((spec) => element('setSpec', spec)).join('')}</header>`;
}

/**
 * An item's Dublin Core: what it is, who made it, about what, when, where, and on what terms; each
 * field gives its element as its declaration says (`@/lib/itemFields`), in Dublin Core's order.
 */
export function dublinCoreOf(node: NodeInput, siteUrl: string): string {
  const values = node as unknown as Record<string, unknown>;
  const elements: { element: DcElement; text: string }[] = [
    { element: 'publisher', text: SITE_NAME },
  ];
  for (const [name, spec] of STORED_FIELDS) {
    const dc = spec.stored.dc;
    if (dc === undefined || values[name] === undefined) continue;
    for (const text of dc.values(values[name], node, siteUrl))
      elements.push({ element: dc.element, text });
  }
  // A stable sort: within one element, the fields' own order.
  elements.sort((a, b) => DC_ELEMENTS.indexOf(a.element) - DC_ELEMENTS.indexOf(b.element));
  return oaiDc(elements.map(({ element: name, text }) => element(`dc:${name}`, text)));
}

/** Dublin Core's oai_dc record around `fields` (already in Dublin Core's element order). */
function oaiDc(fields: readonly string[]): string {
  return `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NS}" xmlns:dc="http://purl.org/dc/elements/1.1/" xsi:schemaLocation="${OAI_DC_NS} http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${fields.join('')}</oai_dc:dc>`;
}

/**
 * A story's Dublin Core (issue 51), in Dublin Core's order: its title, credit, introduction, the
 * archive as publisher, the day it last changed, its type (DCMI's `Collection`: a story is an
 * aggregation of the archive's items, put in an order and told), its page, its language, each
 * item its stops show (`relation`, in the stops' order) and its rights as an item's are written.
 */
export function storyDublinCoreOf(
  { story, datestamp, itemPages }: Pick<OaiStoryRecord, 'story' | 'datestamp' | 'itemPages'>,
  siteUrl: string,
): string {
  const fields = [
    element('dc:title', story.title),
    ...(story.credit ? [element('dc:creator', story.credit)] : []),
    ...(story.intro.trim() ? [element('dc:description', story.intro)] : []),
    element('dc:publisher', SITE_NAME),
    element('dc:date', datestamp.slice(0, 10)),
    element('dc:type', 'Collection'),
    element('dc:identifier', `${siteUrl}${storyRoute(story.story_id)}`),
    ...(story.language ? [element('dc:language', story.language)] : []),
    ...itemPages.map((page) => element('dc:relation', `${siteUrl}${page}`)),
    element('dc:rights', rightsStatement(story.license, siteUrl)),
  ];
  return oaiDc(fields);
}

function record(item: OaiItem, repository: OaiRepository, repositoryId: string): string {
  const metadata = item.deleted
    ? ''
    : `<metadata>${'story' in item ? storyDublinCoreOf(item, repository.siteUrl) : dublinCoreOf(item.node, repository.siteUrl)}</metadata>`;
  return `<record>${header(item, repositoryId)}${metadata}</record>`;
}

function checkPrefix(prefix: string): void {
  if (prefix !== 'oai_dc') {
    throw new OaiError(
      'cannotDisseminateFormat',
      `This repository has its records in oai_dc only, not "${prefix}".`,
    );
  }
}

/** Whether the public may learn of the item now: a deleted record only within its days. */
function reported(item: OaiItem, now: Date): boolean {
  return !item.deleted || Date.parse(item.datestamp) >= now.getTime() - DELETED_RECORD_MS;
}

/** The item with this OAI identifier that the public may learn of, if any. */
function itemOf(
  identifier: string,
  repository: OaiRepository,
  repositoryId: string,
  now: Date,
): OaiItem | undefined {
  const prefix = `oai:${repositoryId}:`;
  if (!identifier.startsWith(prefix)) return undefined;
  const id = identifier.slice(prefix.length);
  return repository.items.find((item) => item.id === id && reported(item, now));
}

/** The first list position of a ListIdentifiers or ListRecords: its arguments, resolved. */
function firstPosition(
  args: ReadonlyMap<string, string>,
  repository: OaiRepository,
  now: Date,
): ListPosition {
  const metadataPrefix = args.get('metadataPrefix') ?? '';
  checkPrefix(metadataPrefix);
  const fromArg = args.get('from');
  const untilArg = args.get('until');
  const from = fromArg === undefined ? null : readDate(fromArg, 'from', false);
  const until = untilArg === undefined ? null : readDate(untilArg, 'until', true);
  if (from && until && from.day !== until.day) {
    throw new OaiError(
      'badArgument',
      'from and until must have the same granularity (both days, or both times).',
    );
  }
  if (from && until && from.stamp > until.stamp) {
    throw new OaiError('badArgument', 'from must not be later than until.');
  }
  const set = args.get('set') ?? null;
  if (set !== null && !repository.sets.some((known) => known.spec === set)) {
    throw new OaiError('noRecordsMatch', `No record is in the set "${set}".`);
  }
  // The harvest's until is fixed here, at the latest at this second: see ./resumptionToken.
  const thisSecond = datestampOf(now.toISOString());
  return {
    metadataPrefix,
    from: from?.stamp ?? null,
    until: until === null || until.stamp > thisSecond ? thisSecond : until.stamp,
    set,
    after: null,
    cursor: 0,
  };
}

/** The index of the first item after `key` in the repository's order (a binary search). */
function indexAfter(items: readonly OaiItem[], key: ListKey): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyBefore(key, items[middle] as OaiItem)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A page of a list, its resumption token and how long the list is now (null: not said). */
interface ListPage {
  items: readonly OaiItem[];
  /** null: the whole list fitted on its first page; `''`: the last page of a resumed list. */
  token: string | null;
  complete: number | null;
}

/**
 * The page after `position.after`. A deleted record is in every set's list: it says nothing of
 * which set the item was in, and a harvester of one set must still learn that the item is gone.
 */
function listPage(position: ListPosition, repository: OaiRepository, now: Date): ListPage {
  const { from, until, set, after, cursor } = position;
  const listed = (item: OaiItem) =>
    (from === null || item.datestamp >= from) &&
    reported(item, now) &&
    (set === null || item.deleted || item.setSpecs.includes(set));
  const { items } = repository;
  const start = after === null ? 0 : indexAfter(items, after);
  const page: OaiItem[] = [];
  let rest = 0;
  for (let k = start; k < items.length; k++) {
    const item = items[k] as OaiItem;
    if (item.datestamp > until) break;
    if (!listed(item)) continue;
    if (page.length < OAI_PAGE_SIZE) page.push(item);
    else rest++;
  }
  if (page.length === 0 && after !== null) {
    // Everything the last token promised changed since (each is for the next harvest): the list
    // ends here. A page may not be empty, so it says again the last record answered that is
    // still as it was, which a harvester already holds.
    for (let k = start - 1; k >= 0; k--) {
      const item = items[k] as OaiItem;
      if (item.datestamp <= until && listed(item))
        return { items: [item], token: '', complete: null };
    }
  }
  if (page.length === 0) throw new OaiError('noRecordsMatch', 'No record matches these arguments.');
  const last = page[page.length - 1] as OaiItem;
  const token =
    rest > 0
      ? tokenOf({
          ...position,
          after: { datestamp: last.datestamp, id: last.id },
          cursor: cursor + page.length,
        })
      : after !== null
        ? ''
        : null;
  return { items: page, token, complete: cursor + page.length + rest };
}

function resumption(page: ListPage, cursor: number): string {
  if (page.token === null) return '';
  const size = page.complete === null ? '' : ` completeListSize="${page.complete}"`;
  return `<resumptionToken${size} cursor="${cursor}">${xmlText(page.token)}</resumptionToken>`;
}

function answerVerb(
  verb: string,
  args: ReadonlyMap<string, string>,
  repository: OaiRepository,
  now: Date,
): string {
  const repositoryId = repositoryIdOf(repository.siteUrl);
  switch (verb) {
    case 'Identify': {
      let earliest: string | null = null;
      let sample: string | null = null;
      for (const item of repository.items) {
        if (!reported(item, now)) continue;
        if (earliest === null || item.datestamp < earliest) earliest = item.datestamp;
        if (sample === null && !item.deleted && 'node' in item) sample = item.id;
      }
      const description = `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">${element('scheme', 'oai')}${element('repositoryIdentifier', repositoryId)}${element('delimiter', ':')}${element('sampleIdentifier', `oai:${repositoryId}:${sample ?? 'clayton-first-responders'}`)}</oai-identifier></description>`;
      return `<Identify>${element('repositoryName', `${SITE_NAME}: community media of the St. Louis tornado of 16 May 2025`)}${element('baseURL', repository.baseUrl)}${element('protocolVersion', '2.0')}${element('adminEmail', repository.adminEmail)}${element('earliestDatestamp', earliest ?? '2025-05-16T00:00:00Z')}${element('deletedRecord', 'transient')}${element('granularity', 'YYYY-MM-DDThh:mm:ssZ')}${description}</Identify>`;
    }
    case 'ListMetadataFormats': {
      const identifier = args.get('identifier');
      if (
        identifier !== undefined &&
        itemOf(identifier, repository, repositoryId, now) === undefined
      ) {
        throw new OaiError('idDoesNotExist', `No item has the identifier "${identifier}".`);
      }
      return `<ListMetadataFormats><metadataFormat>${element('metadataPrefix', 'oai_dc')}${element('schema', 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd')}${element('metadataNamespace', OAI_DC_NS)}</metadataFormat></ListMetadataFormats>`;
    }
    case 'ListSets': {
      if (args.has('resumptionToken')) {
        throw new OaiError(
          'badResumptionToken',
          'The list of sets is answered whole: it has no resumption token.',
        );
      }
      if (repository.sets.length === 0)
        throw new OaiError('noSetHierarchy', 'This repository has no sets yet.');
      return `<ListSets>${repository.sets.map((set) => `<set>${element('setSpec', set.spec)}${element('setName', set.name)}</set>`).join('')}</ListSets>`;
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const token = args.get('resumptionToken');
      let position: ListPosition;
      if (token === undefined) {
        position = firstPosition(args, repository, now);
      } else {
        const read = positionOfToken(token, {
          pageSize: OAI_PAGE_SIZE,
          now,
          setSpec: SET_SPEC_PATTERN,
        });
        if (read === null) {
          throw new OaiError(
            'badResumptionToken',
            'The resumption token is not one this repository issued, or is damaged; start the list again.',
          );
        }
        position = read;
      }
      const page = listPage(position, repository, now);
      const body = page.items
        .map((item) =>
          verb === 'ListRecords'
            ? record(item, repository, repositoryId)
            : header(item, repositoryId),
        )
        .join('');
      return `<${verb}>${body}${resumption(page, position.cursor)}</${verb}>`;
    }
    case 'GetRecord': {
      checkPrefix(args.get('metadataPrefix') ?? '');
      const identifier = args.get('identifier') ?? '';
      const item = itemOf(identifier, repository, repositoryId, now);
      if (!item)
        throw new OaiError('idDoesNotExist', `No item has the identifier "${identifier}".`);
      return `<GetRecord>${record(item, repository, repositoryId)}</GetRecord>`;
    }
    default:
      throw new OaiError('badVerb', 'Unknown verb.');
  }
}

/**
 * The answer to one request: `args` are its arguments as sent (`verb` among them), in order.
 *
 * @returns the XML document, always (errors are answers of the protocol, with status 200).
 */
export function answerOai(args: OaiArguments, repository: OaiRepository, now: Date): string {
  const verbs = args.filter(([name]) => name === 'verb').map(([, value]) => value);
  let request = `<request>${xmlText(repository.baseUrl)}</request>`;
  let body: string;
  try {
    if (verbs.length !== 1) {
      throw new OaiError(
        'badVerb',
        verbs.length === 0 ? 'The request names no verb.' : 'The verb is given more than once.',
      );
    }
    const verb = verbs[0] as string;
    const checked = checkArguments(verb, args);
    // Only a request that is correct in verb and arguments is echoed with them.
    const attributes = [['verb', verb] as const, ...checked]
      .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
      .join('');
    request = `<request${attributes}>${xmlText(repository.baseUrl)}</request>`;
    body = answerVerb(verb, checked, repository, now);
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    if (error.code === 'badVerb' || error.code === 'badArgument') {
      request = `<request>${xmlText(repository.baseUrl)}</request>`;
    }
    body = `<error code="${error.code}">${xmlText(error.message)}</error>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${datestampOf(now.toISOString())}</responseDate>${request}${body}</OAI-PMH>\n`;
}
