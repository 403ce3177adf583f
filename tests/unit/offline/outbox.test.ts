/**
 * The outbox (issue 50) against a stand-in service that keeps what it is sent, answers a key it
 * has seen with its first answer, and can lose an answer or be unreachable.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  agreeAgain,
  CAPTURE_PLACEHOLDER_PREFIX,
  keepInOutbox,
  listOutbox,
  PHOTO_PLACEHOLDER_PREFIX,
  removeFromOutbox,
  sendOutbox,
  subscribeOutbox,
} from '@/offline/outbox';

/** A service that keeps entries once per key, as the real one does (server/app/idempotency.ts). */
function standInService() {
  const kept = new Map<string, unknown>();
  const uploads: string[] = [];
  let down = false;
  let loseNextAnswer = false;
  const fetchImpl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    if (down) throw new TypeError('Failed to fetch');
    const path = String(url);
    if (path.includes('/captures?name=')) {
      uploads.push(await (init.body as Blob).text());
      const name = new URL(path, 'http://archive.test').searchParams.get('name');
      return Response.json(
        { capture: { url: `/uploads/captures/${name}`, format: 'glb' }, count: 3, bytes: 10 },
        { status: 201 },
      );
    }
    if (path.endsWith('/uploads')) {
      uploads.push(await (init.body as Blob).text());
      const id = uploads.length;
      return Response.json(
        { image: { thumbUrl: `/uploads/p${id}-thumb.webp`, fullUrl: `/uploads/p${id}.webp` } },
        { status: 201 },
      );
    }
    const key = new Headers(init.headers).get('Idempotency-Key') ?? '';
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    if (body.message === 'refuse me')
      return Response.json({ error: 'Some fields need fixing.' }, { status: 400 });
    if (!kept.has(key)) kept.set(key, { path, body, id: String(kept.size + 1) });
    const { id } = kept.get(key) as { id: string };
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new TypeError('network connection lost');
    }
    return Response.json({ id }, { status: 201 });
  });
  return {
    fetchImpl,
    kept,
    uploads,
    goDown: (value: boolean) => (down = value),
    loseNextAnswer: () => (loseNextAnswer = true),
  };
}

/** `fetchImpl` with the network gone at its second call only. */
function lostAtSecondCall(fetchImpl: typeof fetch): typeof fetch {
  let calls = 0;
  return async (url, init) => {
    calls++;
    if (calls === 2) throw new TypeError('Failed to fetch');
    return fetchImpl(url, init);
  };
}

const TERMS = '2026-11-26';

beforeEach(async () => {
  for (const entry of await listOutbox()) await removeFromOutbox(entry.id);
});

