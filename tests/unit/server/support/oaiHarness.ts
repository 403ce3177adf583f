/**
 * What the OAI-PMH tests share: the service over a store in memory, every answer kept to be
 * validated against the official OAI-PMH 2.0 and oai_dc schemas (offline copies in
 * tests/fixtures/xsd, checked with xmllint compiled to WebAssembly), and archives whose
 * categories are named in several languages.
 */
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { validateXML } from 'xmllint-wasm';
import { createNodesHandler } from '../../../../server/nodesHandler';
import type { ArchiveSeed } from '../../../../server/storage/archiveFile';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import type { NodeStore } from '../../../../server/storage/nodeStore';
import { generateArchive } from '../../../fixtures/generateArchive';
import { callApp } from './appRequest';

export const SITE = 'https://archive.example.org';
export const ID_PREFIX = 'oai:archive.example.org:';

const XSD_DIR = new URL('../../../fixtures/xsd/', import.meta.url);
const xsd = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, XSD_DIR), 'utf8'),
});
const SCHEMA = xsd('oai-pmh-bundle.xsd');
const PRELOAD = [
  'OAI-PMH.xsd',
  'oai_dc.xsd',
  'oai-identifier.xsd',
  'simpledc20021212.xsd',
  'xml.xsd',
].map(xsd);

/**
 * Where each of `documents` fails the schemas (`[]`: every one validates). One xmllint run for
 * them all; each error names the document's first 200 characters after its response date.
 */
export async function schemaErrors(documents: readonly string[]): Promise<string[]> {
  if (documents.length === 0) return [];
  const xml = documents.map((contents, i) => ({ fileName: `answer-${i}.xml`, contents }));
  const result = await validateXML({ xml, schema: SCHEMA, preload: PRELOAD });
  const errors = result.errors.map((error) => {
    const index = Number(/answer-(\d+)\.xml/.exec(error.loc?.fileName ?? '')?.[1] ?? -1);
    const start = documents[index]?.indexOf('<request') ?? 0;
    return `${error.message} in: ${documents[index]?.slice(start, start + 200) ?? '?'}`;
  });
  return result.valid ? errors : errors.length > 0 ? errors : ['invalid, no error given'];
}

/**
 * Category names in several scripts: ASCII ones (whose specs harvesters already hold), Spanish
 * and French with accents, `Cafe` beside `Café` (one fold, two categories), German, Japanese.
 */
export const CATEGORY_NAMES = [
  'Storm',
  'Damage',
  'Ayuda en español',
  'Café',
  'Cafe',
  '日本語',
  'Straße',
  'Volunteers',
] as const;

/** `generateArchive(count)` with its categories named as `CATEGORY_NAMES`. */
export function multilingualArchive(count: number): Record<string, unknown>[] {
  const names = CATEGORY_NAMES;
  return generateArchive(count).map((node, i) => ({
    ...node,
    categories: [names[i % names.length], ...(i % 5 === 0 ? [names[(i + 3) % names.length]] : [])],
  }));
}

/** An answer, parsed. */
export interface OaiAnswer {
  status: number;
  xml: string;
  document: Document;
  /** Elements of that local name, in any namespace. */
  all(name: string): Element[];
  /** Their text. */
  text(name: string): string[];
  /** The error's code, or null. */
  code: string | null;
  /** The resumption token's text, or null when there is none. */
  token: string | null;
}

/** Parses an OAI-PMH answer. */
export function parseAnswer(status: number, xml: string): OaiAnswer {
  const document = new JSDOM(status === 200 ? xml : '<none/>', { contentType: 'text/xml' }).window
    .document;
  const all = (name: string) => [...document.getElementsByTagNameNS('*', name)];
  const token = all('resumptionToken')[0];
  return {
    status,
    xml,
    document,
    all,
    text: (name) => all(name).map((element) => element.textContent ?? ''),
    code: document.getElementsByTagName('error')[0]?.getAttribute('code') ?? null,
    token: token ? (token.textContent ?? '') : null,
  };
}

/** Every answer with status 200 that `oaiService` received, to validate (`schemaErrors`). */
export const received: string[] = [];

/**
 * What each answer was: its verb's element, or `error:` and its code (`error:badVerb`), so a test
 * file can check that it validated every verb and every error.
 */
export function answerKinds(documents: readonly string[]): Set<string> {
  const kinds = new Set<string>();
  for (const xml of documents) {
    const error = /<error code="([A-Za-z]+)"/.exec(xml);
    const verb = /<\/request><([A-Za-z]+)[ >]/.exec(xml);
    if (error?.[1]) kinds.add(`error:${error[1]}`);
    else if (verb?.[1]) kinds.add(verb[1]);
  }
  return kinds;
}

/**
 * The service over a store in memory holding `entries` (or an archive with stories); every
 * answer with status 200 is kept.
 */
export function oaiService(
  entries: readonly unknown[] | ArchiveSeed,
  {
    siteUrl = SITE,
    now,
    view,
  }: {
    siteUrl?: string | null;
    now?: () => Date;
    /** What the service reads instead of the store itself (a read-only view of it). */
    view?: (store: ReturnType<typeof createMemoryStore>) => NodeStore;
  } = {},
) {
  const store = createMemoryStore(entries);
  const served = view ? view(store) : store;
  const handler = createNodesHandler({
    openStore: async () => served,
    verifyEditor: async () => ({ username: 'alice', groups: ['editor'] }),
    siteUrl: () => siteUrl,
    adminEmail: 'editors@archive.example.org',
    ...(now ? { now } : {}),
  });
  async function oai(query: string, { method = 'GET' } = {}): Promise<OaiAnswer> {
    const response = await callApp(
      handler.app,
      method === 'GET'
        ? { method, path: '/oai', headers: {}, query }
        : {
            method,
            path: '/oai',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: query,
          },
    );
    if (response.status === 200) received.push(response.text);
    return parseAnswer(response.status, response.text);
  }
  return { store, handler, oai };
}

/** A list request's query for the page after `token`. */
export const resumeQuery = (verb: string, token: string) =>
  `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`;
