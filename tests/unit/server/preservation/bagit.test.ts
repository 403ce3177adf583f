/**
 * BagIt 1.0 (RFC 8493, issue 52): a bag written file by file (bytes and streams) verifies, with
 * its tag files as the RFC lays them out; a byte changed, a file removed or added, a tag file
 * edited, a wrong Payload-Oxum are each named; and a hostile bag (a manifest path that leaves
 * the bag, a line that is no manifest line, a symbolic link) is refused, never followed.
 */
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createBagWriter,
  decodeBagPath,
  encodeBagPath,
  safeBagPath,
  verifyBag,
} from '../../../../server/preservation/bagit';
import { reportLines } from '../../../../scripts/preservation/verifyBag';

const scratch = mkdtempSync(join(tmpdir(), 'globe-bagit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let count = 0;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A bag of three files: JSON text, a photo's bytes streamed in chunks, a name with spaces. */
async function sampleBag() {
  const root = join(scratch, `bag-${++count}`);
  const bag = await createBagWriter(root);
  const photo = Buffer.alloc(200_000, 7);
  await bag.add('items/archive.json', '{"nodes":[]}\n');
  await bag.add(
    'media/porch/photo 1.jpg',
    Readable.from([photo.subarray(0, 65_536), photo.subarray(65_536)]),
  );
  await bag.add('licences/CC-BY-4.0.txt', new Uint8Array([1, 2, 3]));
  const written = await bag.finish(
    [
      ['Source-Organization', 'Globe Archive'],
      ['External-Description', 'Community media of the\n16 May 2025 tornado'],
    ],
    new Date('2026-12-03T10:00:00Z'),
  );
  return { root, photo, written };
}

describe('a bag written by createBagWriter', () => {
  it('has the tag files RFC 8493 lays out, and verifies', async () => {
    const { root, photo, written } = await sampleBag();
    const bytes = 13 + photo.length + 3;
    expect(written).toEqual({ files: 3, bytes });
    expect(readFileSync(join(root, 'bagit.txt'), 'utf8')).toBe(
      'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n',
    );
    expect(readFileSync(join(root, 'bag-info.txt'), 'utf8')).toBe(
      'Source-Organization: Globe Archive\n' +
        'External-Description: Community media of the\n  16 May 2025 tornado\n' +
        'Bagging-Date: 2026-12-03\n' +
        `Payload-Oxum: ${bytes}.3\n`,
    );
    expect(readFileSync(join(root, 'manifest-sha256.txt'), 'utf8')).toBe(
      `${sha256('{"nodes":[]}\n')}  data/items/archive.json\n` +
        `${sha256(Buffer.from([1, 2, 3]))}  data/licences/CC-BY-4.0.txt\n` +
        `${sha256(photo)}  data/media/porch/photo 1.jpg\n`,
    );
    const tags = readFileSync(join(root, 'tagmanifest-sha256.txt'), 'utf8');
    expect(tags.split('\n').map((line) => line.split('  ')[1])).toEqual([
      'bagit.txt',
      'bag-info.txt',
      'manifest-sha256.txt',
      undefined,
    ]);
    const report = await verifyBag(root);
    expect(report).toEqual({
      valid: true,
      missing: [],
      changed: [],
      unlisted: [],
      problems: [],
      files: 3,
      bytes,
    });
    expect(reportLines('the-bag', report)).toEqual([
      `the-bag: a valid bag, 3 files, ${bytes} bytes; every SHA-256 matches.`,
    ]);
  });

  it('refuses a payload path that would leave the bag, and the same file twice', async () => {
    const bag = await createBagWriter(join(scratch, `bag-${++count}`));
    for (const path of ['../outside.txt', '/etc/passwd', 'a/../../b', 'C:/x', 'a\\b', ''])
      await expect(bag.add(path, 'x')).rejects.toThrow(/Not a path inside the bag/);
    await bag.add('same.txt', 'x');
    await expect(bag.add('same.txt', 'y')).rejects.toThrow(/already has data\/same.txt/);
  });
});

describe('verifyBag names what is wrong', () => {
  it('a changed byte, a missing file and a file no manifest lists', async () => {
    const { root } = await sampleBag();
    appendFileSync(join(root, 'data/items/archive.json'), ' ');
    unlinkSync(join(root, 'data/licences/CC-BY-4.0.txt'));
    writeFileSync(join(root, 'data/stray.txt'), 'not listed');
    const report = await verifyBag(root);
    expect(report.valid).toBe(false);
    expect(report.changed).toEqual(['data/items/archive.json']);
    expect(report.missing).toEqual(['data/licences/CC-BY-4.0.txt']);
    expect(report.unlisted).toEqual(['data/stray.txt']);
    // The Oxum counts the manifest's files: one byte more, and one of them gone.
    expect(report.problems).toEqual([expect.stringMatching(/^Payload-Oxum says \d+ bytes in 3/)]);
    expect(reportLines('b', report)).toEqual([
      'b: NOT a valid bag.',
      expect.stringMatching(/^ {2}problem: Payload-Oxum/),
      '  missing: data/licences/CC-BY-4.0.txt',
      '  changed: data/items/archive.json',
      '  not in the manifest: data/stray.txt',
    ]);
  });

  it('a tag file edited after the bag was made', async () => {
    const { root } = await sampleBag();
    appendFileSync(join(root, 'bag-info.txt'), 'Contact-Email: someone@example.org\n');
    const report = await verifyBag(root);
    expect(report.changed).toEqual(['bag-info.txt']);
    expect(report.valid).toBe(false);
  });

  it('a folder that is no bag', async () => {
    const root = join(scratch, `empty-${++count}`);
    const report = await verifyBag(root);
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      'no bagit.txt: not a bag',
      'no manifest-sha256.txt',
      'no data/ folder',
    ]);
  });
});

describe('a hostile bag', () => {
  it('is refused, never followed: paths out of the bag, lines that are no manifest lines, links', async () => {
    const { root } = await sampleBag();
    const manifest = join(root, 'manifest-sha256.txt');
    const hash = '0'.repeat(64);
    appendFileSync(
      manifest,
      `${hash}  data/../../../etc/passwd\n${hash}  /etc/shadow\nnot a manifest line\n`,
    );
    symlinkSync('/etc/hostname', join(root, 'data/link.txt'));
    const report = await verifyBag(root);
    expect(report.valid).toBe(false);
    expect(report.problems).toEqual([
      'manifest-sha256.txt line 4 names a path outside the bag',
      'manifest-sha256.txt line 5 names a path outside the bag',
      'manifest-sha256.txt line 6 is not "<SHA-256> <path>"',
      'data/link.txt is a symbolic link',
      // The tag manifest's hash of the manifest no longer holds either.
    ]);
    expect(report.changed).toEqual(['manifest-sha256.txt']);
    // Nothing outside the bag was read as one of its files.
    expect(report.missing).toEqual([]);
  });

  it('a manifest path percent-encodes line breaks and %, as RFC 8493 §2.1.3 says', () => {
    const name = 'data/a%b\nc\rd.txt';
    expect(encodeBagPath(name)).toBe('data/a%25b%0Ac%0Dd.txt');
    expect(decodeBagPath(encodeBagPath(name))).toBe(name);
    expect(safeBagPath('data/./x')).toBeNull();
    expect(safeBagPath('data//x')).toBeNull();
    expect(safeBagPath('data/x\0')).toBeNull();
    expect(safeBagPath('data/photos/1.jpg')).toBe('data/photos/1.jpg');
  });
});
