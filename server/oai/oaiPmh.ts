/**
 * OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html) over the archive's
 * items (issue 32), so that libraries and aggregators can harvest it: the six verbs, Dublin Core
 * (`oai_dc`) records, one set per category, deleted records for hidden items, resumption tokens
 * for long lists, and every error the protocol names. Pure: a request's arguments and the
 * repository in, the XML answer out.
 */
import { SITE_NAME } from '@/lib/constants';
import { LICENSES } from '@/lib/license';
import { slugify } from '@/lib/slug';
import type { NodeInput } from '@/lib/nodeSchema';
import { licenseUrlOf, pageOf } from '@/lib/openData';

/** One item as the repository serves it. */
export interface OaiItem {
  id: string;
  /** When its record last changed, to the second (`2026-11-27T01:02:03Z`). */
  datestamp: string;
  /** Hidden from the public (a deleted or removed item): a deleted record. */
  deleted: boolean;
  /** Its record's content; for a deleted item, what it last held (its sets). */
  node: NodeInput;
}

/** What the repository answers from. */
export interface OaiRepository {
  /** The site's public address (`https://archive.example.org`). */
  siteUrl: string;
  /** The address harvesters ask (`{siteUrl}/api/oai`). */
  baseUrl: string;
  adminEmail: string;
  /** Every item, ordered by datestamp, then id. */
  items: readonly OaiItem[];
  /** The sets: each category's slug and name, by slug. */
  sets: readonly { spec: string; name: string }[];
}

/** Records and identifiers a list answers at once; a resumption token asks for the next. */
export const OAI_PAGE_SIZE = 100;

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const OAI_DC_NS = 'http://www.openarchives.org/OAI/2.0/oai_dc/';

/** The protocol's error codes. */
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Characters XML 1.0 cannot hold at all (controls, lone surrogates, U+FFFE/FFFF): dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data or an attribute value. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const element = (name: string, text: string) => `<${name}>${xmlText(text)}</${name}>`;

/** A datestamp of the repository's granularity (seconds, UTC). */
export function datestampOf(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19)}Z`;
}

/** The item an OAI identifier names, or null when it names none of this repository's. */
function idOfIdentifier(identifier: string, repositoryId: string): string | null {
  const prefix = `oai:${repositoryId}:`;
  return identifier.startsWith(prefix) ? identifier.slice(prefix.length) : null;
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

/** A `from` or `until` argument: its instant and granularity, or a badArgument. */
function readDate(value: string, name: string, end: boolean): { at: number; day: boolean } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const second = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value);
  const at = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (
    (!day && !second) ||
    !Number.isFinite(at) ||
    new Date(at).toISOString().slice(0, 10) !== value.slice(0, 10)
  ) {
    throw new OaiError(
      'badArgument',
      `${name} must be a date (YYYY-MM-DD) or a time in UTC (YYYY-MM-DDThh:mm:ssZ); "${value}" is neither.`,
    );
  }
  // A day's `until` takes in the whole day.
  return { at: day && end ? at + 86_399_000 : at, day };
}

/** What a list asks for: its arguments and where it has got to. */
interface ListQuery {
  metadataPrefix: string;
  from?: string;
  until?: string;
  set?: string;
  /** How many of the list were answered before this page. */
  cursor: number;
}

const TOKEN_PREFIX = 'v1.';

function tokenOf(query: ListQuery): string {
  return TOKEN_PREFIX + Buffer.from(JSON.stringify(query)).toString('base64url');
}

/** A resumption token's query, checked field by field; anything else is a badResumptionToken. */
function queryOfToken(token: string): ListQuery {
  const bad = new OaiError(
    'badResumptionToken',
    'The resumption token is not one this repository issued, or is damaged.',
  );
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 2000) throw bad;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad;
  const { metadataPrefix, from, until, set, cursor, ...rest } = raw as Record<string, unknown>;
  const optionalText = (value: unknown) =>
    value === undefined || (typeof value === 'string' && value.length <= 200);
  if (
    Object.keys(rest).length > 0 ||
    typeof metadataPrefix !== 'string' ||
    !optionalText(from) ||
    !optionalText(until) ||
    !optionalText(set) ||
    typeof cursor !== 'number' ||
    !Number.isSafeInteger(cursor) ||
    cursor < 0 ||
    cursor % OAI_PAGE_SIZE !== 0
  ) {
    throw bad;
  }
  return {
    metadataPrefix,
    cursor,
    ...(from === undefined ? {} : { from: from as string }),
    ...(until === undefined ? {} : { until: until as string }),
    ...(set === undefined ? {} : { set: set as string }),
  };
}

/** The verbs, each with the arguments it takes (`identifier` etc.), required or not. */
const VERBS: Record<
  string,
  { required: readonly string[]; optional: readonly string[]; exclusive?: string }
> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  ListRecords: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

/** The request's arguments, each once: a repeated one is a badArgument (or badVerb for `verb`). */
export type OaiArguments = ReadonlyArray<readonly [string, string]>;

function header(item: OaiItem, repositoryId: string): string {
  const sets = item.node.categories.map((name) => element('setSpec', slugify(name))).join('');
  return `<header${item.deleted ? ' status="deleted"' : ''}>${element('identifier', `oai:${repositoryId}:${item.id}`)}${element('datestamp', item.datestamp)}${sets}</header>`;
}

/** An item's Dublin Core: what it is, who made it, about what, when, where, and on what terms. */
export function dublinCoreOf(node: NodeInput, siteUrl: string): string {
  const fields: string[] = [element('dc:title', node.title)];
  if (node.credit) fields.push(element('dc:creator', node.credit));
  for (const category of node.categories) fields.push(element('dc:subject', category));
  if (node.description) fields.push(element('dc:description', node.description));
  fields.push(element('dc:publisher', SITE_NAME));
  if (node.date) fields.push(element('dc:date', node.date));
  // DCMI Type vocabulary.
  fields.push(element('dc:type', node.type === 'video' ? 'MovingImage' : 'StillImage'));
  fields.push(element('dc:identifier', pageOf(node, siteUrl)));
  if (node.youtube_url) fields.push(element('dc:relation', node.youtube_url));
  // DCMI Point: the place the item shows.
  fields.push(element('dc:coverage', `east=${node.lng}; north=${node.lat}; projection=WGS84`));
  fields.push(
    element(
      'dc:rights',
      node.license === null
        ? 'Rights not stated: ask the archive before reusing it.'
        : `${LICENSES[node.license].name}: ${licenseUrlOf(node, siteUrl) ?? ''}`,
    ),
  );
  return `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NS}" xmlns:dc="http://purl.org/dc/elements/1.1/" xsi:schemaLocation="${OAI_DC_NS} http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${fields.join('')}</oai_dc:dc>`;
}

