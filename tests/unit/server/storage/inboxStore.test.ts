import { expect, it, vi } from 'vitest';
import type { ContactInput, SubmissionInput } from '@/lib/submissionSchema';
import {
  NodeExists,
  SubmissionDecided,
  SubmissionNotFound,
} from '../../../../server/storage/nodeStore';
import { describeEachStore } from '../support/eachStore';

// Creating a PostgreSQL cluster takes a few seconds under WebAssembly.
vi.setConfig({ testTimeout: 60_000 });

const SEED = [{ video_id: 'clayton', title: 'Clayton', lat: 38.6, lng: -90.3 }];

const VIDEO: SubmissionInput = {
  kind: 'video',
  youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtube_id: 'dQw4w9WgXcQ',
  images: [],
  title: 'Tarps on Page Avenue',
  description: 'The morning after, <b>filmed</b> from the corner.',
  categories: ['Recovery'],
  place: { lat: 38.67, lng: -90.25 },
  place_text: '',
  name: 'Dana',
  email: 'dana@example.org',
};

const PHOTOS: SubmissionInput = {
  ...VIDEO,
  kind: 'photos',
  youtube_url: null,
  youtube_id: null,
  images: [{ thumbUrl: '/uploads/a-thumb.webp', fullUrl: '/uploads/a.webp' }],
  title: 'Fallen oak',
  place: null,
  place_text: 'Behind the library on Page',
};

/** The node an editor makes of `VIDEO`. */
const NODE = {
  video_id: 'page-avenue-tarps',
  type: 'video',
  title: VIDEO.title,
  youtube_id: 'dQw4w9WgXcQ',
  lat: 38.67,
  lng: -90.25,
};

const MESSAGE: ContactInput = {
  name: 'Sam',
  email: 'sam@example.org',
  message: 'Thank you.\nOne correction: the oak was on Page, not Delmar.',
};

function recent(iso: string | null): boolean {
  return iso !== null && Math.abs(Date.now() - Date.parse(iso)) < 60_000;
}

