import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredStory } from '@/lib/storyModel';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { readOnlyView } from '../../../../server/storage/nodeStore';
import { callApp } from '../support/appRequest';
import {
  accessToken,
  APP,
  makeKeys,
  poolVerifier,
  type TestKeys,
} from '../support/communityHarness';

let keys: TestKeys;

beforeAll(async () => {
  keys = await makeKeys();
});

const NODES = [
  { video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 },
  { video_id: 'ville', title: 'The Ville', lat: 38.66, lng: -90.22 },
];

const DRAFT = {
  story_id: 'the-walk',
  title: 'The walk',
  intro: 'From Clayton to the Ville.',
  stops: [
    { heading: 'Clayton', narration: 'It **starts** here.', item: 'clayton' },
    { heading: 'Over the city', view: { lat: 38.63, lng: -90.25, distance: 20 } },
    { heading: 'The Ville', item: 'ville', show: 'point', from: '2025-05-16' },
  ],
};

function setup({ readOnly = false } = {}) {
  const memory = createMemoryStore(NODES);
  const store = readOnly ? readOnlyView(memory, 'This archive is read-only.') : memory;
  const handler = createNodesHandler({
    openStore: () => Promise.resolve(store),
    appOrigins: [APP],
    log: () => undefined,
    verifyEditor: poolVerifier(keys.jwk),
  });
  return async function call(
    method: string,
    path: string,
    {
      token,
      body,
      headers = {},
    }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await callApp(handler.app, {
      method,
      path,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      ...response,
      json: response.text === '' ? null : JSON.parse(response.text),
    };
  };
}

const editor = () => accessToken(keys);

describe('/stories for visitors', () => {
  it('lists published stories only, with an ETag that a change moves', async () => {
    const call = setup();
    const token = await editor();
    const empty = await call('GET', '/stories');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ stories: [] });
    const etag = empty.headers.get('etag') ?? '';
    expect((await call('GET', '/stories', { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    );
    expect((await call('POST', '/stories', { token, body: DRAFT })).status).toBe(201);
    const withDraft = await call('GET', '/stories', { headers: { 'If-None-Match': etag } });
    // A draft moved the revision but is not shown.
    expect(withDraft.status).toBe(200);
    expect(withDraft.json).toEqual({ stories: [] });
    const published = await call('PUT', '/stories/the-walk', {
      token,
      body: { ...DRAFT, state: 'published' },
      headers: { 'If-Match': '"1"' },
    });
    expect(published.status).toBe(200);
    const listed = await call('GET', '/stories');
    expect(listed.json.stories).toHaveLength(1);
    expect(listed.json.stories[0]).toMatchObject({
      story_id: 'the-walk',
      state: 'published',
      stops: [{ show: 'open' }, { item: null, show: null }, { show: 'point', to: null }],
      changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
  });

  it('answers drafts, the journal and one story to editors only', async () => {
    const call = setup();
    for (const path of ['/stories/all', '/stories/journal', '/stories/the-walk']) {
      expect((await call('GET', path)).status, path).toBe(401);
    }
    const viewer = await accessToken(keys, { 'cognito:groups': ['viewers'] });
    const refused = await call('POST', '/stories', { token: viewer, body: DRAFT });
    expect(refused.status).toBe(403);
    expect((await call('GET', '/stories/all', { token: await editor() })).json).toEqual({
      stories: [],
    });
  });
});

describe('an editor writing stories', () => {
  it('creates, reads with a version, edits against it, deletes and restores', async () => {
    const call = setup();
    const token = await editor();
    const created = await call('POST', '/stories', { token, body: DRAFT });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.json).toMatchObject({ version: 1, deleted: false, story: { state: 'draft' } });
    const read = await call('GET', '/stories/the-walk', { token });
    expect((read.json as StoredStory).story.stops[0]).toEqual({
      heading: 'Clayton',
      narration: 'It **starts** here.',
      item: 'clayton',
      show: 'open',
      view: null,
      from: null,
      to: null,
      category: null,
      type: null,
    });
    const edited = await call('PUT', '/stories/the-walk', {
      token,
      body: { ...DRAFT, title: 'The long walk' },
      headers: { 'If-Match': '"1"' },
    });
    expect(edited.json).toMatchObject({ version: 2, story: { title: 'The long walk' } });
    const stale = await call('PUT', '/stories/the-walk', {
      token,
      body: DRAFT,
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ version: 2, story: { title: 'The long walk' } });
    const deleted = await call('DELETE', '/stories/the-walk', {
      token,
      headers: { 'If-Match': '2' },
    });
    expect(deleted.json).toMatchObject({ version: 3, deleted: true });
    const restored = await call('POST', '/stories/the-walk/restore', { token });
    expect(restored.json).toMatchObject({ version: 4, deleted: false });
    const journal = await call('GET', '/stories/journal', { token });
    expect(journal.json.entries.map((e: { action: string }) => e.action)).toEqual([
      'restore',
      'delete',
      'update',
      'create',
    ]);
    expect(journal.json.entries[0]).toMatchObject({ storyId: 'the-walk', who: 'alice' });
  });

  it('refuses bad stories in the fields’ words, and edits without a version', async () => {
    const call = setup();
    const token = await editor();
    const bad = await call('POST', '/stories', {
      token,
      body: { ...DRAFT, stops: [{ heading: 'Nowhere' }, { heading: 'Gone', item: 'penrose' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([
      {
        path: 'stops.0.view',
        message: 'Choose an item for this stop, or use a view of the globe.',
      },
    ]);
    const missing = await call('POST', '/stories', {
      token,
      body: { ...DRAFT, stops: [{ heading: 'Gone', item: 'penrose' }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([
      { path: 'stops.0.item', message: 'No item of the archive has the id "penrose".' },
    ]);
    expect((await call('POST', '/stories', { token, body: '{"story_id":' })).status).toBe(400);
    expect((await call('POST', '/stories', { token, body: DRAFT })).status).toBe(201);
    expect((await call('POST', '/stories', { token, body: DRAFT })).status).toBe(409);
    const unversioned = await call('PUT', '/stories/the-walk', { token, body: DRAFT });
    expect(unversioned.status).toBe(428);
    const renamed = await call('PUT', '/stories/the-walk', {
      token,
      body: { ...DRAFT, story_id: 'another' },
      headers: { 'If-Match': '"1"' },
    });
    expect(renamed.json.errors).toEqual([
      { path: 'story_id', message: 'The id of a story cannot be changed.' },
    ]);
    expect((await call('GET', '/stories/nowhere', { token })).status).toBe(404);
    for (const id of ['journal', 'all']) {
      const reserved = await call('POST', '/stories', { token, body: { ...DRAFT, story_id: id } });
      expect(reserved.json.errors, id).toEqual([
        { path: 'story_id', message: 'This id is reserved; choose another.' },
      ]);
    }
  });

  it('takes a story of 50 long stops, and refuses a body over its limit with 413', async () => {
    const call = setup();
    const token = await editor();
    const stop = { heading: 'Clayton', item: 'clayton', narration: 'ž'.repeat(4000) };
    const long = { ...DRAFT, stops: Array.from({ length: 50 }, () => stop) };
    expect((await call('POST', '/stories', { token, body: long })).status).toBe(201);
    const huge = { ...long, story_id: 'huge', padding: 'x'.repeat(600 * 1024) };
    expect((await call('POST', '/stories', { token, body: huge })).status).toBe(413);
  });

  it('is refused with 405 on a read-only archive, which still lists its stories', async () => {
    const call = setup({ readOnly: true });
    const token = await editor();
    const refused = await call('POST', '/stories', { token, body: DRAFT });
    expect(refused.status).toBe(405);
    expect(refused.json).toEqual({ error: 'This archive is read-only.' });
    expect((await call('GET', '/stories')).json).toEqual({ stories: [] });
  });
});
