/**
 * The archive's preservation package (issue 52): what the bag holds (the published items and
 * stories, their journal, every photo the archive stores or serves itself, the licences and
 * terms), what it leaves out (deleted items and their history, drafts), that it verifies, that an
 * export cut off half way resumes without writing again what it had, and that the download's tar
 * stream unpacks with GNU tar into the same, valid bag.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bagWriter,
  createBagWriter,
  folderState,
  verifyBag,
} from '../../../../server/preservation/bagit';
import {
  siteFileOf,
  writeArchiveBag,
  type BagProgress,
} from '../../../../server/preservation/archiveBag';
import { tarSink } from '../../../../server/preservation/tarStream';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { createFolderStorage } from '../../../../server/uploads/folderStorage';
import { newUploadKeys } from '../../../../server/uploads/mediaStorage';
import { storySeed } from '../support/storyFixtures';

const scratch = mkdtempSync(join(tmpdir(), 'globe-archive-bag-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NOW = new Date('2026-12-03T12:00:00Z');
const ABOUT = { siteUrl: 'https://archive.example.org', contact: 'editors@archive.example.org' };
const PHOTO = Buffer.alloc(300_000, 9);
const SITE_PHOTO = Buffer.from('a sample photo served by the site itself');

let count = 0;
const media = createFolderStorage({ dir: join(scratch, 'uploads') });
const siteFolder = join(scratch, 'site');
const keys = newUploadKeys();
const missing = newUploadKeys();

/** The archive: the story fixtures' items, a gallery of an uploaded photo, one whose photo is gone, and a deleted item. */
async function archive() {
  const seed = storySeed();
  seed.nodes.push(
    {
      video_id: 'uploaded',
      type: 'gallery',
      title: 'Uploaded by a neighbour',
      images: [
        { thumbUrl: media.urlOf(keys.thumb), fullUrl: media.urlOf(keys.full) },
        { thumbUrl: '/sample/walk/thumb.jpg', fullUrl: '/sample/walk/1.jpg' },
      ],
      lat: 38.65,
      lng: -90.3,
    },
    {
      video_id: 'lost-photo',
      type: 'gallery',
      title: 'A photo since lost',
      images: [{ thumbUrl: media.urlOf(missing.thumb), fullUrl: media.urlOf(missing.full) }],
      lat: 38.64,
      lng: -90.31,
    },
    {
      video_id: 'taken-down',
      title: 'Taken down at its maker’s request',
      youtube_id: 'aaaaaaaaaaa',
      lat: 38.6,
      lng: -90.2,
    },
  );
  const store = createMemoryStore(seed);
  const retitle = async (id: string, title: string) => {
    const stored = await store.getNode(id);
    if (stored === null) throw new Error(`no ${id}`);
    await store.updateNode(id, { ...stored.node, title }, stored.version, 'ed');
  };
  await retitle('taken-down', 'A name that must not travel');
  await store.deleteNode('taken-down', 2, 'ed');
  await retitle('porch', 'On the porch, at dawn');
  return store;
}

beforeAll(async () => {
  await media.put(keys.full, PHOTO, 'image/jpeg');
  mkdirSync(join(siteFolder, 'sample', 'walk'), { recursive: true });
  writeFileSync(join(siteFolder, 'sample', 'walk', '1.jpg'), SITE_PHOTO);
});

const read = (root: string, path: string) => readFileSync(join(root, 'data', path), 'utf8');

