/**
 * The community's forms with an `Idempotency-Key` (issue 50): the app's outbox sends an entry again
 * when it did not hear the answer, and the service keeps it once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { KEY_REFUSED, KEY_REUSED } from '../../../../server/app/idempotency';
import {
  APP,
  CONTACT_MESSAGE,
  makeKeys,
  setup,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const ASK = {
  node_id: 'clayton',
  reason: 'private-information',
  message: 'Our house number and car plate are readable in the video.',
  email: '',
  website: '',
};

const FORMS = [
  {
    path: '/messages',
    body: CONTACT_MESSAGE,
    other: { ...CONTACT_MESSAGE, message: 'Another message.' },
    count: (store: ReturnType<typeof setup>['store']) => store.listMessages({ limit: 50 }),
  },
  {
    path: '/submissions',
    body: VIDEO_SUBMISSION,
    other: { ...VIDEO_SUBMISSION, title: 'Another title' },
    count: (store: ReturnType<typeof setup>['store']) => store.listSubmissions({ limit: 50 }),
  },
  {
    path: '/removal-requests',
    body: ASK,
    other: { ...ASK, message: 'The faces of our children can be seen.' },
    count: (store: ReturnType<typeof setup>['store']) => store.listRemovalRequests({ limit: 50 }),
  },
] as const;

const KEY = '4f1c2a7e-9b3d-4e8a-a1f0-6c5d2b9e7a31';

describe.each(FORMS)('POST $path with an Idempotency-Key', ({ path, body, other, count }) => {
  it('keeps the entry once, and answers a retry with the first answer', async () => {
    const { call, store } = setup({ keys });
    const first = await call('POST', path, { body, headers: { 'Idempotency-Key': KEY } });
    expect(first.status).toBe(201);
    // The answer was lost: the outbox sends it again, in the draft's quoted form this time.
    const again = await call('POST', path, { body, headers: { 'Idempotency-Key': `"${KEY}"` } });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(await count(store)).toHaveLength(1);
    // Without a key, as before: each send is an entry.
    await call('POST', path, { body });
    expect(await count(store)).toHaveLength(2);
  });

  it('refuses the key with another request, and a key that is not one', async () => {
    const { call, store } = setup({ keys });
    await call('POST', path, { body, headers: { 'Idempotency-Key': KEY } });
    const reused = await call('POST', path, { body: other, headers: { 'Idempotency-Key': KEY } });
    expect(reused.status).toBe(422);
    expect(reused.json).toEqual({ error: KEY_REUSED });
    for (const bad of [
      'short',
      'x'.repeat(101),
      'key with spaces 0001',
      '"unclosed-0000000000',
      '../../etc/passwd-0001',
      'clé-00000000000000000',
    ]) {
      const refused = await call('POST', path, {
        body: other,
        headers: { 'Idempotency-Key': bad },
      });
      expect(refused.status, bad).toBe(400);
      expect(refused.json).toEqual({ error: KEY_REFUSED });
    }
    expect(await count(store)).toHaveLength(1);
  });

  it('lets a send the service refused be sent again, fixed, under its key', async () => {
    const { call, store } = setup({ keys });
    const refused = await call('POST', path, {
      body: {
        ...body,
        website: 'x',
        ...Object.fromEntries(
          Object.keys(body)
            .filter((field) => field !== 'website')
            .slice(0, 1)
            .map((field) => [field, '']),
        ),
      },
      headers: { 'Idempotency-Key': KEY },
    });
    expect(refused.status).toBe(400);
    const sent = await call('POST', path, { body, headers: { 'Idempotency-Key': KEY } });
    expect(sent.status).toBe(201);
    expect(await count(store)).toHaveLength(1);
  });

  it('does not count a retry against the rate limit', async () => {
    const { call } = setup({ keys });
    for (let attempt = 0; attempt < FORMS_PER_MINUTE + 2; attempt++) {
      const sent = await call('POST', path, { body, headers: { 'Idempotency-Key': KEY } });
      expect(sent.status).toBe(201);
    }
  });
});

describe('the forms’ preflight', () => {
  it('lets the app’s origin send an Idempotency-Key', async () => {
    const { call } = setup({ keys });
    const preflight = await call('OPTIONS', '/messages', {
      headers: {
        Origin: APP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
  });
});
