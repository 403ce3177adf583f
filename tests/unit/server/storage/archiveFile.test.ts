import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ArchiveFileError,
  loadArchiveSeed,
  readArchiveFile,
  reportArchive,
} from '../../../../server/storage/archiveFile';

const temp = mkdtempSync(join(tmpdir(), 'globe-archive-file-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(temp, name);
  writeFileSync(path, content);
  return path;
}

async function failure(path: string, display?: string): Promise<string> {
  const error = await readArchiveFile(path, display).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ArchiveFileError);
  return (error as Error).message;
}

const GOOD = { video_id: 'a', title: 'A', lat: 1, lng: 2 };

describe('readArchiveFile', () => {
  it('reads a list of nodes', async () => {
    expect(await readArchiveFile(file('list.json', JSON.stringify([GOOD])))).toEqual([GOOD]);
  });

  it('reads the { "nodes": [...] } envelope of the sample archive', async () => {
    const path = file(
      'envelope.json',
      JSON.stringify({ sample: true, description: 'x', nodes: [GOOD] }),
    );
    expect(await readArchiveFile(path)).toEqual([GOOD]);
  });

  it('accepts a file saved with a byte-order mark', async () => {
    expect(await readArchiveFile(file('bom.json', `\uFEFF${JSON.stringify([GOOD])}`))).toEqual([
      GOOD,
    ]);
  });

  it('names a missing file', async () => {
    const message = await failure(join(temp, 'nope.json'), 'archive/nope.json');
    expect(message).toContain('"archive/nope.json"');
    expect(message).toContain('does not exist');
  });

  it('gives the line and column of invalid JSON', async () => {
    const path = file('bad.json', '[\n  {"video_id": "a"},\n  {"video_id": "b",}\n]');
    const message = await failure(path, 'bad.json');
    expect(message).toMatch(/^Archive file "bad\.json" is not valid JSON: .* at line 3, column 20/);
  });

  it('reports where a truncated file ends', async () => {
    const cut = await failure(file('cut.json', '[\n  {"video_id": "a"}'), 'cut.json');
    expect(cut).toMatch(/not valid JSON: .* at line 2, column 20 \(character 21\)\.$/);
    const bracket = await failure(file('bracket.json', '['), 'bracket.json');
    expect(bracket).toMatch(/Unexpected end of JSON input at line 1, column 2/);
  });

  it('refuses JSON that is not a list of nodes', async () => {
    for (const content of ['{"items": []}', '42', '"nodes"', 'null']) {
      const message = await failure(file('notlist.json', content), 'notlist.json');
      expect(message).toMatch(/^Archive file "notlist\.json" must hold a list of nodes/);
    }
  });

  it('refuses an empty file and a folder', async () => {
    expect(await failure(file('empty.json', '  \n'))).toMatch(/is empty/);
    expect(await failure(temp)).toMatch(/is a folder/);
  });
});

describe('reportArchive / loadArchiveSeed', () => {
  const entries = [GOOD, { title: 'no id' }, { video_id: 'b', lat: 1, lng: 2, title: '' }, GOOD];

  it('warns once per problem node and sums up, without removing anything', async () => {
    const lines: string[] = [];
    const path = file('mixed.json', JSON.stringify(entries));
    const loaded = (await loadArchiveSeed(path, 'mixed.json', (line) => lines.push(line))).nodes;
    expect(loaded).toEqual(entries);
    expect(lines).toHaveLength(4); // three problem nodes and the summary
    expect(lines[0]).toMatch(/^Archive file "mixed\.json": Archive node #2 dropped: no video_id/);
    expect(lines[1]).toMatch(/"b" \(#3\) repaired: no title/);
    expect(lines[2]).toMatch(/"a" \(#4\) dropped: duplicate video_id/);
    expect(lines[3]).toBe(
      'Archive file "mixed.json": 4 entries, 2 shown by the app; 1 repaired, 2 not shown (kept in the data).',
    );
  });

  it('says so when there is nothing to fix', () => {
    const lines: string[] = [];
    const report = reportArchive([GOOD], 'x', (line) => lines.push(line));
    expect(report).toEqual({ entries: 1, shown: 1, repaired: 0, dropped: 0 });
    expect(lines).toEqual(['x: 1 entry, 1 shown by the app; no problems.']);
  });
});
