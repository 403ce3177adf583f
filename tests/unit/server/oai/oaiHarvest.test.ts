/**
 * An independent harvester against the real local server (issue 45): npm's `oai-pmh` client
 * harvests 345 items with categories named in several scripts (four pages) over a real HTTP
 * listener on loopback, while an editor edits and hides items through the API between its pages.
 * It must get every record once, every unchanged one in the harvest itself and what changed in
 * the next incremental harvest (`from` = the first page's responseDate), and every answer it was
 * sent must validate against the official OAI-PMH 2.0 and oai_dc schemas.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OaiPmh } from 'oai-pmh/src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../../server/node/http';
import { SET_SPEC_PATTERN } from '../../../../server/oai/setSpec';
import { accessToken, startTrustingServer, type TestKeys } from '../support/communityHarness';
import { CATEGORY_NAMES, multilingualArchive, schemaErrors } from '../support/oaiHarness';

const ARCHIVE = multilingualArchive(345);
const temp = mkdtempSync(join(tmpdir(), 'globe-oai-harvest-'));
writeFileSync(join(temp, 'archive.json'), JSON.stringify({ nodes: ARCHIVE }));

let app: RunningServer;
let keys: TestKeys;
let server: Awaited<ReturnType<typeof startTrustingServer>> | undefined;

beforeAll(async () => {
  server = await startTrustingServer(temp);
  ({ app, keys } = server);
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The harvester, keeping every answer's body as it came off the socket. */
class RecordingHarvester extends OaiPmh {
  readonly bodies: string[] = [];
  override async request(options: { url: string; qs: Record<string, unknown> }) {
    const response = await super.request(options);
    this.bodies.push(response.body);
    return response;
  }
}

/** An editor's call to the API. */
async function asEditor(method: string, path: string, body?: unknown, version?: number) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${await accessToken(keys)}`,
    'Content-Type': 'application/json',
  };
  if (version !== undefined) headers['If-Match'] = `"${version}"`;
  const response = await fetch(`${app.url}/api${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as { node: Record<string, unknown>; version: number; id?: number };
}

async function retitle(id: string, title: string): Promise<void> {
  const { node, version } = await asEditor('GET', `/nodes/${id}`);
  await asEditor('PUT', `/nodes/${id}`, { ...node, title }, version);
}

/** Hidden as an editor hides an item for a removal request: the public asks, an editor decides. */
async function hideOnRequest(id: string): Promise<void> {
  const asked = await fetch(`${app.url}/api/removal-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      node_id: id,
      reason: 'me-or-family',
      message: 'That is my family.',
      email: '',
    }),
  });
  expect(asked.status).toBe(201);
  const { id: request } = (await asked.json()) as { id: number };
  await asEditor('POST', `/removal-requests/${request}/hide`, {});
}

/** Waits until the clock is past the second of `datestamp`, so what changes next is newer. */
async function pastSecondOf(datestamp: string): Promise<void> {
  while (Date.now() < Date.parse(datestamp) + 1000) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Harvested {
  id: string;
  deleted: boolean;
  title: string | null;
  sets: string[];
}

function harvested(record: Record<string, unknown>): Harvested {
  const header = record.header as {
    identifier: string;
    $?: { status?: string };
    setSpec?: string | string[];
  };
  const dc = (record.metadata as Record<string, Record<string, unknown>> | undefined)?.[
    'oai_dc:dc'
  ];
  const title = dc?.['dc:title'];
  return {
    id: header.identifier.replace(/^oai:[^:]+:/, ''),
    deleted: header.$?.status === 'deleted',
    title: typeof title === 'string' ? title : null,
    sets: header.setSpec === undefined ? [] : [header.setSpec].flat(),
  };
}

describe('a harvest by npm’s oai-pmh client over HTTP, with edits between its pages', () => {
  it('gets every record once, and every answer it was sent validates', async () => {
    const harvester = new RecordingHarvester(`${app.url}/api/oai`, { retry: false });
    const identity = await harvester.identify();
    const sets: Record<string, unknown>[] = [];
    for await (const set of harvester.listSets()) sets.push(set);

    // The harvest begins a second after the archive was loaded: the next harvest's `from` (its
    // first page's second, inclusive) then holds only what changed during this one.
    await pastSecondOf(new Date().toISOString());
    const changed = ['gen-00005', 'gen-00150', 'gen-00160', 'gen-00250'];
    const records: Harvested[] = [];
    for await (const record of harvester.listRecords({ metadataPrefix: 'oai_dc' })) {
      records.push(harvested(record));
      // The client asks for the next page only when this one is read: the edits fall between.
      if (records.length === 100) {
        const firstPage = harvester.bodies.at(-1) ?? '';
        await pastSecondOf(/<responseDate>([^<]+)</.exec(firstPage)?.[1] ?? '');
        await retitle('gen-00005', 'Edited after its page');
        await retitle('gen-00150', 'Edited before its page');
        await hideOnRequest('gen-00160');
      }
      if (records.length === 200) {
        await retitle('gen-00250', 'Edited once');
        await retitle('gen-00250', 'Edited twice');
      }
    }
    const listRequests = harvester.bodies.filter((body) => body.includes('<ListRecords>'));
    expect(listRequests).toHaveLength(4);
    const responseDate = /<responseDate>([^<]+)</.exec(listRequests[0] ?? '')?.[1] ?? '';

    const ids = ARCHIVE.map((node) => node.video_id as string);
    const times = (id: string) => records.filter((record) => record.id === id).length;
    // Every unchanged record exactly once; nothing twice.
    expect(ids.filter((id) => !changed.includes(id) && times(id) !== 1)).toEqual([]);
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
    expect(records.find((record) => record.id === 'gen-00005')?.title).toBe('Generated gallery 6');
    // Non-ASCII categories are among the sets the records name.
    expect(new Set(records.flatMap((record) => record.sets))).toContain('cafe.quhx3rbz');

    // The next incremental harvest brings what changed since the first page, as it is now.
    const next: Harvested[] = [];
    for await (const record of harvester.listRecords({
      metadataPrefix: 'oai_dc',
      from: responseDate,
    })) {
      next.push(harvested(record));
    }
    expect(
      Object.fromEntries(
        next.map((record) => [record.id, record.deleted ? 'deleted' : record.title]),
      ),
    ).toEqual({
      'gen-00005': 'Edited after its page',
      'gen-00150': 'Edited before its page',
      'gen-00160': 'deleted',
      'gen-00250': 'Edited twice',
    });
    // A hidden item's record says nothing of its sets.
    expect(next.find((record) => record.id === 'gen-00160')?.sets).toEqual([]);
    // Between them, the two harvests missed nothing.
    const known = new Set([...records, ...next].map((record) => record.id));
    expect(ids.filter((id) => !known.has(id))).toEqual([]);

    expect(await schemaErrors(harvester.bodies)).toEqual([]);
    expect(identity.deletedRecord).toBe('transient');
    expect(sets.map((set) => set.setName).sort()).toEqual([...CATEGORY_NAMES].sort());
    for (const set of sets) expect(set.setSpec).toMatch(SET_SPEC_PATTERN);
  }, 60_000);
});