function record(item: OaiItem, repository: OaiRepository, repositoryId: string): string {
  const metadata = item.deleted
    ? ''
    : `<metadata>${dublinCoreOf(item.node, repository.siteUrl)}</metadata>`;
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

/** The page of a list, and its resumption token (`''` on the last page of a resumed list). */
function listPage(
  query: ListQuery,
  repository: OaiRepository,
): { items: readonly OaiItem[]; token: string | null; complete: number } {
  checkPrefix(query.metadataPrefix);
  const from = query.from === undefined ? null : readDate(query.from, 'from', false);
  const until = query.until === undefined ? null : readDate(query.until, 'until', true);
  if (from && until && from.day !== until.day) {
    throw new OaiError(
      'badArgument',
      'from and until must have the same granularity (both days, or both times).',
    );
  }
  if (from && until && from.at > until.at) {
    throw new OaiError('badArgument', 'from must not be later than until.');
  }
  if (query.set !== undefined && !repository.sets.some((set) => set.spec === query.set)) {
    throw new OaiError('noRecordsMatch', `No record is in the set "${query.set}".`);
  }
  const matching = repository.items.filter((item) => {
    const at = Date.parse(item.datestamp);
    if (from && at < from.at) return false;
    if (until && at > until.at) return false;
    if (
      query.set !== undefined &&
      !item.node.categories.some((name) => slugify(name) === query.set)
    )
      return false;
    return true;
  });
  if (matching.length === 0)
    throw new OaiError('noRecordsMatch', 'No record matches these arguments.');
  if (query.cursor >= matching.length) {
    throw new OaiError(
      'badResumptionToken',
      'The resumption token points past the end of the list (it changed); start again.',
    );
  }
  const items = matching.slice(query.cursor, query.cursor + OAI_PAGE_SIZE);
  const more = query.cursor + items.length < matching.length;
  const resumed = query.cursor > 0;
  return {
    items,
    token: more ? tokenOf({ ...query, cursor: query.cursor + OAI_PAGE_SIZE }) : resumed ? '' : null,
    complete: matching.length,
  };
}

function resumption(token: string | null, complete: number, cursor: number): string {
  if (token === null) return '';
  return `<resumptionToken completeListSize="${complete}" cursor="${cursor}">${xmlText(token)}</resumptionToken>`;
}

function answerVerb(
  verb: string,
  args: ReadonlyMap<string, string>,
  repository: OaiRepository,
): string {
  const repositoryId = repositoryIdOf(repository.siteUrl);
  switch (verb) {
    case 'Identify': {
      const earliest = repository.items.reduce<string | null>(
        (min, item) => (min === null || item.datestamp < min ? item.datestamp : min),
        null,
      );
      const description = `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd">${element('scheme', 'oai')}${element('repositoryIdentifier', repositoryId)}${element('delimiter', ':')}${element('sampleIdentifier', `oai:${repositoryId}:${repository.items[0]?.id ?? 'clayton-first-responders'}`)}</oai-identifier></description>`;
      return `<Identify>${element('repositoryName', `${SITE_NAME}: community media of the St. Louis tornado of 16 May 2025`)}${element('baseURL', repository.baseUrl)}${element('protocolVersion', '2.0')}${element('adminEmail', repository.adminEmail)}${element('earliestDatestamp', earliest ?? '2025-05-16T00:00:00Z')}${element('deletedRecord', 'persistent')}${element('granularity', 'YYYY-MM-DDThh:mm:ssZ')}${description}</Identify>`;
    }
    case 'ListMetadataFormats': {
      const identifier = args.get('identifier');
      if (identifier !== undefined) {
        const id = idOfIdentifier(identifier, repositoryId);
        if (id === null || !repository.items.some((item) => item.id === id)) {
          throw new OaiError('idDoesNotExist', `No item has the identifier "${identifier}".`);
        }
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
      const query: ListQuery =
        token !== undefined
          ? queryOfToken(token)
          : {
              metadataPrefix: args.get('metadataPrefix') ?? '',
              cursor: 0,
              ...(args.has('from') ? { from: args.get('from') as string } : {}),
              ...(args.has('until') ? { until: args.get('until') as string } : {}),
              ...(args.has('set') ? { set: args.get('set') as string } : {}),
            };
      const page = listPage(query, repository);
      const body = page.items
        .map((item) =>
          verb === 'ListRecords'
            ? record(item, repository, repositoryId)
            : header(item, repositoryId),
        )
        .join('');
      return `<${verb}>${body}${resumption(page.token, page.complete, query.cursor)}</${verb}>`;
    }
    case 'GetRecord': {
      checkPrefix(args.get('metadataPrefix') ?? '');
      const identifier = args.get('identifier') ?? '';
      const id = idOfIdentifier(identifier, repositoryId);
      const item =
        id === null ? undefined : repository.items.find((candidate) => candidate.id === id);
      if (!item)
        throw new OaiError('idDoesNotExist', `No item has the identifier "${identifier}".`);
      return `<GetRecord>${record(item, repository, repositoryId)}</GetRecord>`;
    }
    default:
      throw new OaiError('badVerb', 'Unknown verb.');
  }
}

/** The arguments a verb takes, checked: one of each, none unknown, the required ones there. */
function checkArguments(verb: string, args: OaiArguments): Map<string, string> {
  const spec = VERBS[verb];
  if (!spec) throw new OaiError('badVerb', `"${verb}" is not a verb of OAI-PMH 2.0.`);
  const map = new Map<string, string>();
  for (const [name, value] of args) {
    if (name === 'verb') continue;
    if (map.has(name)) throw new OaiError('badArgument', `${name} is given more than once.`);
    map.set(name, value);
  }
  const allowed = new Set([
    ...spec.required,
    ...spec.optional,
    ...(spec.exclusive ? [spec.exclusive] : []),
  ]);
  for (const name of map.keys()) {
    if (!allowed.has(name))
      throw new OaiError('badArgument', `${verb} takes no argument "${name}".`);
  }
  if (spec.exclusive && map.has(spec.exclusive)) {
    if (map.size > 1)
      throw new OaiError(
        'badArgument',
        `${spec.exclusive} must be the only argument besides the verb.`,
      );
    return map;
  }
  for (const name of spec.required) {
    if (!map.has(name)) throw new OaiError('badArgument', `${verb} needs the argument ${name}.`);
  }
  return map;
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
    body = answerVerb(verb, checked, repository);
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    if (error.code === 'badVerb' || error.code === 'badArgument') {
      request = `<request>${xmlText(repository.baseUrl)}</request>`;
    }
    body = `<error code="${error.code}">${xmlText(error.message)}</error>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="${OAI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${datestampOf(now.toISOString())}</responseDate>${request}${body}</OAI-PMH>\n`;
}
