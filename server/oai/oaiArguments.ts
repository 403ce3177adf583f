/**
 * What an OAI-PMH request asks, checked before anything is looked up (issue 45): the verb's
 * arguments, one of each, none unknown, the required ones there, and each of the syntax the
 * protocol's schema gives it. Only a request that passes is echoed in the answer's `<request>`,
 * whose attributes the schema types, so no answer, an error's included, can fail the schema for
 * what a client sent.
 */
import { isDatestamp } from './resumptionToken';
import { SET_SPEC_PATTERN } from './setSpec';

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

export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A `from` or `until` argument: its datestamp and granularity, or a badArgument. */
export function readDate(
  value: string,
  name: string,
  end: boolean,
): { stamp: string; day: boolean } {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // A day's `until` takes in the whole day.
  const stamp = day ? `${value}T${end ? '23:59:59' : '00:00:00'}Z` : value;
  if (!isDatestamp(stamp)) {
    throw new OaiError(
      'badArgument',
      `${name} must be a date (YYYY-MM-DD) or a time in UTC (YYYY-MM-DDThh:mm:ssZ); "${value}" is neither.`,
    );
  }
  return { stamp, day };
}

/** The schema's metadataPrefixType. */
const METADATA_PREFIX = /^[A-Za-z0-9\-_.!~*'()]+$/;

/**
 * A URI reference of RFC 3986's characters (the schema's identifierType is an `anyURI`): a scheme
 * and what follows it, or a relative reference whose first segment has no colon.
 */
const URI_REFERENCE =
  /^(?:[A-Za-z][A-Za-z0-9+.-]*:|(?![^/?]*:))(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})+$/;

/**
 * Each argument's syntax, checked before anything is looked up: a value of an illegal syntax is a
 * badArgument (OAI-PMH 2.0 §3.6), and only a request whose arguments are all well formed is echoed
 * in `<request>`, whose attributes the schema types (so an echoed `set="café"` would not validate).
 */
const SYNTAX: Readonly<Record<string, (value: string) => void>> = {
  metadataPrefix(value) {
    if (!METADATA_PREFIX.test(value)) {
      throw new OaiError('badArgument', `"${value}" is not a metadata prefix (oai_dc is one).`);
    }
  },
  set(value) {
    if (!SET_SPEC_PATTERN.test(value)) {
      throw new OaiError(
        'badArgument',
        `"${value}" is not a setSpec: ListSets gives this repository's, in letters, digits and - _ . ! ~ * ' ( ).`,
      );
    }
  },
  identifier(value) {
    if (!URI_REFERENCE.test(value)) {
      throw new OaiError('badArgument', `"${value}" is not an identifier (a URI).`);
    }
  },
  from: (value) => void readDate(value, 'from', false),
  until: (value) => void readDate(value, 'until', true),
};

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

/**
 * The arguments a verb takes, checked: one of each, none unknown, the required ones there, each
 * of its syntax.
 */
export function checkArguments(verb: string, args: OaiArguments): Map<string, string> {
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
  for (const [name, value] of map) SYNTAX[name]?.(value);
  return map;
}
