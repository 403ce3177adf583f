/**
 * An import's file read into rows (issue 45): the limits stop a file of any shape early and say
 * which, the CSV parser's own errors name the row, rows are numbered as a spreadsheet numbers
 * them, and the reading and the plan give way to other work between slices, so no file holds the
 * server for long.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_CSV_COLUMNS } from '@/lib/archiveCsv';
import { planImportSteps } from '@/lib/archiveImport';
import { readImportFile } from '../../../../server/imports/importFile';
import { ImportFileRefused } from '../../../../server/imports/importLimits';
import { createSlicer, runInSlices } from '../../../../server/support/slices';

const read = (format: 'csv' | 'json', text: string) => readImportFile(format, text, createSlicer());

async function refusal(format: 'csv' | 'json', text: string): Promise<ImportFileRefused> {
  const error = await read(format, text).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ImportFileRefused);
  return error as ImportFileRefused;
}

describe('a CSV file', () => {
  it('with a quote that never closes is refused, naming the row where it opens', async () => {
    const csv = [
      'video_id,title,lat,lng',
      'a,A,1,2',
      '',
      'b,"Opens a quote,1,2',
      'c,C,1,2',
      'd,D,1,2',
    ].join('\r\n');
    const error = await refusal('csv', csv);
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Row 4 opens a quoted cell (") that never closes, so every row after it would be read into that one cell. Close the quote or remove it.',
    );
    // Past a cell of several lines, the row and the line differ, and both are said.
    const multiline = 'video_id,description\na,"one\ntwo"\nb,"never closed\nc,x\n';
    expect((await refusal('csv', multiline)).message).toMatch(/^Row 3 \(line 4\) opens a quoted/);
  });

  it('with more rows than an import takes is refused as soon as the reading gets there', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `r${i},R,1,2`);
    const error = await refusal('csv', `video_id,title,lat,lng\n${rows.join('\n')}`);
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      'The file holds more than 10,000 rows; import it in parts of at most 10,000 rows each.',
    );
    // Exactly the limit is taken.
    const full = await read('csv', `video_id,title,lat,lng\n${rows.slice(0, 10_000).join('\n')}`);
    expect(full.entries).toHaveLength(10_000);
  });

  it('refuses a row of millions of cells before it is built, and a row longer than its header by row', async () => {
    const wide = await refusal('csv', `video_id,title\na,${','.repeat(2_000_000)}`);
    expect(wide.message).toBe(
      `Row 2 holds more than 200 cells; a row of this archive has at most ${ARCHIVE_CSV_COLUMNS.length}.`,
    );
    const { entries } = await read('csv', 'video_id,title,lat,lng\na,A,1,2,extra\nb,B,1,2');
    expect(entries[0]).toMatchObject({
      row: 'Row 2',
      refused: [
        'This row has 5 cells where the header names 4: a separator or a quote may be missing.',
      ],
    });
    expect(entries[1]).toMatchObject({ row: 'Row 3', entry: { video_id: 'b' } });
  });

  it('of blank lines only is read quickly, as no rows', async () => {
    const { entries } = await read('csv', `video_id,title\n${'\n'.repeat(3_000_000)}`);
    expect(entries).toEqual([]);
  });
});

describe('a JSON file', () => {
  it('of more rows than an import takes is refused before any row is built', async () => {
    const error = await refusal('json', `[${'{},'.repeat(2_000_000)}{}]`);
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/^The file holds more than 10,000 rows/);
  });

  it('refuses a row nested too deep or holding too many values, naming it', async () => {
    const deep = await refusal('json', `[{"a":1},{"b":${'['.repeat(40)}${']'.repeat(40)}}]`);
    expect(deep.message).toBe(
      'Row #2 (line 1) nests more than 16 levels deep; an item needs a few.',
    );
    const wide = await refusal('json', `[\n{"a":[${'0,'.repeat(6_000)}0]}]`);
    expect(wide.message).toMatch(/^Row #1 \(line 2\) holds more than 5,000 values/);
  });

  it('reads an export whole: only its nodes, the journal passed over unbuilt', async () => {
    const exported = JSON.stringify(
      {
        exported_at: '2026-11-27T00:00:00Z',
        nodes: [{ video_id: 'a', lat: 1, lng: 2 }, { video_id: 'b' }],
        deleted: [{ video_id: 'gone' }],
        // A journal larger than any row may be: it is never built.
        journal: [{ after: { list: Array.from({ length: 20_000 }, (_, i) => i) } }],
      },
      null,
      1,
    );
    const { entries } = await read('json', exported);
    expect(entries.map(({ row, line, entry }) => [row, line, entry])).toEqual([
      ['#1', 4, { video_id: 'a', lat: 1, lng: 2 }],
      ['#2', 9, { video_id: 'b' }],
    ]);
  });

  it('that is not JSON, or no list, is refused saying so', async () => {
    expect((await refusal('json', '[{"a":1} {"b":2}]')).message).toBe(
      'The file is not valid JSON: a "," is missing before line 1.',
    );
    expect((await refusal('json', '[{"a":')).message).toBe(
      'The file is not valid JSON: it ends before everything it opens is closed.',
    );
    expect((await refusal('json', '{"exported_at":"x"}')).message).toBe(
      'The archive is not a list of nodes (got an object without a "nodes" list).',
    );
    expect((await refusal('json', '"text"')).message).toBe(
      'The archive is not a list of nodes (got "text").',
    );
  });
});

describe('the largest files an import takes', () => {
  /** The longest the event loop was held while `work` ran, ms. */
  async function longestHold(work: () => Promise<unknown>): Promise<number> {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await work();
    delay.disable();
    return delay.max / 1e6;
  }

  it('are read and planned in slices: the thread is never held for long', async () => {
    const description = 'Trees down on the street, a roof torn off, people helping. '.repeat(20);
    const csv = [
      'video_id,title,description,youtube_url,categories,lat,lng',
      ...Array.from(
        { length: 10_000 },
        (_, i) => `item-${i},Item ${i},"${description}",dQw4w9WgXcQ,"Damage; Cleanup",38.6,-90.3`,
      ),
    ].join('\r\n');
    const hostile = `[${'{},'.repeat(5_000_000)}{}]`;
    let planned = 0;
    const held = await longestHold(async () => {
      const slicer = createSlicer();
      const file = await readImportFile('csv', csv, slicer);
      const plan = await runInSlices(planImportSteps(file.entries, []), slicer);
      planned = plan.counts.create;
      await readImportFile('json', hostile, slicer).catch(() => undefined);
    });
    expect(planned).toBe(10_000);
    // Slices are 20 ms; the bound leaves room for a busy machine. Read in one go, the same work
    // held the thread for seconds.
    expect(held).toBeLessThan(400);
  }, 120_000);
});
