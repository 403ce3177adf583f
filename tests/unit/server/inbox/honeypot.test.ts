/**
 * The honeypot's answer cannot be told from a real one (issue 45), in every store: a bot that
 * fills the hidden field gets the status, headers and body a person would, with an id from the
 * list's own sequence that no later entry repeats (sending twice, or a bot and then a person,
 * shows nothing), and the same field errors when the rest of its form is wrong.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { filledHoneypot } from '@/lib/submissionSchema';
import { withoutHoneypot } from '../../../../server/inbox/honeypot';
import {
  CONTACT_MESSAGE,
  makeKeys,
  SEED,
  setup,
  VIDEO_SUBMISSION,
  type TestKeys,
} from '../support/communityHarness';
import { describeEachStore, type TestStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

let keys: TestKeys;
beforeAll(async () => {
  keys = await makeKeys();
});

const REMOVAL_REQUEST = {
  node_id: 'clayton',
  reason: 'private-information',
  message: 'Our house number is readable in the video.',
  email: '',
  website: '',
};

/** Each public form, what it sends, and the ids its list keeps, newest first. */
const FORMS: [string, Record<string, unknown>, (store: TestStore) => Promise<string[]>][] = [
  [
    '/messages',
    CONTACT_MESSAGE,
    async (store) => (await store.listMessages({ limit: 100 })).map((entry) => entry.id),
  ],
  [
    '/submissions',
    VIDEO_SUBMISSION,
    async (store) => (await store.listSubmissions({ limit: 100 })).map((entry) => entry.id),
  ],
  [
    '/removal-requests',
    REMOVAL_REQUEST,
    async (store) => (await store.listRemovalRequests({ limit: 100 })).map((entry) => entry.id),
  ],
];

const TRAPPED = { website: 'https://spam.example' };

it('checks a trapped form as the same form without its hidden field', () => {
  const sent = { ...CONTACT_MESSAGE, ...TRAPPED };
  expect(filledHoneypot(sent)).toBe(true);
  expect(filledHoneypot(withoutHoneypot(sent))).toBe(false);
  expect(withoutHoneypot(sent)).toEqual({
    name: 'Sam',
    email: 'sam@example.org',
    message: 'Thank you for the archive.',
  });
  expect(withoutHoneypot(CONTACT_MESSAGE)).toBe(CONTACT_MESSAGE);
  expect(withoutHoneypot(null)).toBeNull();
});

describeEachStore("the honeypot's answer", (open) => {
  it.each(FORMS)(
    'POST %s: the same answer but for the id, which no real entry is given before or after',
    async (path, form, ids) => {
      const store = await open(SEED);
      const { call, cleanup } = setup({ keys, store });
      try {
        const send = async (body: unknown, client: number) => {
          const answer = await call('POST', path, { body, clientAddress: `203.0.113.${client}` });
          expect(answer.status, JSON.stringify(answer.json)).toBe(201);
          return answer;
        };
        const real = await send(form, 1);
        const trapped = await send({ ...form, ...TRAPPED }, 2);
        const second = await send(form, 3);
        const again = await send({ ...form, ...TRAPPED }, 2);
        const third = await send(form, 4);

        const headers = (answer: typeof real) => {
          const all = Object.fromEntries(answer.headers);
          // The length follows the id's digits, as any two real answers' would.
          delete all['content-length'];
          return all;
        };
        expect(headers(trapped)).toEqual(headers(real));
        const body = (answer: typeof real) => answer.json as Record<string, unknown>;
        expect({ ...body(trapped), id: 'x' }).toEqual({ ...body(real), id: 'x' });

        const sent = [real, trapped, second, again, third].map((answer) => String(body(answer).id));
        for (const id of sent) expect(id).toMatch(/^\d+$/);
        // One sequence, no repeat: each answer the next number, a decoy's as a person's.
        expect(sent.map(Number)).toEqual(sent.map((_, index) => Number(sent[0]) + index));
        // Nothing kept for a bot.
        expect(await ids(store)).toEqual([sent[4], sent[2], sent[0]]);
      } finally {
        cleanup();
      }
    },
  );

  it.each(FORMS)(
    'POST %s: a trapped form that is otherwise wrong is refused as the real one is',
    async (path, form, ids) => {
      const store = await open(SEED);
      const { call, cleanup } = setup({ keys, store });
      try {
        const wrong = [
          { ...form, email: 'not an address' },
          ...(path === '/removal-requests' ? [{ ...form, node_id: 'no-such-item' }] : []),
          ...(path === '/submissions'
            ? [
                {
                  ...form,
                  kind: 'photos',
                  youtube_url: null,
                  images: [
                    {
                      thumbUrl: 'https://elsewhere.example/a.jpg',
                      fullUrl: 'https://elsewhere.example/a.jpg',
                    },
                  ],
                },
              ]
            : []),
        ];
        let client = 0;
        for (const body of wrong) {
          const real = await call('POST', path, { body, clientAddress: `203.0.113.${++client}` });
          const trapped = await call('POST', path, {
            body: { ...body, ...TRAPPED },
            clientAddress: `203.0.113.${++client}`,
          });
          expect(real.status, JSON.stringify(body)).toBe(400);
          expect(trapped.status, JSON.stringify(body)).toBe(400);
          expect(trapped.json).toEqual(real.json);
          expect(Object.fromEntries(trapped.headers)).toEqual(Object.fromEntries(real.headers));
        }
        expect(await ids(store)).toEqual([]);
      } finally {
        cleanup();
      }
    },
  );
});
