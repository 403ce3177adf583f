/**
 * What the public forms' tests share (/submit and /contact): the whole app on the service's
 * address, a fake nodes-service that answers from a queue and records what it was sent, and the
 * steps of filling in a valid submission.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderApp } from './renderWithProviders';

/** The service's address, with nobody signed in. */
export const service = { baseUrl: '/api', accessToken: async () => null };
const archive = [
  { video_id: 'a', title: 'A', youtube_id: 'dQw4w9WgXcQ', categories: ['Cleanup'], lat: 1, lng: 1 },
  {
    video_id: 'b',
    title: 'B',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Volunteers'],
    lat: 2,
    lng: 2,
  },
];
/** An archive of two items, for the categories the submit form offers. */
export const fetchArchive = async () => archive;

/** One request the fake service received. */
interface Received {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** One answer the fake service gives: a response, or the error a lost connection throws. */
type Answer =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      /** Holds the answer back until it settles, to see the form while it sends. */
      after?: Promise<void>;
    }
  | Error;

/**
 * Plays the nodes-service: answers each request with the next answer queued for its path, and
 * records what it received.
 */
export function fakeCommunityService(answers: Record<string, Answer[]>) {
  const received: Received[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const raw = init.body;
    received.push({
      url,
      method: init.method ?? 'GET',
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const answer = answers[url]?.shift();
    if (answer === undefined) throw new Error(`No answer queued for ${url}`);
    if (answer instanceof Error) throw answer;
    await answer.after;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { received, fetchMock };
}

/** The input a label names. */
export const field = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;

/** Opens /submit in the whole app and waits for its form. */
export async function openSubmit() {
  const view = renderApp('/submit', { service, fetchArchive });
  // The page and its Markdown load lazily: the first test pays for a cold import.
  await screen.findByRole('form', { name: 'Submit media' }, { timeout: 10_000 });
  return view;
}

/** The contributor's rights (issue 31): credited by name, CC BY 4.0, nobody recognisable, 16+. */
export async function fillRights(credit = 'Jo Doe') {
  await userEvent.click(screen.getByLabelText('By name'));
  await userEvent.type(field(/^Name to credit/), credit);
  await userEvent.click(screen.getByLabelText(/^Creative Commons Attribution 4\.0/));
  await userEvent.click(screen.getByLabelText('Nobody can be recognised in it'));
  await userEvent.click(screen.getByLabelText('I am 16 or older'));
}

/** Fills what a video submission needs: the link, the title, the rights and the consent. */
export async function fillValidVideo() {
  await userEvent.type(field(/YouTube link/), 'https://youtu.be/dQw4w9WgXcQ?t=42');
  await userEvent.type(field(/^Title/), 'Volunteers on Page Avenue');
  await fillRights();
  await userEvent.click(field(/I recorded this media/));
}

/** Each test starts and ends with no draft kept, no global stubbed and no mock left over. */
export function clearDraftsAroundEach(): void {
  beforeEach(() => window.sessionStorage.clear());

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });
}
