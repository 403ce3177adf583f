import { beforeAll, describe, expect, it } from 'vitest';
import { validateSubmission } from '@/lib/submissionSchema';
import { BEFORE_ERROR } from '../../../../server/app/validation';
import type { NodeStore, StoredSubmission } from '../../../../server/storage/nodeStore';
import {
  accessToken,
  APP,
  badTokens,
  makeKeys,
  setup,
  submitOne,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const NODE = {
  video_id: 'page-avenue-cleanup',
  type: 'video',
  title: 'Cleanup on Page Avenue',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  lat: 38.66,
  lng: -90.25,
};

describe('editor routes of /submissions', () => {
  it.each([
    ['GET', '/submissions', undefined],
    ['GET', '/submissions/1', undefined],
    ['POST', '/submissions/1/approve', NODE],
    ['POST', '/submissions/1/reject', { reason: 'No' }],
  ])('%s %s refuses no, bad and non-editor tokens', async (method, path, body) => {
    const { call, store } = setup({ keys });
    await submitOne(call);
    for (const [name, token, status] of badTokens(keys)) {
      const response = await call(method, path, { token: await token(), body });
      expect(response.status, name).toBe(status);
      expect(response.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
    }
    const [pending] = await store.listSubmissions({ limit: 1 });
    expect(pending?.status).toBe('pending');
  });

  it('lists newest first, by status, within a limit', async () => {
    const { call } = setup({ keys });
    const first = await submitOne(call);
    const second = await submitOne(call, { ...VIDEO_SUBMISSION, title: 'Second' });
    const token = await accessToken(keys);
    await call('POST', `/submissions/${first}/reject`, { token });
    const list = async (query: string) => {
      const response = await call('GET', '/submissions', { token, query });
      expect(response.status).toBe(200);
      return (response.json as { submissions: StoredSubmission[] }).submissions.map((s) => s.id);
    };
    expect(await list('')).toEqual([second, first]);
    expect(await list('status=pending')).toEqual([second]);
    expect(await list('status=rejected')).toEqual([first]);
    expect(await list('limit=1')).toEqual([second]);
    for (const query of ['status=spam', 'limit=0', 'limit=501', 'limit=abc']) {
      expect((await call('GET', '/submissions', { token, query })).status, query).toBe(400);
    }
  });

  it('pages with before, within a status, saying where the next page starts', async () => {
    const { call, store } = setup({ keys });
    const valid = validateSubmission(VIDEO_SUBMISSION);
    if (!valid.ok) throw new Error('the harness submission is invalid');
    const ids: string[] = [];
    for (let n = 1; n <= 18; n++) {
      ids.push((await store.addSubmission({ ...valid.submission, title: `Sent ${n}` })).id);
    }
    await store.rejectSubmission(ids[15] ?? '', 'alice', 'Duplicate');
    const token = await accessToken(keys);
    const read = async (query: string) => {
      const response = await call('GET', '/submissions', { token, query });
      expect(response.status, query).toBe(200);
      const { submissions, older } = response.json as {
        submissions: StoredSubmission[];
        older: string | null;
      };
      return { titles: submissions.map((s) => s.submission.title.slice(5)), older };
    };
    const first = await read('limit=5');
    expect(first).toEqual({ titles: ['18', '17', '16', '15', '14'], older: ids[13] });
    expect(await read(`limit=5&before=${first.older}`)).toEqual({
      titles: ['13', '12', '11', '10', '9'],
      older: ids[8],
    });
    const pending = await read('status=pending&limit=5');
    expect(pending).toEqual({ titles: ['18', '17', '15', '14', '13'], older: ids[12] });
    expect(await read(`status=rejected&before=${ids[17]}`)).toEqual({
      titles: ['16'],
      older: null,
    });
    for (const query of ['before=abc', 'status=pending&before=-1', 'before=2.0']) {
      const refused = await call('GET', '/submissions', { token, query });
      expect(refused.status, query).toBe(400);
      expect(refused.json, query).toEqual({ error: BEFORE_ERROR });
    }
  });

  it('approves into a node, once: a second decision is 409', async () => {
    const { call } = setup({ keys });
    const id = await submitOne(call);
    const token = await accessToken(keys);
    const approved = await call('POST', `/submissions/${id}/approve`, { token, body: NODE });
    expect(approved.status).toBe(201);
    expect(approved.json).toMatchObject({
      submission: { id, status: 'approved', decidedBy: 'alice', nodeId: NODE.video_id },
      node: { video_id: NODE.video_id, title: NODE.title },
      version: 1,
    });
    const nodes = (await call('GET', '/nodes')).json as { video_id: string }[];
    expect(nodes.map((n) => n.video_id)).toContain(NODE.video_id);
    for (const path of [`/submissions/${id}/approve`, `/submissions/${id}/reject`]) {
      const again = await call('POST', path, {
        token,
        body: { ...NODE, video_id: 'another-id' },
      });
      expect(again.status, path).toBe(409);
      expect(again.json).toMatchObject({
        error: 'This submission was approved already by alice.',
        submission: { status: 'approved' },
      });
    }
  });

  it('refuses an invalid node (400) or a taken id (409), leaving the submission pending', async () => {
    const { call, store } = setup({ keys });
    const id = await submitOne(call);
    const token = await accessToken(keys);
    const invalid = await call('POST', `/submissions/${id}/approve`, {
      token,
      body: { ...NODE, title: '', lat: 200 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ error: 'Some fields need fixing.' });
    const paths = (invalid.json as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'lat']));
    const taken = await call('POST', `/submissions/${id}/approve`, {
      token,
      body: { ...NODE, video_id: 'clayton' },
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ errors: [{ path: 'video_id' }] });
    expect((await store.getSubmission(id))?.status).toBe('pending');
  });

  it('rejects with a one-line reason of at most 500 characters', async () => {
    const { call } = setup({ keys });
    const token = await accessToken(keys);
    const id = await submitOne(call);
    const tooLong = await call('POST', `/submissions/${id}/reject`, {
      token,
      body: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({
      errors: [{ path: 'reason', message: 'A reason must be at most 500 characters.' }],
    });
    const bad = await call('POST', `/submissions/${id}/reject`, { token, body: { reason: 5 } });
    expect(bad.status).toBe(400);
    const rejected = await call('POST', `/submissions/${id}/reject`, {
      token,
      body: { reason: '  Not about\nthe tornado <b>.  ' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({
      submission: { status: 'rejected', reason: 'Not about the tornado <b>.', decidedBy: 'alice' },
    });
    const other = await submitOne(call);
    const noBody = await call('POST', `/submissions/${other}/reject`, { token });
    expect(noBody.json).toMatchObject({ submission: { status: 'rejected', reason: '' } });
  });

  it('answers 404 for an unknown id', async () => {
    const { call } = setup({ keys });
    const token = await accessToken(keys);
    const expected = { error: 'No submission has the id "nope".' };
    expect((await call('GET', '/submissions/nope', { token })).json).toEqual(expected);
    for (const [path, body] of [
      ['/submissions/nope/approve', NODE],
      ['/submissions/nope/reject', {}],
    ] as const) {
      const response = await call('POST', path, { token, body });
      expect(response.status, path).toBe(404);
      expect(response.json).toEqual(expected);
    }
  });

  it('answers 405 with Allow for other methods, and preflights allow the headers', async () => {
    const { call } = setup({ keys });
    const token = await accessToken(keys);
    const put = await call('PUT', '/submissions/1', { token });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, OPTIONS');
    const preflight = await call('OPTIONS', '/submissions', {
      headers: { Origin: APP, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Authorization, Idempotency-Key',
    );
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('without editors or an inbox', () => {
  it('has no editor routes without a pool to trust, as the node writes', async () => {
    const { call } = setup({ keys, noEditors: true });
    await submitOne(call);
    const list = await call('GET', '/submissions');
    expect(list.status).toBe(405);
    expect(list.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await call('GET', '/submissions/1')).status).toBe(404);
    expect((await call('POST', '/submissions/1/approve', { body: NODE })).status).toBe(404);
  });

  it('answers 405 on a store without an inbox', async () => {
    const readOnly: NodeStore = {
      listNodes: () => Promise.resolve([]),
      revision: () => Promise.resolve('r1'),
      close: () => Promise.resolve(),
    };
    const { call } = setup({ keys, store: readOnly });
    const token = await accessToken(keys);
    for (const [method, path, body] of [
      ['POST', '/submissions', VIDEO_SUBMISSION],
      ['GET', '/submissions', undefined],
      ['POST', '/submissions/1/approve', NODE],
      ['POST', '/messages', { name: 'Sam', email: 'sam@example.org', message: 'Hi' }],
      ['GET', '/messages', undefined],
    ] as const) {
      const response = await call(method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.json).toEqual({ error: 'This archive does not take submissions.' });
    }
  });

  it('answers 503 with Retry-After when the store cannot open', async () => {
    const { call } = setup({ keys, openStore: () => Promise.reject(new Error('disk on fire')) });
    const response = await call('POST', '/submissions', { body: VIDEO_SUBMISSION });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });
});
