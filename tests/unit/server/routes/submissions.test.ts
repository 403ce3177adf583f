import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { CURRENT_TERMS } from '@/lib/terms';
import type { StoredSubmission } from '../../../../server/storage/nodeStore';
import { newUploadKeys } from '../../../../server/uploads/mediaStorage';
import { cameraJpeg, uploaded } from '../support/photoFixtures';
import {
  accessToken,
  APP,
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

const HOSTILE = ['<script>alert(1)</script>', 'javascript:alert(1)'];

describe('POST /submissions (public)', () => {
  it('keeps a valid submission as pending, for editors to read', async () => {
    const { call } = setup({ keys });
    const response = await call('POST', '/submissions', {
      body: VIDEO_SUBMISSION,
      headers: { Origin: APP },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    const { id, status } = response.json as { id: string; status: string };
    expect(status).toBe('pending');
    const read = await call('GET', `/submissions/${id}`, { token: await accessToken(keys) });
    const { submission } = read.json as { submission: StoredSubmission };
    expect(submission).toMatchObject({ id, status: 'pending', decidedBy: null, nodeId: null });
    expect(submission.submission).toMatchObject({
      kind: 'video',
      youtube_id: 'dQw4w9WgXcQ',
      title: VIDEO_SUBMISSION.title,
      place: VIDEO_SUBMISSION.place,
    });
  });

  it('answers 400 with one message per field', async () => {
    const { call, store } = setup({ keys });
    const response = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, youtube_url: 'https://vimeo.com/1', consent: false },
    });
    expect(response.status).toBe(400);
    const { error, errors } = response.json as { error: string; errors: { path: string }[] };
    expect(error).toBe('Some fields need fixing.');
    expect(errors.map((e) => e.path)).toContain('consent');
    // The YouTube check runs once the object is well-formed.
    const again = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, youtube_url: 'https://vimeo.com/1' },
    });
    expect(again.json).toMatchObject({ errors: [{ path: 'youtube_url' }] });
    expect(await store.listSubmissions({ limit: 10 })).toEqual([]);
    const notJson = await call('POST', '/submissions', { body: '{"kind":' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ error: 'The submission is not valid JSON.' });
  });

  it('keeps what the contributor agreed to, and refuses a missing answer or terms read before a change', async () => {
    const { call, store } = setup({ keys });
    const sent = await call('POST', '/submissions', {
      body: {
        ...VIDEO_SUBMISSION,
        credit_as: 'anonymous',
        credit_name: 'ignored',
        license: 'archive-only',
      },
    });
    expect(sent.status).toBe(201);
    const [kept] = await store.listSubmissions({ limit: 1 });
    expect(kept?.submission.rights).toEqual({
      credit: 'Anonymous',
      license: 'archive-only',
      people: 'not-recognisable',
      age: '16-or-older',
      terms: CURRENT_TERMS.version,
    });
    const refused = await call('POST', '/submissions', {
      body: {
        ...VIDEO_SUBMISSION,
        credit_name: ' ',
        license: 'CC-BY-ND-4.0',
        people: 'maybe',
        age: undefined,
        terms_version: '2020-01-01',
      },
    });
    expect(refused.status).toBe(400);
    expect((refused.json as { errors: unknown[] }).errors).toEqual([
      { path: 'license', message: 'Choose how others may reuse what you send.' },
      { path: 'people', message: 'Say whether anyone can be recognised in what you send.' },
      { path: 'age', message: 'Say whether you are 16 or older, or a parent or guardian agreed.' },
      { path: 'credit_name', message: 'Give the name to credit, or choose Anonymous.' },
      {
        path: 'consent',
        message:
          'The terms have changed since this page was opened: read them again, then tick the line.',
      },
    ]);
    expect(await store.listSubmissions({ limit: 10 })).toHaveLength(1);
  });

  it('keeps the language the contributor read the terms in, and refuses one it does not know (issue 49)', async () => {
    const { call, store } = setup({ keys });
    const sent = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, terms_language: 'bs' },
    });
    expect(sent.status).toBe(201);
    const [kept] = await store.listSubmissions({ limit: 1 });
    expect(kept?.submission.rights).toMatchObject({
      terms: CURRENT_TERMS.version,
      termsLanguage: 'bs',
    });
    for (const hostile of ['fr', '<script>', 42]) {
      const refused = await call('POST', '/submissions', {
        body: { ...VIDEO_SUBMISSION, terms_language: hostile },
      });
      expect(refused.status, JSON.stringify(hostile)).toBe(400);
      expect(
        (refused.json as { errors: { path: string }[] }).errors,
        JSON.stringify(hostile),
      ).toEqual([
        {
          path: 'terms_language',
          message: 'The terms were read in a language the archive does not know.',
        },
      ]);
    }
    expect(await store.listSubmissions({ limit: 10 })).toHaveLength(1);
  });

  it('refuses a 10,000-character title with the title message', async () => {
    const { call } = setup({ keys });
    const response = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, title: 'T'.repeat(10_000) },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      errors: [{ path: 'title', message: 'The title must be at most 200 characters.' }],
    });
  });

  it('takes only the archive’s categories: a new one is an editor’s decision', async () => {
    const { call, store } = setup({ keys });
    for (const categories of [['Vol'], ['Recovery', 'Made up'], [HOSTILE[0]]]) {
      const refused = await call('POST', '/submissions', {
        body: { ...VIDEO_SUBMISSION, categories },
      });
      expect(refused.status, categories.join()).toBe(400);
      expect(refused.json).toMatchObject({
        errors: [
          {
            path: 'categories',
            message:
              'Choose categories from the archive’s list. If none fits, say so in the description.',
          },
        ],
      });
    }
    expect(await store.listSubmissions({ limit: 10 })).toEqual([]);
    // Another spelling of one of them (its slug) is that category, kept as the archive spells it.
    await submitOne(call, { ...VIDEO_SUBMISSION, categories: ['RECOVERY '] });
    const [kept] = await store.listSubmissions({ limit: 1 });
    expect(kept?.submission.categories).toEqual(['Recovery']);
  });

  it('keeps markup and script URLs in text fields as inert text', async () => {
    for (const hostile of HOSTILE) {
      const { call, store } = setup({ keys });
      const body = {
        ...VIDEO_SUBMISSION,
        title: hostile,
        description: hostile,
        place_text: hostile,
        name: hostile,
      };
      await submitOne(call, body);
      const [stored] = await store.listSubmissions({ limit: 1 });
      expect(stored?.submission).toMatchObject({
        title: hostile,
        description: hostile,
        place_text: hostile,
        name: hostile,
      });
      // JSON, never HTML: a browser opening the answer renders nothing of it.
      const read = await call('GET', '/submissions', { token: await accessToken(keys) });
      expect(read.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(read.headers.get('x-content-type-options')).toBe('nosniff');
      const refused = await call('POST', '/submissions', {
        body: { ...VIDEO_SUBMISSION, email: hostile, youtube_url: hostile },
      });
      expect(refused.status).toBe(400);
      const paths = (refused.json as { errors: { path: string }[] }).errors.map((e) => e.path);
      expect(paths).toContain('email');
    }
  });

  it('takes photos uploaded here, and refuses script, foreign and made-up image URLs', async () => {
    const { call, media } = setup({ keys });
    const upload = async () =>
      uploaded(await call('POST', '/uploads', { body: await cameraJpeg() })).image;
    const first = await upload();
    await submitOne(call, {
      ...VIDEO_SUBMISSION,
      kind: 'photos',
      youtube_url: null,
      images: [first],
    });
    const ours = await upload();
    const keysOf = newUploadKeys();
    const madeUp = { thumbUrl: media?.urlOf(keysOf.thumb), fullUrl: media?.urlOf(keysOf.full) };
    const photos = { ...VIDEO_SUBMISSION, kind: 'photos', youtube_url: null, images: [ours] };
    const cases: [{ thumbUrl: unknown; fullUrl: unknown }, string][] = [
      // Well-formed addresses of this archive, but no upload waits there.
      [madeUp, 'images'],
      // A thumbnail and a photo of two different uploads.
      [{ thumbUrl: ours.thumbUrl, fullUrl: first.fullUrl }, 'images'],
      [{ thumbUrl: 'javascript:alert(1)', fullUrl: ours.fullUrl }, 'images.0.thumbUrl'],
      [{ thumbUrl: ours.thumbUrl, fullUrl: 'https://tracker.example/pixel.jpg' }, 'images'],
      [{ thumbUrl: '/uploads/2026/11/made-up.jpg', fullUrl: ours.fullUrl }, 'images'],
      [{ thumbUrl: `/uploads/../${keysOf.thumb}`, fullUrl: ours.fullUrl }, 'images'],
    ];
    for (const [i, [image, path]] of cases.entries()) {
      const response = await call('POST', '/submissions', {
        body: { ...photos, images: [image] },
        clientAddress: `203.0.113.${i}`,
      });
      expect(response.status, JSON.stringify(image)).toBe(400);
      expect(response.json).toMatchObject({ errors: [{ path }] });
    }
    const foreign = await call('POST', '/submissions', {
      body: { ...photos, images: [{ ...ours, fullUrl: 'https://tracker.example/p.jpg' }] },
      clientAddress: '203.0.113.99',
    });
    expect(foreign.json).toMatchObject({
      errors: [{ path: 'images', message: 'Upload the photos again.' }],
    });
    // A card copy's URL may be left out (an upload made before those existed answered none), or
    // be this upload's own: never another upload's, another site's or a script.
    const cardCases: [unknown, string][] = [
      [first.cardUrl, 'images'],
      [media?.urlOf(keysOf.card), 'images'],
      [ours.thumbUrl, 'images'],
      ['https://tracker.example/pixel.jpg', 'images'],
      [`https://tracker.example${ours.cardUrl}`, 'images'],
      ['javascript:alert(1)', 'images.0.cardUrl'],
      ['data:image/jpeg;base64,AAAA', 'images.0.cardUrl'],
      ['vbscript:msgbox(1)', 'images.0.cardUrl'],
      [42, 'images.0.cardUrl'],
    ];
    for (const [i, [cardUrl, path]] of cardCases.entries()) {
      const response = await call('POST', '/submissions', {
        body: { ...photos, images: [{ ...ours, cardUrl }] },
        clientAddress: `203.0.113.${50 + i}`,
      });
      expect(response.status, String(cardUrl)).toBe(400);
      expect(response.json, String(cardUrl)).toMatchObject({ errors: [{ path }] });
    }
    // A refused submission claimed nothing: the photo is still free to send.
    const withCard = await submitOne(call, photos);
    const { thumbUrl, fullUrl } = await upload();
    const withoutCard = await submitOne(call, { ...photos, images: [{ thumbUrl, fullUrl }] });
    const token = await accessToken(keys);
    const imagesOf = async (id: string) =>
      (
        (await call('GET', `/submissions/${id}`, { token })).json as {
          submission: StoredSubmission;
        }
      ).submission.submission.images;
    expect(await imagesOf(withCard)).toEqual([ours]);
    expect(await imagesOf(withoutCard)).toEqual([{ thumbUrl, fullUrl }]);
  });

  it('refuses photos on a server that takes no uploads', async () => {
    const { call } = setup({ keys, noMedia: true });
    const image = { thumbUrl: '/uploads/a-thumb.jpg', fullUrl: '/uploads/a.jpg' };
    const response = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, kind: 'photos', images: [image] },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ errors: [{ path: 'images' }] });
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const { call, store } = setup({ keys });
    const response = await call('POST', '/submissions', {
      body: { ...VIDEO_SUBMISSION, website: 'http://spam.example' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ status: 'pending', id: expect.any(String) });
    expect(await store.listSubmissions({ limit: 10 })).toEqual([]);
  });

  it(`allows ${FORMS_PER_MINUTE} a minute per client, then 429 with Retry-After`, async () => {
    const { call } = setup({ keys });
    for (let i = 0; i < FORMS_PER_MINUTE; i++) await submitOne(call);
    const refused = await call('POST', '/submissions', { body: VIDEO_SUBMISSION });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect((refused.json as { error: string }).error).toBe(
      `Too many submissions from your connection; try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    );
    // Invalid and spam attempts count too, so a bot learns nothing by varying them.
    const spam = await call('POST', '/submissions', { body: { website: 'x' } });
    expect(spam.status).toBe(429);
    expect(
      (await call('POST', '/submissions', { body: VIDEO_SUBMISSION, clientAddress: '203.0.113.1' }))
        .status,
    ).toBe(201);
    // The contact form has its own count.
    const message = { name: 'Sam', email: 'sam@example.org', message: 'Hello' };
    expect((await call('POST', '/messages', { body: message })).status).toBe(201);
  });
});