describe('the outbox', () => {
  it('keeps a message while offline and sends it once when the network is back', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    await keepInOutbox({
      id: 'message-key-000000000001',
      kind: 'message',
      body: { name: 'Sam', email: 'sam@example.org', message: 'Hello' },
      summary: 'Hello',
    });
    service.goDown(true);
    expect(await sendOutbox(sending)).toBe(0);
    const [waiting] = await listOutbox();
    expect(waiting).toMatchObject({ state: 'waiting', tries: 1, problem: 'Failed to fetch' });
    service.goDown(false);
    expect(await sendOutbox(sending)).toBe(1);
    expect(await sendOutbox(sending)).toBe(0);
    expect(service.kept.size).toBe(1);
    const [sent] = await listOutbox();
    expect(sent).toMatchObject({ state: 'sent', reference: '1' });
    const [, init] = service.fetchImpl.mock.calls.at(-1) ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('"message-key-000000000001"');
  });

  it('sends again a request whose answer was lost, and the service keeps it once', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    await keepInOutbox({
      id: 'lost-answer-key-00000001',
      kind: 'removal',
      body: { node_id: 'a', reason: 'other', message: 'Wrong date' },
      summary: 'Request',
    });
    service.loseNextAnswer();
    expect(await sendOutbox(sending)).toBe(0);
    expect(service.kept.size).toBe(1);
    expect(await sendOutbox(sending)).toBe(1);
    expect(service.kept.size).toBe(1);
    expect((await listOutbox())[0]).toMatchObject({ state: 'sent', reference: '1' });
  });

  it('uploads a submission’s photos first, each once, and names them in the submission', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    const one = `${PHOTO_PLACEHOLDER_PREFIX}one`;
    const two = `${PHOTO_PLACEHOLDER_PREFIX}two`;
    await keepInOutbox({
      id: 'photos-key-0000000000001',
      kind: 'submission',
      body: {
        kind: 'photos',
        title: 'Roofs',
        terms_version: TERMS,
        images: [
          { thumbUrl: one, fullUrl: one },
          { thumbUrl: two, fullUrl: two },
        ],
      },
      summary: 'Roofs',
      files: [
        {
          placeholder: one,
          file: new Blob(['first photo'], { type: 'image/jpeg' }),
          name: '1.jpg',
        },
        {
          placeholder: two,
          file: new Blob(['second photo'], { type: 'image/jpeg' }),
          name: '2.jpg',
        },
      ],
    });
    // The network goes after the first photo: the second try does not upload it again.
    expect(await sendOutbox({ ...sending, fetchImpl: lostAtSecondCall(service.fetchImpl) })).toBe(
      0,
    );
    expect(service.uploads).toEqual(['first photo']);
    expect(await sendOutbox(sending)).toBe(1);
    expect(service.uploads).toEqual(['first photo', 'second photo']);
    const [submission] = [...service.kept.values()] as { body: { images: unknown[] } }[];
    expect(submission?.body.images).toEqual([
      { thumbUrl: '/uploads/p1-thumb.webp', fullUrl: '/uploads/p1.webp' },
      { thumbUrl: '/uploads/p2-thumb.webp', fullUrl: '/uploads/p2.webp' },
    ]);
  });

  it('uploads a 3D capture kept offline and its poster, then names both in the submission', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    const poster = `${PHOTO_PLACEHOLDER_PREFIX}poster`;
    const capture = `${CAPTURE_PLACEHOLDER_PREFIX}house`;
    await keepInOutbox({
      id: 'capture-key-000000000001',
      kind: 'submission',
      body: {
        kind: 'photos',
        title: 'The house',
        terms_version: TERMS,
        images: [
          { thumbUrl: '/uploads/sent-thumb.webp', fullUrl: '/uploads/sent.webp' },
          { thumbUrl: poster, fullUrl: poster, capture: { url: capture, format: 'glb' } },
        ],
      },
      summary: 'The house',
      files: [
        { placeholder: capture, file: new Blob(['glTF model']), name: 'house.glb' },
        { placeholder: poster, file: new Blob(['poster'], { type: 'image/webp' }), name: 'p.webp' },
      ],
    });
    // The network goes after the capture: it is not sent again.
    expect(await sendOutbox({ ...sending, fetchImpl: lostAtSecondCall(service.fetchImpl) })).toBe(
      0,
    );
    expect(await sendOutbox(sending)).toBe(1);
    expect(service.uploads).toEqual(['glTF model', 'poster']);
    const [submission] = [...service.kept.values()] as { body: { images: unknown[] } }[];
    expect(submission?.body.images).toEqual([
      { thumbUrl: '/uploads/sent-thumb.webp', fullUrl: '/uploads/sent.webp' },
      {
        thumbUrl: '/uploads/p2-thumb.webp',
        fullUrl: '/uploads/p2.webp',
        capture: { url: '/uploads/captures/house.glb', format: 'glb' },
      },
    ]);
  });

  it('keeps a capture sent online with the poster it kept offline', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    const poster = `${PHOTO_PLACEHOLDER_PREFIX}poster`;
    const capture = { url: '/uploads/captures/sent.glb', format: 'glb' };
    await keepInOutbox({
      id: 'capture-key-000000000002',
      kind: 'submission',
      body: {
        kind: 'photos',
        title: 'T',
        terms_version: TERMS,
        images: [{ thumbUrl: poster, fullUrl: poster, capture }],
      },
      summary: 'T',
      files: [{ placeholder: poster, file: new Blob(['poster']), name: 'p.webp' }],
    });
    expect(await sendOutbox(sending)).toBe(1);
    const [submission] = [...service.kept.values()] as { body: { images: unknown[] } }[];
    expect(submission?.body.images).toEqual([
      { thumbUrl: '/uploads/p1-thumb.webp', fullUrl: '/uploads/p1.webp', capture },
    ]);
  });

  it('refuses a capture upload that answers no capture, and sends no submission', async () => {
    const kept: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      kept.push(String(url));
      return Response.json({ capture: { url: 42 } }, { status: 201 });
    });
    const capture = `${CAPTURE_PLACEHOLDER_PREFIX}bad`;
    await keepInOutbox({
      id: 'capture-key-000000000003',
      kind: 'submission',
      body: {
        kind: 'photos',
        terms_version: TERMS,
        images: [{ thumbUrl: 'x', fullUrl: 'x', capture: { url: capture } }],
      },
      summary: 'T',
      files: [{ placeholder: capture, file: new Blob(['x']), name: 'a b&c.glb' }],
    });
    expect(await sendOutbox({ baseUrl: '/api', termsVersion: TERMS, fetchImpl })).toBe(0);
    expect(kept).toEqual(['/api/captures?name=a%20b%26c.glb']);
    expect((await listOutbox())[0]).toMatchObject({
      state: 'waiting',
      problem: 'The upload answered no 3D capture.',
    });
  });

  it('holds a submission whose terms changed until the visitor agrees again', async () => {
    const service = standInService();
    await keepInOutbox({
      id: 'terms-key-00000000000001',
      kind: 'submission',
      body: { kind: 'video', terms_version: '2025-01-01', terms_language: 'en' },
      summary: 'Old terms',
    });
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    expect(await sendOutbox(sending)).toBe(0);
    expect((await listOutbox())[0]?.state).toBe('termsChanged');
    expect(service.fetchImpl).not.toHaveBeenCalled();
    await agreeAgain('terms-key-00000000000001', TERMS, 'es');
    expect(await sendOutbox(sending)).toBe(1);
    const [sent] = [...service.kept.values()] as { body: Record<string, unknown> }[];
    expect(sent?.body).toMatchObject({ terms_version: TERMS, terms_language: 'es' });
  });

  it('leaves a refused entry for the visitor, and goes on with the rest', async () => {
    const service = standInService();
    const sending = { baseUrl: '/api', termsVersion: TERMS, fetchImpl: service.fetchImpl };
    const heard = vi.fn();
    const unsubscribe = subscribeOutbox(heard);
    await keepInOutbox({
      id: 'refused-key-000000000001',
      kind: 'message',
      body: { message: 'refuse me' },
      summary: 'x',
    });
    await keepInOutbox({
      id: 'accepted-key-00000000001',
      kind: 'message',
      body: { message: 'fine' },
      summary: 'y',
    });
    expect(await sendOutbox(sending)).toBe(1);
    const states = Object.fromEntries((await listOutbox()).map((entry) => [entry.id, entry.state]));
    expect(states).toEqual({
      'refused-key-000000000001': 'refused',
      'accepted-key-00000000001': 'sent',
    });
    expect(heard).toHaveBeenCalled();
    unsubscribe();
  });
});
