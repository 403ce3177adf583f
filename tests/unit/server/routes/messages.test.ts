import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS_PER_MINUTE } from '@/lib/submissionSchema';
import { BEFORE_ERROR } from '../../../../server/app/validation';
import type { StoredMessage } from '../../../../server/storage/nodeStore';
import {
  accessToken,
  APP,
  badTokens,
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

describe('POST /messages (public)', () => {
  it('keeps a valid message for editors to read', async () => {
    const { call } = setup({ keys });
    const sent = await call('POST', '/messages', {
      body: CONTACT_MESSAGE,
      headers: { Origin: APP },
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('access-control-allow-origin')).toBe(APP);
    const { id } = sent.json as { id: string };
    expect(id).toEqual(expect.any(String));
    const read = await call('GET', '/messages', { token: await accessToken(keys) });
    expect(read.status).toBe(200);
    const { messages } = read.json as { messages: StoredMessage[] };
    expect(messages).toEqual([
      {
        id,
        receivedAt: expect.any(String),
        message: { name: 'Sam', email: 'sam@example.org', message: CONTACT_MESSAGE.message },
      },
    ]);
  });

  it('answers 400 with one message per field', async () => {
    const { call, store } = setup({ keys });
    const response = await call('POST', '/messages', {
      body: { name: '', email: 'not-an-address', message: ' ' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: 'Some fields need fixing.',
      errors: [
        { path: 'name', message: 'Give your name.' },
        { path: 'email', message: 'Give an e-mail address like name@example.org.' },
        { path: 'message', message: 'Write your message.' },
      ],
    });
    expect(await store.listMessages({ limit: 10 })).toEqual([]);
    const tooLarge = await call('POST', '/messages', {
      body: { ...CONTACT_MESSAGE, message: 'x'.repeat(70_000) },
    });
    expect(tooLarge.status).toBe(413);
  });

  it('keeps markup and script URLs as inert text', async () => {
    for (const hostile of ['<script>alert(1)</script>', 'javascript:alert(1)']) {
      const { call, store } = setup({ keys });
      const sent = await call('POST', '/messages', {
        body: { ...CONTACT_MESSAGE, name: hostile, message: hostile },
      });
      expect(sent.status).toBe(201);
      const [stored] = await store.listMessages({ limit: 1 });
      expect(stored?.message).toEqual({
        name: hostile,
        email: 'sam@example.org',
        message: hostile,
      });
      const refused = await call('POST', '/messages', {
        body: { ...CONTACT_MESSAGE, email: hostile },
      });
      expect(refused.json).toMatchObject({ errors: [{ path: 'email' }] });
    }
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const { call, store } = setup({ keys });
    const response = await call('POST', '/messages', {
      body: { ...CONTACT_MESSAGE, website: 'http://spam.example' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ id: expect.any(String) });
    expect(await store.listMessages({ limit: 10 })).toEqual([]);
  });

  it(`allows ${FORMS_PER_MINUTE} a minute per client, counted apart from submissions`, async () => {
    const { call } = setup({ keys });
    for (let i = 0; i < FORMS_PER_MINUTE; i++) {
      expect((await call('POST', '/messages', { body: CONTACT_MESSAGE })).status).toBe(201);
    }
    const refused = await call('POST', '/messages', { body: CONTACT_MESSAGE });
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect((refused.json as { error: string }).error).toMatch(
      /^Too many messages from your connection; try again in \d+ seconds?\.$/,
    );
    expect((await call('POST', '/submissions', { body: VIDEO_SUBMISSION })).status).toBe(201);
  });
});

describe('GET /messages (editors)', () => {
  it('refuses no, bad and non-editor tokens', async () => {
    const { call } = setup({ keys });
    await call('POST', '/messages', { body: CONTACT_MESSAGE });
    for (const [name, token, status] of badTokens(keys)) {
      const response = await call('GET', '/messages', { token: await token() });
      expect(response.status, name).toBe(status);
      expect(JSON.stringify(response.json)).not.toContain('sam@example.org');
    }
  });

  it('lists newest first within a limit, and checks the limit', async () => {
    const { call } = setup({ keys });
    for (const text of ['one', 'two', 'three']) {
      await call('POST', '/messages', { body: { ...CONTACT_MESSAGE, message: text } });
    }
    const token = await accessToken(keys);
    const read = await call('GET', '/messages', { token, query: 'limit=2' });
    const { messages } = read.json as { messages: StoredMessage[] };
    expect(messages.map((m) => m.message.message)).toEqual(['three', 'two']);
    expect((await call('GET', '/messages', { token, query: 'limit=0' })).status).toBe(400);
  });

  it('pages with before: 18 messages, 5 at a time, by number', async () => {
    const { call, store } = setup({ keys });
    for (let n = 1; n <= 18; n++) {
      await store.addMessage({ ...CONTACT_MESSAGE, message: `Message ${n}` });
    }
    const token = await accessToken(keys);
    const read = async (query: string) => {
      const response = await call('GET', '/messages', { token, query });
      expect(response.status, query).toBe(200);
      const { messages, older } = response.json as { messages: StoredMessage[]; older: unknown };
      return { texts: messages.map((m) => m.message.message.slice(8)), older, messages };
    };
    const first = await read('limit=5');
    expect(first.texts).toEqual(['18', '17', '16', '15', '14']);
    expect(first.older).toBe(first.messages.at(-1)?.id);
    const second = await read(`limit=5&before=${String(first.older)}`);
    expect(second.texts).toEqual(['13', '12', '11', '10', '9']);
    const last = await read(`limit=8&before=${String(second.older)}`);
    expect(last.texts).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
    expect(last.older).toBeNull();

    for (const query of ['before=abc', 'before=0', 'before=1.5', 'limit=5&before=']) {
      const refused = await call('GET', '/messages', { token, query });
      expect(refused.status, query).toBe(400);
      expect(refused.json, query).toEqual({ error: BEFORE_ERROR });
    }
  });

  it('does not exist without a pool to trust: GET is 405, sending still works', async () => {
    const { call } = setup({ keys, noEditors: true });
    const read = await call('GET', '/messages');
    expect(read.status).toBe(405);
    expect(read.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await call('POST', '/messages', { body: CONTACT_MESSAGE })).status).toBe(201);
  });
});
