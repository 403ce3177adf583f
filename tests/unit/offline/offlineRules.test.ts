import { describe, expect, it } from 'vitest';
import {
  documentFor,
  isPublicPage,
  mayKeep,
  offlineLanguageRedirect,
  offlineRoute,
  storiesUrlOf,
  type RequestFacts,
} from '@/offline/offlineRules';

const ORIGIN = 'https://archive.example';
const LIST = new URL('/api/nodes', ORIGIN);

function request(url: string, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return {
    url: new URL(url, ORIGIN),
    method: 'GET',
    mode: 'cors',
    authorized: false,
    ...overrides,
  };
}

const route = (facts: RequestFacts, list = LIST) => offlineRoute(facts, ORIGIN, list);

describe('what the service worker keeps (issue 50)', () => {
  it('answers the public pages, in every language, from the built documents', () => {
    for (const path of [
      '/',
      '/video/a',
      '/gallery/b',
      '/category/volunteers',
      '/submit',
      '/es/',
      '/bs/gallery/b',
    ]) {
      expect(route(request(path, { mode: 'navigate' })), path).toBe('document');
    }
    expect(documentFor('/video/a')).toBe('/index.html');
    expect(documentFor('/es/video/a')).toBe('/es/index.html');
    expect(documentFor('/bs')).toBe('/bs/index.html');
  });

  it('never answers the editor’s area, the account pages or an unknown address', () => {
    for (const path of [
      '/editor',
      '/editor/items/a',
      '/es/editor',
      '/account',
      '/signin',
      '/signup',
      '/confirm',
      '/forgot-password',
      '/nope',
      '/api/nodes',
    ]) {
      expect(route(request(path, { mode: 'navigate' })), path).toBeNull();
      expect(isPublicPage(path), path).toBe(false);
    }
    // Another site's page opened in a frame is no page of the archive's.
    expect(route(request('https://elsewhere.example/', { mode: 'navigate' }))).toBeNull();
  });

  it('keeps the list, wherever the nodes-service is, but no query of it and nothing else of the API', () => {
    expect(route(request('/api/nodes'))).toBe('archive');
    expect(route(request('/api/nodes?page=2'))).toBeNull();
    for (const path of [
      '/api/submissions',
      '/api/messages',
      '/api/removal-requests',
      '/api/editor/items',
      '/identity/',
      '/login',
      '/api/uploads/x.jpg',
    ]) {
      expect(route(request(path)), path).toBeNull();
    }
    const service = new URL('https://api.example/prod/nodes');
    expect(route(request('https://api.example/prod/nodes'), service)).toBe('archive');
    // The service's other answers, pictures or not, are its own.
    expect(route(request('https://api.example/prod/photo.jpg'), service)).toBeNull();
  });

  it('keeps the public list of stories beside the list, network first, and nothing else of the stories (issue 51)', () => {
    expect(route(request('/api/stories'))).toBe('stories');
    expect(storiesUrlOf(LIST).href).toBe(`${ORIGIN}/api/stories`);
    // An editor's reads carry a token; a story's own path and the journal are the editors'.
    expect(route(request('/api/stories', { authorized: true }))).toBeNull();
    for (const path of [
      '/api/stories?all=1',
      '/api/stories/all',
      '/api/stories/the-walk',
      '/api/stories/journal',
    ]) {
      expect(route(request(path)), path).toBeNull();
    }
    expect(route(request('/api/stories', { method: 'POST' }))).toBeNull();
    // Wherever the service is, its stories are beside its list.
    const service = new URL('https://api.example/prod/nodes');
    expect(storiesUrlOf(service).href).toBe('https://api.example/prod/stories');
    expect(route(request('https://api.example/prod/stories'), service)).toBe('stories');
    expect(route(request('/api/stories'), service)).toBeNull();
    // The story pages themselves are the built document, as every public page.
    for (const path of ['/stories', '/story/the-walk', '/es/story/the-walk/2']) {
      expect(route(request(path, { mode: 'navigate' })), path).toBe('document');
    }
  });

  it('keeps pictures and captures, the provider’s thumbnails and a media host’s over HTTPS', () => {
    expect(route(request('/sample/a/1-card.jpg'))).toBe('image');
    expect(route(request('/map.webp'))).toBe('image');
    expect(route(request('/uploads/abc.webp'))).toBe('image');
    expect(route(request('/sample/a/house.glb'))).toBe('capture');
    expect(route(request('https://i.ytimg.com/vi/x/hqdefault.jpg'))).toBe('image');
    expect(route(request('https://media.example/photos/1.jpg'))).toBe('image');
    expect(route(request('https://media.example/captures/1.spz'))).toBe('capture');
    expect(route(request('http://media.example/photos/1.jpg'))).toBeNull();
    expect(route(request('https://media.example/script.js'))).toBeNull();
  });

  it('touches no request that is not a plain GET or that carries credentials', () => {
    expect(route(request('/api/nodes', { method: 'POST' }))).toBeNull();
    expect(route(request('/sample/a/1.jpg', { method: 'HEAD' }))).toBeNull();
    expect(route(request('/api/nodes', { authorized: true }))).toBeNull();
    expect(route(request('/sample/a/1.jpg', { authorized: true }))).toBeNull();
  });

  it('keeps only a whole, public answer', () => {
    const answer = (headers: Record<string, string>, status = 200, type = 'basic') => ({
      status,
      type,
      headers: new Headers(headers),
    });
    expect(mayKeep(answer({ 'cache-control': 'no-cache' }))).toBe(true);
    expect(mayKeep(answer({ 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(true);
    expect(mayKeep(answer({ vary: 'Accept-Encoding, Origin' }))).toBe(true);
    expect(mayKeep(answer({ 'cache-control': 'private, no-store' }))).toBe(false);
    expect(mayKeep(answer({ 'cache-control': 'no-store' }))).toBe(false);
    expect(mayKeep(answer({ 'cache-control': 'max-age=60, private' }))).toBe(false);
    expect(mayKeep(answer({ 'set-cookie': 'session=1' }))).toBe(false);
    expect(mayKeep(answer({ vary: 'Cookie' }))).toBe(false);
    expect(mayKeep(answer({ vary: 'Authorization' }))).toBe(false);
    expect(mayKeep(answer({}, 206))).toBe(false);
    expect(mayKeep(answer({}, 404))).toBe(false);
    expect(mayKeep(answer({}, 0, 'opaque'))).toBe(false);
  });

  it('sends an address without a language where the server would have', () => {
    const url = new URL('/video/a?q=tree', ORIGIN);
    expect(offlineLanguageRedirect(url, 'lang=es', ['en-US'])).toBe('/es/video/a?q=tree');
    expect(offlineLanguageRedirect(url, null, ['bs-BA', 'en'])).toBe('/bs/video/a?q=tree');
    // A remembered English is said outright, as the server does.
    expect(offlineLanguageRedirect(url, 'lang=en', ['es-MX'])).toBe('/en/video/a?q=tree');
    expect(offlineLanguageRedirect(url, null, ['en-GB'])).toBeNull();
    expect(offlineLanguageRedirect(url, 'lang=xx', ['fr'])).toBeNull();
    expect(offlineLanguageRedirect(new URL('/es/video/a', ORIGIN), 'lang=bs', [])).toBeNull();
  });
});
