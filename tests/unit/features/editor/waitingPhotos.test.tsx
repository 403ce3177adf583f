// @vitest-environment jsdom
/**
 * A visitor's photos in the editor's app: they wait private, so the submissions list and the
 * review form fetch them from the service with the editor's token and show them from memory,
 * never from their 404 address; approving publishes them at that address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthAccess } from '@/features/auth/authAccess';
import type { AuthService, SessionSummary } from '@/features/auth/cognitoAuth';
import { createNodesHandler, type NodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { serveUpload } from '../../../../server/app/uploadFiles';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import { RIGHTS_ANSWERS } from '../../server/support/communityHarness';
import { callApp } from '../../server/support/appRequest';
import { cameraJpeg } from '../../server/support/photoFixtures';
import { renderApp } from '../../support/renderWithProviders';

const editor: SessionSummary = {
  username: 'editor',
  groups: ['editor'],
  idToken: 'id-token',
  accessToken: 'editor-token',
};

function editorAccess(): AuthAccess {
  const service = { currentSession: vi.fn(async () => editor) } as unknown as AuthService;
  return {
    enabled: true,
    load: async () => service,
    loginFunctionUrl: null,
    hasStoredUser: () => true,
  };
}

let photo: Buffer;
beforeAll(async () => {
  photo = await cameraJpeg();
});

let folder: string;
let store: ReturnType<typeof createMemoryStore>;
let handler: NodesHandler;
let requests: {
  method: string;
  path: string;
  authorization: string | undefined;
  body?: string;
}[];

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'globe-waiting-photos-'));
  store = createMemoryStore([]);
  handler = createNodesHandler({
    openStore: async () => store,
    verifyEditor: async (token) => {
      if (token !== 'editor-token') throw new Error('unexpected token');
      return { username: 'editor', groups: ['editor'] };
    },
    media: createFolderStorage({ dir: folder }),
  });
  requests = [];
  // The app's fetches answered by the real handler, bytes included (photos come back as blobs).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const path = url.pathname.replace(/^\/api/, '');
    requests.push({
      method,
      path,
      authorization: headers.authorization,
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
    });
    return handler.app.request(`http://service${path}${url.search}`, init, {
      clientAddress: 'unknown',
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  rmSync(folder, { recursive: true, force: true });
});

/** A visitor uploads a photo and submits it, as /submit does. */
async function visitorSubmitsAPhoto(more: Record<string, unknown> = {}): Promise<{
  thumbUrl: string;
  fullUrl: string;
  cardUrl: string;
}> {
  const upload = await callApp(handler.app, {
    method: 'POST',
    path: '/uploads',
    headers: { 'content-type': 'image/jpeg' },
    body: photo,
    clientAddress: '198.51.100.7',
  });
  expect(upload.status).toBe(201);
  const { image } = JSON.parse(upload.text) as {
    image: { thumbUrl: string; fullUrl: string; cardUrl: string };
  };
  const submitted = await callApp(handler.app, {
    method: 'POST',
    path: '/submissions',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'photos',
      images: [image],
      title: 'Fallen oak on Page',
      ...RIGHTS_ANSWERS,
      consent: true,
      ...more,
    }),
    clientAddress: '198.51.100.7',
  });
  expect(submitted.status).toBe(201);
  return image;
}

function openEditor(url: string) {
  return renderApp(url, {
    fetchArchive: async () => [],
    auth: editorAccess(),
    service: { baseUrl: '/api', accessToken: async () => 'editor-token' },
  });
}

const photoRequests = () => requests.filter((r) => r.path.startsWith('/uploads/'));