describe('the archive as a bag', () => {
  it('holds the published archive, its photos and its history, and verifies', async () => {
    const root = join(scratch, `bag-${++count}`);
    const summary = await writeArchiveBag(await createBagWriter(root), {
      store: await archive(),
      media,
      about: ABOUT,
      siteFolder,
      now: NOW,
    });
    const report = await verifyBag(root);
    expect(report).toMatchObject({ valid: true, missing: [], changed: [], unlisted: [] });
    expect(summary).toMatchObject({ items: 5, stories: 1, files: report.files });
    // The roofs' photo is named at this archive's uploads, where nothing is stored under its name.
    expect(summary.notFound).toEqual(['/uploads/r.jpg', media.urlOf(missing.full)]);

    const items = JSON.parse(read(root, 'items.json')) as {
      items: { id: string }[];
      stories: unknown[];
    };
    expect(items.items.map((item) => item.id).sort()).toEqual(
      ['lost-photo', 'porch', 'roofs', 'street', 'uploaded'].sort(),
    );
    expect(items.stories).toHaveLength(1);
    expect(read(root, 'items.csv')).toContain('On the porch, at dawn');
    const stories = JSON.parse(read(root, 'stories.json')) as { stories: { story_id: string }[] };
    expect(stories.stories.map((s) => s.story_id)).toEqual(['the-walk']);
    // A row per stop; the hostile heading is a cell, a formula-like one behind a quote.
    expect(read(root, 'stories.csv').trim().split('\r\n')).toHaveLength(1 + 3);

    // The journal: the porch's edit, nothing of the item taken down, not even its name.
    const journal = read(root, 'journal.json');
    expect(JSON.parse(journal)).toMatchObject({
      items: [{ nodeId: 'porch', action: 'update', who: 'ed' }],
    });
    expect(journal).not.toContain('taken-down');
    expect(read(root, 'items.json')).not.toContain('must not travel');

    // Every photo the archive keeps, byte for byte; those kept elsewhere named by address.
    expect(readFileSync(join(root, 'data', 'media', ...keys.full.split('/')))).toEqual(PHOTO);
    expect(readFileSync(join(root, 'data/media/site/sample/walk/1.jpg'))).toEqual(SITE_PHOTO);
    const rows = read(root, 'media.csv')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('item,role,url,file');
    expect(rows).toContain(`uploaded,photo,${media.urlOf(keys.full)},data/media/${keys.full}`);
    expect(rows).toContain(`lost-photo,photo,${media.urlOf(missing.full)},not found`);
    expect(rows).toContain('porch,video,https://www.youtube.com/watch?v=ScMzIvxBSi4,');

    expect(JSON.parse(read(root, 'licences.json'))).toContainEqual(
      expect.objectContaining({
        id: 'CC-BY-4.0',
        url: 'https://creativecommons.org/licenses/by/4.0/',
      }),
    );
    const terms = JSON.parse(read(root, 'terms.json')) as {
      versions: { version: string }[];
      translations: object;
    };
    expect(terms.versions.map((v) => v.version)).toContain('2026-11-26');
    expect(Object.keys(terms.translations)).toEqual(['es', 'bs']);

    const info = readFileSync(join(root, 'bag-info.txt'), 'utf8');
    expect(info).toContain('Source-Organization: Globe Archive\n');
    expect(info).toContain('Organization-Address: https://archive.example.org\n');
    expect(info).toContain('Contact-Email: editors@archive.example.org\n');
    expect(info).toContain('Bagging-Date: 2026-12-03\n');
    expect(info).toContain(`Payload-Oxum: ${report.bytes}.${report.files}\n`);
  });

  it('resumes an export cut off half way, keeping the photos it had written whole', async () => {
    const root = join(scratch, `bag-${++count}`);
    const store = await archive();
    const cutOff = (progress: BagProgress) => {
      if (progress.stage === 'media' && progress.done === 2) throw new Error('the disk is full');
    };
    await expect(
      writeArchiveBag(await createBagWriter(root), {
        store,
        media,
        about: ABOUT,
        siteFolder,
        now: NOW,
        onProgress: cutOff,
      }),
    ).rejects.toThrow('the disk is full');
    expect(await folderState(root)).toBe('unfinished');
    expect((await verifyBag(root)).valid).toBe(false);
    // A fresh export may not write over it, only a resumed one.
    await expect(createBagWriter(root)).rejects.toThrow(/unfinished export/);

    const first = join(root, 'data', 'media', ...keys.full.split('/'));
    const before = statSync(first);
    const seen: BagProgress[] = [];
    await writeArchiveBag(await createBagWriter(root, { resume: true }), {
      store,
      media,
      about: ABOUT,
      siteFolder,
      now: NOW,
      onProgress: (progress) => seen.push(progress),
    });
    expect(statSync(first).ino).toBe(before.ino);
    expect(statSync(first).mtimeMs).toBe(before.mtimeMs);
    expect((await verifyBag(root)).valid).toBe(true);
    expect(await folderState(root)).toBe('bag');
    expect(seen.at(-1)).toMatchObject({ stage: 'tags', done: 4, total: 4 });
  });

  it('streams as a tar file that unpacks into the same valid bag', async () => {
    const folder = join(scratch, `bag-${++count}`);
    await writeArchiveBag(await createBagWriter(folder), {
      store: await archive(),
      media,
      about: ABOUT,
      siteFolder,
      now: NOW,
    });
    const { sink, stream } = tarSink('globe-archive-bag-2026-12-03', NOW);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    await writeArchiveBag(bagWriter(sink), {
      store: await archive(),
      media,
      about: ABOUT,
      siteFolder,
      now: NOW,
    });
    await ended;
    const tar = join(scratch, `bag-${++count}.tar`);
    writeFileSync(tar, Buffer.concat(chunks));
    const out = join(scratch, `unpacked-${count}`);
    mkdirSync(out);
    execFileSync('tar', ['-xf', tar, '-C', out]);
    const root = join(out, 'globe-archive-bag-2026-12-03');
    expect(await verifyBag(root)).toMatchObject({
      valid: true,
      missing: [],
      changed: [],
      unlisted: [],
    });
    // The same photos, byte for byte, as the folder's (the journal's times differ: two archives).
    const photos = (bag: string) =>
      readFileSync(join(bag, 'manifest-sha256.txt'), 'utf8')
        .split('\n')
        .filter((line) => line.includes(' data/media/'));
    expect(photos(root)).toHaveLength(2);
    expect(photos(root)).toEqual(photos(folder));
  });

  it('reads only paths inside the site folder for an address on the site', () => {
    expect(siteFileOf('/sample/walk/1.jpg')).toBe('sample/walk/1.jpg');
    expect(siteFileOf('/sample/my%20walk/1.jpg')).toBe('sample/my walk/1.jpg');
    for (const hostile of [
      '/../etc/passwd',
      '/sample/%2e%2e/%2e%2e/etc/passwd',
      '/sample/..%2f..%2fsecret',
      '//evil.example/x.jpg',
      'https://evil.example/x.jpg',
      '/sample/x.jpg?v=1',
      '/sample\\..\\x.jpg',
      '/sample/%zz.jpg',
      '/sample//x.jpg',
    ])
      expect(siteFileOf(hostile), hostile).toBeNull();
  });
});
