/**
 * What the public forms (`POST /submissions`, `POST /messages`) show a stranger: they take only
 * JSON, so another site cannot post them through a visitor's browser, and the honeypot's answer
 * cannot be told from a real one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import {
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

const FORMS = [
  ['/messages', CONTACT_MESSAGE, 'message'],
  ['/submissions', VIDEO_SUBMISSION, 'submission'],
] as const;

/** What is in the inbox, as editors read it. */
async function inboxCounts(store: ReturnType<typeof setup>['store']) {
  return {
    messages: (await store.listMessages({ limit: 100 })).length,
    submissions: (await store.listSubmissions({ limit: 100 })).length,
  };
}

describe('the public forms take only JSON', () => {
  it.each(FORMS)(
    'POST %s refuses what a page on another site can post (415)',
    async (path, form, what) => {
      const { call, store } = setup({ keys });
      const body = JSON.stringify(form);
      for (const type of [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=----x',
        'application/json-seq',
        'application/jsonx',
      ]) {
        const response = await call('POST', path, { body, headers: { 'Content-Type': type } });
        expect(response.status, type).toBe(415);
        expect(response.json).toEqual({
          error: `The ${what} must be sent as JSON (Content-Type: application/json).`,
        });
      }
      const untyped = await call('POST', path, { body: Buffer.from(body) });
      expect(untyped.status).toBe(415);
      expect(await inboxCounts(store)).toEqual({ messages: 0, submissions: 0 });
    },
  );

  it.each(FORMS)(
    'POST %s takes application/json, with parameters, in any case',
    async (path, form) => {
      const { call } = setup({ keys });
      for (const type of ['application/json', 'Application/JSON; charset=utf-8']) {
        const response = await call('POST', path, {
          body: form,
          headers: { 'Content-Type': type },
        });
        expect(response.status, type).toBe(201);
      }
    },
  );

  it.each(FORMS)("POST %s: refused posts use up none of the sender's limit", async (path, form) => {
    const { call } = setup({ keys });
    const plain = { 'Content-Type': 'text/plain' };
    for (let i = 0; i < FORMS_PER_MINUTE * 2; i++) {
      expect(
        (await call('POST', path, { body: JSON.stringify(form), headers: plain })).status,
      ).toBe(415);
    }
    expect((await call('POST', path, { body: form })).status).toBe(201);
  });
});

describe("the honeypot's answer", () => {
  it.each(FORMS)('POST %s: looks like a real answer, and keeps nothing', async (path, form) => {
    const { call, store } = setup({ keys });
    const real = await call('POST', path, { body: form, clientAddress: '203.0.113.1' });
    const trapped = await call('POST', path, {
      body: { ...form, website: 'https://spam.example' },
      clientAddress: '203.0.113.2',
    });
    expect(real.status).toBe(201);
    expect(trapped.status).toBe(201);
    expect(Object.fromEntries(trapped.headers)).toEqual(Object.fromEntries(real.headers));
    const realAnswer = real.json as Record<string, unknown>;
    const trappedAnswer = trapped.json as Record<string, unknown>;
    expect(Object.keys(trappedAnswer).sort()).toEqual(Object.keys(realAnswer).sort());
    expect(realAnswer.id).toMatch(/^\d+$/);
    expect(trappedAnswer.id).toMatch(/^\d+$/);
    // Where the next real entry would be, not an id already taken.
    expect(Number(trappedAnswer.id)).toBe(Number(realAnswer.id) + 1);
    expect({ ...trappedAnswer, id: 'x' }).toEqual({ ...realAnswer, id: 'x' });
    expect(await inboxCounts(store)).toEqual(
      path === '/messages' ? { messages: 1, submissions: 0 } : { messages: 0, submissions: 1 },
    );
  });

  it.each(FORMS)(
    'POST %s: follows the newest id the store holds, even before this server saw one',
    async (path, form) => {
      const first = setup({ keys });
      for (let i = 0; i < 3; i++) {
        const sent = await first.call('POST', path, {
          body: form,
          clientAddress: `203.0.113.${i}`,
        });
        expect(sent.status).toBe(201);
      }
      // A second server (a restart) over the same store.
      const { call } = setup({ keys, store: first.store });
      const trapped = await call('POST', path, { body: { ...form, website: 'x' } });
      expect((trapped.json as { id: string }).id).toBe('4');
      const again = await call('POST', path, {
        body: { ...form, website: 'x' },
        clientAddress: '203.0.113.9',
      });
      expect((again.json as { id: string }).id).toBe('5');
      expect(await inboxCounts(first.store)).toEqual(
        path === '/messages' ? { messages: 3, submissions: 0 } : { messages: 0, submissions: 3 },
      );
    },
  );
});
