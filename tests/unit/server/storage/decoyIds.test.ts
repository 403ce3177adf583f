/**
 * The honeypot's ids from the store (issue 45): `decoyId` takes the next number of a list's own
 * sequence and keeps nothing, so a decoy reads as a real id and no real entry is ever given one,
 * in every store.
 */
import { expect, it, vi } from 'vitest';
import type { ContactInput, SubmissionInput } from '@/lib/submissionSchema';
import type { RemovalRequestInput } from '@/lib/removalSchema';
import type { InboxList } from '../../../../server/storage/nodeStore';
import { describeEachStore, type TestStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const SEED = [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }];

const MESSAGE: ContactInput = { name: 'Sam', email: 'sam@example.org', message: 'Thank you.' };
const SUBMISSION: SubmissionInput = {
  kind: 'video',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtube_id: 'dQw4w9WgXcQ',
  images: [],
  title: 'Tarps on Page Avenue',
  description: 'The morning after.',
  categories: ['Recovery'],
  place: { lat: 38.67, lng: -90.25 },
  place_text: '',
  name: 'Dana',
  email: 'dana@example.org',
};
const REQUEST: RemovalRequestInput = {
  node_id: 'clayton',
  reason: 'other',
  message: 'The street name is wrong.',
  email: '',
};

/** How each list adds a real entry and reads its ids back, newest first. */
const LISTS: [
  InboxList,
  (store: TestStore) => Promise<string>,
  (store: TestStore) => Promise<string[]>,
][] = [
  [
    'messages',
    async (store) => (await store.addMessage(MESSAGE)).id,
    async (store) => (await store.listMessages({ limit: 100 })).map((entry) => entry.id),
  ],
  [
    'submissions',
    async (store) => (await store.addSubmission(SUBMISSION)).id,
    async (store) => (await store.listSubmissions({ limit: 100 })).map((entry) => entry.id),
  ],
  [
    'removalRequests',
    async (store) => (await store.addRemovalRequest(REQUEST)).id,
    async (store) => (await store.listRemovalRequests({ limit: 100 })).map((entry) => entry.id),
  ],
];

describeEachStore('decoy ids', (open) => {
  it.each(LISTS)(
    '%s: a decoy takes the next id for nothing, and no later entry is given it',
    async (list, add, ids) => {
      const store = await open(SEED);
      const first = await add(store);
      const decoy = await store.decoyId(list);
      const second = await add(store);
      const decoys = [await store.decoyId(list), await store.decoyId(list)];
      const third = await add(store);
      const order = [first, decoy, second, ...decoys, third];
      for (const id of order) expect(id).toMatch(/^\d+$/);
      // Each the next number after the one before: a decoy reads as a real id.
      expect(order.map(Number)).toEqual(order.map((_, index) => Number(first) + index));
      // Nothing is kept for a decoy.
      expect(await ids(store)).toEqual([third, second, first]);
    },
  );

  it('numbers each list apart, as each table has its own sequence', async () => {
    const store = await open(SEED);
    const message = await store.addMessage(MESSAGE);
    await store.decoyId('submissions');
    await store.decoyId('removalRequests');
    expect(await store.decoyId('messages')).toBe(String(Number(message.id) + 1));
    expect(Number((await store.addMessage(MESSAGE)).id)).toBe(Number(message.id) + 2);
  });
});