describe("a visitor's photos in the editor's app", () => {
  it('are fetched with the token and shown from memory in the list of submissions', async () => {
    const image = await visitorSubmitsAPhoto();
    expect((await serveUpload(folder, 'GET', image.thumbUrl)).status).toBe(404);
    openEditor('/editor/submissions');
    const img = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(photoRequests()).toEqual([
      { method: 'GET', path: image.thumbUrl, authorization: 'Bearer editor-token' },
    ]);
  });

  it('are shown in the review form and published by the approval', async () => {
    const image = await visitorSubmitsAPhoto();
    const { router } = openEditor('/editor/submissions/1');
    const img = (await screen.findByAltText('Photo 1')) as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(document.querySelector(`img[src="${image.thumbUrl}"]`)).toBeNull();
    await userEvent.type(screen.getByLabelText('Latitude'), '38.66');
    await userEvent.type(screen.getByLabelText('Longitude'), '-90.25');
    await userEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    expect(await screen.findByText(/Approved: the item is published/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/editor\/items\//));
    for (const url of [image.fullUrl, image.thumbUrl, image.cardUrl]) {
      expect((await serveUpload(folder, 'GET', url)).status, url).toBe(200);
    }
    // The card copy's URL went from the upload's answer through the review form to the item.
    const node = (await store.listNodes())[0] as { images: unknown };
    expect(node.images).toEqual([image]);
    expect(image.cardUrl).toMatch(/-card\.jpg$/);
  });

  it('come with the sender’s own words for the place, by the map of the review', async () => {
    await visitorSubmitsAPhoto({
      place: { lat: 25.05, lng: -90.2 },
      place_text: 'Behind the library on Page',
    });
    openEditor('/editor/submissions/1');
    await screen.findByAltText('Photo 1');
    const position = screen.getByRole('group', { name: 'Position on the globe' });
    expect(within(position).getByText(/^The sender described the place:/).textContent).toBe(
      'The sender described the place: “Behind the library on Page”',
    );
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('25.05');
  });

  it('are blurred in the review: a region added and set by keyboard, the copy used and published, the photo sent kept private', async () => {
    const image = await visitorSubmitsAPhoto();
    openEditor('/editor/submissions/1');
    await screen.findByAltText('Photo 1');
    const opener = await screen.findByRole('button', { name: 'Blur part of photo 1' });
    // Cancelled, the focus goes back to the button that opened it.
    await userEvent.click(opener);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Blur part of photo 1' });
    expect(within(dialog).getByText('No region yet.')).toBeTruthy();
    // Nothing to blur yet: said, and nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blur and use this copy' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Draw at least one region to blur.');
    expect(requests.some((r) => r.path.endsWith('/blur'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a region' }));
    const region = within(dialog).getByRole('group', { name: 'Region 1' });
    const left = within(region).getByLabelText('From the left (%)');
    await userEvent.clear(left);
    await userEvent.type(left, '10');
    const width = within(region).getByLabelText('Width (%)');
    await userEvent.clear(width);
    await userEvent.type(width, '50');
    expect(within(dialog).getByText('1 region to blur.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blur and use this copy' }));

    const notice = await screen.findByText(/Photo 1 is now a blurred copy/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The outcome takes the focus the dialog had.
    await waitFor(() => expect(document.activeElement).toBe(notice));
    const blur = requests.find((r) => r.path === '/submissions/1/blur');
    expect(blur?.authorization).toBe('Bearer editor-token');
    expect(JSON.parse(blur?.body ?? '{}')).toEqual({
      photo: image.fullUrl,
      regions: [{ x: 0.1, y: 0.4, width: 0.5, height: 0.2 }],
    });

    await userEvent.type(screen.getByLabelText('Latitude'), '38.66');
    await userEvent.type(screen.getByLabelText('Longitude'), '-90.25');
    await userEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    expect(await screen.findByText(/Approved: the item is published/)).toBeTruthy();
    const node = (await store.listNodes())[0] as { images: { fullUrl: string }[] };
    const copy = node.images[0];
    expect(copy?.fullUrl).not.toBe(image.fullUrl);
    expect((await serveUpload(folder, 'GET', copy?.fullUrl ?? '')).status).toBe(200);
    // The photo as sent: never published.
    for (const url of [image.fullUrl, image.thumbUrl, image.cardUrl]) {
      expect((await serveUpload(folder, 'GET', url)).status, url).toBe(404);
    }
  });
});