describeEachStore('inbox', (open) => {
  it('keeps a submission as pending, without touching the list or the revision', async () => {
    const store = await open(SEED);
    const revision = await store.revision();
    const added = await store.addSubmission(VIDEO);
    expect(added).toMatchObject({
      status: 'pending',
      submission: VIDEO,
      decidedAt: null,
      decidedBy: null,
      nodeId: null,
      reason: '',
    });
    expect(typeof added.id).toBe('string');
    expect(recent(added.receivedAt)).toBe(true);
    expect(await store.getSubmission(added.id)).toEqual(added);
    expect(await store.listNodes()).toEqual(SEED);
    expect(await store.revision()).toBe(revision);
    expect(await store.getSubmission('no-such-id')).toBeNull();
    expect(await store.getSubmission('999999')).toBeNull();
  });

  it('lists submissions newest first, by status and limited', async () => {
    const store = await open(SEED);
    const first = await store.addSubmission(VIDEO);
    const second = await store.addSubmission(PHOTOS);
    const third = await store.addSubmission({ ...VIDEO, title: 'Third' });
    await store.rejectSubmission(second.id, 'alice', 'Duplicate');

    const all = await store.listSubmissions({ limit: 10 });
    expect(all.map((s) => s.id)).toEqual([third.id, second.id, first.id]);
    const pending = await store.listSubmissions({ status: 'pending', limit: 10 });
    expect(pending.map((s) => s.id)).toEqual([third.id, first.id]);
    const rejected = await store.listSubmissions({ status: 'rejected', limit: 10 });
    expect(rejected).toEqual([await store.getSubmission(second.id)]);
    expect(await store.listSubmissions({ status: 'approved', limit: 10 })).toEqual([]);
    expect((await store.listSubmissions({ limit: 2 })).map((s) => s.id)).toEqual([
      third.id,
      second.id,
    ]);
    expect(await store.listSubmissions({ limit: 0 })).toEqual([]);
  });

  it('approves: creates the node at version 1, journals it, lists it, changes the revision', async () => {
    const store = await open(SEED);
    const { id } = await store.addSubmission(VIDEO);
    const revision = await store.revision();

    const approved = await store.approveSubmission(id, NODE, 'alice');
    expect(approved.node).toEqual({ node: NODE, version: 1, deleted: false });
    expect(approved.submission).toMatchObject({
      id,
      status: 'approved',
      decidedBy: 'alice',
      nodeId: NODE.video_id,
      submission: VIDEO,
    });
    expect(recent(approved.submission.decidedAt)).toBe(true);
    expect(await store.getSubmission(id)).toEqual(approved.submission);

    expect(await store.listNodes()).toEqual([...SEED, NODE]);
    expect(await store.revision()).not.toBe(revision);
    expect(await store.getNode(NODE.video_id)).toEqual(approved.node);
    const [entry] = await store.journal({ limit: 10 });
    expect(entry).toMatchObject({
      nodeId: NODE.video_id,
      action: 'create',
      who: 'alice',
      before: null,
      after: NODE,
    });
  });

  it('rejects with a reason, leaving the nodes alone', async () => {
    const store = await open(SEED);
    const { id } = await store.addSubmission(PHOTOS);
    const revision = await store.revision();
    const rejected = await store.rejectSubmission(id, 'bob', 'Not in the area we cover.');
    expect(rejected).toMatchObject({
      id,
      status: 'rejected',
      decidedBy: 'bob',
      nodeId: null,
      reason: 'Not in the area we cover.',
      submission: PHOTOS,
    });
    expect(recent(rejected.decidedAt)).toBe(true);
    expect(await store.listNodes()).toEqual(SEED);
    expect(await store.revision()).toBe(revision);
    expect(await store.journal({ limit: 10 })).toEqual([]);
  });

  it('refuses to decide twice, saying who decided', async () => {
    const store = await open(SEED);
    const approvedOne = await store.addSubmission(VIDEO);
    const rejectedOne = await store.addSubmission(PHOTOS);
    await store.approveSubmission(approvedOne.id, NODE, 'alice');
    await store.rejectSubmission(rejectedOne.id, 'bob', '');

    const again = store.rejectSubmission(approvedOne.id, 'bob', 'too late');
    await expect(again).rejects.toThrow(SubmissionDecided);
    await expect(again).rejects.toMatchObject({
      current: { status: 'approved', decidedBy: 'alice' },
    });
    await expect(
      store.approveSubmission(rejectedOne.id, { ...NODE, video_id: 'other' }, 'alice'),
    ).rejects.toThrow(/rejected already by bob/);
    await expect(store.approveSubmission(approvedOne.id, NODE, 'alice')).rejects.toThrow(
      SubmissionDecided,
    );
    expect(await store.getNode('other')).toBeNull();
    expect((await store.journal({ limit: 10 })).length).toBe(1);
  });

  it('throws SubmissionNotFound for an unknown id', async () => {
    const store = await open(SEED);
    for (const id of ['424242', 'abc', '', '1; drop table nodes']) {
      await expect(store.approveSubmission(id, NODE, 'alice')).rejects.toThrow(SubmissionNotFound);
      await expect(store.rejectSubmission(id, 'alice', '')).rejects.toMatchObject({
        submissionId: id,
      });
    }
    expect(await store.listNodes()).toEqual(SEED);
  });

  it('leaves a submission pending when its node id is taken, even by a deleted node', async () => {
    const store = await open(SEED);
    const { id } = await store.addSubmission(VIDEO);
    const revision = await store.revision();

    const taken = store.approveSubmission(id, { ...NODE, video_id: 'clayton' }, 'alice');
    await expect(taken).rejects.toThrow(NodeExists);
    await expect(taken).rejects.toMatchObject({ nodeId: 'clayton', deleted: false });
    expect(await store.getSubmission(id)).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await store.listNodes()).toEqual(SEED);
    expect(await store.revision()).toBe(revision);
    expect(await store.journal({ limit: 10 })).toEqual([]);

    await store.deleteNode('clayton', 1, 'bob');
    await expect(
      store.approveSubmission(id, { ...NODE, video_id: 'clayton' }, 'alice'),
    ).rejects.toMatchObject({ deleted: true });
    expect((await store.getSubmission(id))?.status).toBe('pending');

    // Another id works: the failed attempts left nothing half done.
    const approved = await store.approveSubmission(id, NODE, 'alice');
    expect(approved.submission.nodeId).toBe(NODE.video_id);
  });

  it('keeps contact messages newest first, apart from the nodes', async () => {
    const store = await open(SEED);
    const revision = await store.revision();
    const first = await store.addMessage(MESSAGE);
    expect(first).toMatchObject({ message: MESSAGE });
    expect(recent(first.receivedAt)).toBe(true);
    const second = await store.addMessage({ ...MESSAGE, message: '<script>alert(1)</script>' });
    expect(await store.listMessages({ limit: 10 })).toEqual([second, first]);
    expect(await store.listMessages({ limit: 1 })).toEqual([second]);
    expect(await store.listMessages({ limit: 0 })).toEqual([]);
    expect(await store.listNodes()).toEqual(SEED);
    expect(await store.revision()).toBe(revision);
  });

  it('orders 18 messages by number and pages back with before', async () => {
    const store = await open(SEED);
    const sent = [];
    for (let n = 1; n <= 18; n++) {
      sent.push(await store.addMessage({ ...MESSAGE, message: `Message ${n}` }));
    }
    const numbers = (page: { message: ContactInput }[]) =>
      page.map((m) => Number(m.message.message.replace('Message ', '')));

    const newest = await store.listMessages({ limit: 5 });
    expect(numbers(newest)).toEqual([18, 17, 16, 15, 14]);
    const before = Number(newest.at(-1)?.id);
    expect(numbers(await store.listMessages({ limit: 5, before }))).toEqual([13, 12, 11, 10, 9]);
    const oldest = await store.listMessages({ limit: 5, before: Number(sent[2]?.id) });
    expect(numbers(oldest)).toEqual([2, 1]);
    expect(await store.listMessages({ limit: 5, before: Number(sent[0]?.id) })).toEqual([]);
  });

  it('orders 18 submissions by number and pages back with before, within a status', async () => {
    const store = await open(SEED);
    const sent = [];
    for (let n = 1; n <= 18; n++) {
      sent.push(await store.addSubmission({ ...VIDEO, title: `Submission ${n}` }));
    }
    await store.rejectSubmission(sent[12]?.id ?? '', 'alice', 'Duplicate');
    const numbers = (page: { submission: SubmissionInput }[]) =>
      page.map((s) => Number(s.submission.title.replace('Submission ', '')));

    const newest = await store.listSubmissions({ limit: 5 });
    expect(numbers(newest)).toEqual([18, 17, 16, 15, 14]);
    const before = Number(newest.at(-1)?.id);
    expect(numbers(await store.listSubmissions({ limit: 5, before }))).toEqual([13, 12, 11, 10, 9]);
    const pending = await store.listSubmissions({ status: 'pending', limit: 5, before });
    expect(numbers(pending)).toEqual([12, 11, 10, 9, 8]);
    const rejected = await store.listSubmissions({ status: 'rejected', limit: 5, before });
    expect(numbers(rejected)).toEqual([13]);
    expect(await store.listSubmissions({ limit: 5, before: Number(sent[0]?.id) })).toEqual([]);
  });

  it('hands out copies: changing what it returned changes nothing stored', async () => {
    const store = await open(SEED);
    const added = await store.addSubmission(VIDEO);
    added.submission.title = 'Changed by the caller';
    added.status = 'approved';
    expect(await store.getSubmission(added.id)).toMatchObject({
      status: 'pending',
      submission: { title: VIDEO.title },
    });
  });
});
