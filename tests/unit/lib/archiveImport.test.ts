/**
 * The archive's CSV and an import's plan (issue 32): the export read back changes nothing, a
 * volunteer's spreadsheet reads as written, formulas never reach a spreadsheet, and each row says
 * what it would do in the archive file's words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_CSV_COLUMNS, archiveToCsv, escapeCell, unescapeCell } from '@/lib/archiveCsv';
import { archiveInputs, planImport, withPlaces, type ImportEntry } from '@/lib/archiveImport';
import type { StoredNode } from '@/lib/archiveRecords';
import { readImportFile } from '../../../server/imports/importFile';
import { createSlicer } from '../../../server/support/slices';
import { archiveEntries, describeProblem, normalizeArchive } from '@/lib/nodeModel';

const SAMPLE = archiveEntries(
  JSON.parse(
    readFileSync(new URL('../../../server/data/sample-archive.json', import.meta.url), 'utf8'),
  ),
);

const stored = (nodes: readonly unknown[]): StoredNode[] =>
  nodes.map((node) => ({ node: node as Record<string, unknown>, version: 1, deleted: false }));

/** A CSV file's rows as the nodes-service reads them. */
const entriesOf = async (csv: string): Promise<ImportEntry[]> =>
  (await readImportFile('csv', csv, createSlicer())).entries;

describe('the archive as CSV', () => {
  it('reads its own export back to the same items: a round trip changes nothing', async () => {
    const inputs = archiveInputs(SAMPLE);
    expect(inputs.length).toBe(normalizeArchive(SAMPLE).nodes.length);
    const csv = archiveToCsv(inputs);
    expect(csv.startsWith(`\uFEFF${ARCHIVE_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    const entries = await entriesOf(csv);
    expect(entries).toHaveLength(inputs.length);

    const again = planImport(entries, stored(SAMPLE));
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: inputs.length, refused: 0 });
    // Into an empty archive, every item comes out as it went in.
    const fresh = planImport(entries, []);
    expect(fresh.counts.create).toBe(inputs.length);
    expect(fresh.rows.map((row) => (row.action === 'create' ? row.node : row))).toEqual(inputs);
  });

  it('keeps text a spreadsheet would run as a formula from running, and gives it back as written', async () => {
    for (const text of [
      '=HYPERLINK("http://evil.example","x")',
      '+1',
      '-2',
      '@SUM(A1)',
      "'=x",
      "'plain",
      'plain',
    ]) {
      expect(unescapeCell(escapeCell(text)), text).toBe(text);
    }
    expect(escapeCell('=1+1')).toBe("'=1+1");
    expect(escapeCell('plain')).toBe('plain');
    const [input] = archiveInputs([
      {
        video_id: 'formula',
        title: '=HYPERLINK("http://evil.example","Click")',
        description: '- first\n- second, with "quotes"',
        youtube_id: 'dQw4w9WgXcQ',
        categories: ['+Volunteers'],
        lat: 38.6,
        lng: -90.25,
        credit: '@sam',
      },
    ]);
    if (!input) throw new Error('the item was not read');
    const csv = archiveToCsv([input]);
    // No cell of the file starts with a formula character; the coordinates stay numbers.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain("'@sam");
    expect(csv).toContain(',-90.25,');
    const [row] = planImport(await entriesOf(csv), []).rows;
    expect(row?.action === 'create' && row.node).toEqual(input);
  });

  it('reads a volunteer’s spreadsheet: any column order, ids or links, lists, semicolons, photos', async () => {
    const csv = [
      'title;lat;lng;youtube_url;categories;video_id;notes',
      'Hail on Page;38.66;-90.25;ScMzIvxBSi4;"Storm; Damage";hail-page;from Jo',
      'Porch;38.65;-90.26;;Volunteers;porch;',
      '"Street, after";38.64;-90.27;https://youtu.be/dQw4w9WgXcQ;;street;',
    ].join('\n');
    const read = await readImportFile('csv', csv, createSlicer());
    expect(read.notes).toEqual(['The column "notes" is not a field of an item: ignored.']);
    const plan = planImport(read.entries, []);
    expect(plan.rows.map((row) => [row.row, row.action])).toEqual([
      ['Row 2', 'create'],
      ['Row 3', 'refused'],
      ['Row 4', 'create'],
    ]);
    const [hail, porch, street] = plan.rows;
    expect(hail?.action === 'create' && hail.node).toMatchObject({
      youtube_id: 'ScMzIvxBSi4',
      youtube_url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
      categories: ['Storm', 'Damage'],
    });
    expect(street?.action === 'create' && street.node.title).toBe('Street, after');
    // A video without its link: the form's own words.
    expect(porch?.action === 'refused' && porch.reasons).toEqual([
      'Give the YouTube link of the video.',
    ]);

    const photos = await entriesOf(
      [
        'video_id,title,lat,lng,images',
        'yard,Yard,38.6,-90.3,"/uploads/a.jpg|/uploads/a-thumb.jpg|/uploads/a-card.jpg; https://photos.example/b.jpg"',
      ].join('\r\n'),
    );
    const [yard] = planImport(photos, []).rows;
    expect(yard?.action === 'create' && yard.node).toMatchObject({
      type: 'gallery',
      images: [
        {
          fullUrl: '/uploads/a.jpg',
          thumbUrl: '/uploads/a-thumb.jpg',
          cardUrl: '/uploads/a-card.jpg',
        },
        { fullUrl: 'https://photos.example/b.jpg', thumbUrl: 'https://photos.example/b.jpg' },
      ],
    });
  });

  it('numbers rows as a spreadsheet does, and says the line each starts on past cells that hold line breaks', async () => {
    const csv =
      'video_id,title,description,lat,lng,youtube_url\r\n\r\na,A,"one\r\ntwo\r\nthree",1,2,dQw4w9WgXcQ\r\n,,,,,\r\nb,B,,x,2,dQw4w9WgXcQ\r\nc,C,,1,2,dQw4w9WgXcQ\r\n';
    const plan = planImport(await entriesOf(csv), []);
    // The header is row 1; the blank line is row 2 and the row of empty cells row 4, as a
    // spreadsheet shows them; the cell of three lines moves the file's lines on, not the rows.
    expect(plan.rows.map(({ row, line }) => [row, line])).toEqual([
      ['Row 3', 3],
      ['Row 5', 7],
      ['Row 6', 8],
    ]);
    expect(plan.rows[1]).toMatchObject({ action: 'refused', id: 'b' });
    // A line break inside a cell is a line break, not a control character to report.
    expect(plan.rows[0]).toMatchObject({ action: 'create', notes: [] });
    expect(plan.rows[0]?.action === 'create' && plan.rows[0].node.description).toBe(
      'one\ntwo\nthree',
    );
  });

  it('refuses a file that is not the archive’s CSV, saying why', async () => {
    await expect(entriesOf('')).rejects.toThrow('The file is empty.');
    await expect(entriesOf('title,lat\nA,1')).rejects.toThrow(/video_id/);
  });
});

describe('an import’s plan', () => {
  const ARCHIVE = [
    { video_id: 'kept', title: 'Kept', youtube_id: 'dQw4w9WgXcQ', lat: 38.6, lng: -90.2 },
    {
      video_id: 'edited',
      title: 'Edited',
      youtube_id: 'dQw4w9WgXcQ',
      lat: 38.6,
      lng: -90.2,
      categories: ['Damage'],
    },
  ];

  it('says what each row does: adds, changes (with the differences), nothing, or refused in the archive file’s words', () => {
    const entries: ImportEntry[] = [
      { row: '#1', entry: ARCHIVE[0] },
      {
        row: '#2',
        entry: {
          ...ARCHIVE[1],
          title: 'Edited again',
          categories: ['Damage', 'Storm'],
          links: ['kept', 'new'],
        },
      },
      {
        row: '#3',
        entry: {
          video_id: 'new',
          title: 'New',
          youtube_id: 'ScMzIvxBSi4',
          lat: 38.7,
          lng: -90.3,
          links: ['nowhere'],
        },
      },
      { row: '#4', entry: { video_id: 'no-place', title: 'No place', youtube_id: 'ScMzIvxBSi4' } },
      {
        row: '#5',
        entry: { video_id: 'new', title: 'Twice', youtube_id: 'ScMzIvxBSi4', lat: 1, lng: 1 },
      },
      { row: '#6', entry: 'not a row' },
      {
        row: '#7',
        entry: { video_id: 'gone', title: 'Gone', youtube_id: 'ScMzIvxBSi4', lat: 1, lng: 1 },
      },
    ];
    const existing: StoredNode[] = [
      ...stored(ARCHIVE),
      { node: { video_id: 'gone', title: 'Gone', lat: 1, lng: 1 }, version: 3, deleted: true },
    ];
    existing[1] = { ...(existing[1] as StoredNode), version: 4 };
    const plan = planImport(entries, existing);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 1, refused: 4 });
    const [kept, edited, added, noPlace, twice, notRow, gone] = plan.rows;
    expect(kept).toEqual({
      row: '#1',
      id: 'kept',
      action: 'unchanged',
      title: (ARCHIVE[0] as { title: string }).title,
      version: 1,
      notes: [],
    });
    expect(edited).toMatchObject({
      action: 'update',
      version: 4,
      changes: [
        { field: 'title', before: 'Edited', after: 'Edited again' },
        { field: 'categories', before: 'Damage', after: 'Damage; Storm' },
        { field: 'links', before: '', after: 'kept; new' },
      ],
    });
    // A link to an item neither the archive nor the file holds is dropped, as the archive says.
    expect(added).toMatchObject({ action: 'create', notes: ['1 link to unknown items ignored'] });
    expect(added?.action === 'create' && added.node.links).toEqual([]);
    // The archive file's own reasons, word for word.
    const archiveSays = (entry: unknown) => {
      const { problems } = normalizeArchive([entry]);
      return problems[0]?.reasons;
    };
    // Named by the title the file gives it, as every refused row that has one.
    expect(noPlace).toMatchObject({
      action: 'refused',
      title: 'No place',
      reasons: archiveSays(entries[3]?.entry),
    });
    expect(
      describeProblem({
        index: 3,
        id: 'no-place',
        action: 'dropped',
        reasons: noPlace?.action === 'refused' ? noPlace.reasons : [],
      }),
    ).toMatch(/lat/);
    expect(twice).toMatchObject({
      action: 'refused',
      title: 'Twice',
      reasons: ['duplicate video_id'],
    });
    expect(notRow).toMatchObject({
      action: 'refused',
      reasons: ['not a node object ("not a row")'],
    });
    expect(gone).toMatchObject({
      action: 'refused',
      reasons: ['A deleted item has the id "gone"; restore it, or choose another id.'],
    });
  });

  it('marks a row refused only for want of a place, which a place picked for it lets in', () => {
    const placedOnce = { video_id: 'placed', youtube_id: 'ScMzIvxBSi4', lat: 38.6, lng: -90.2 };
    const entries: ImportEntry[] = [
      {
        row: 'Row 2',
        entry: { video_id: 'unplaced', title: 'Unplaced', youtube_id: 'ScMzIvxBSi4' },
      },
      { row: 'Row 3', entry: { video_id: 'no-video', title: 'No video', lat: 'x' } },
      { row: 'Row 4', entry: { title: 'No id' } },
      { row: 'Row 5', entry: { ...placedOnce, title: 'Placed' } },
      // Refused as a second row with the same id: a place would not let it in.
      { row: 'Row 6', entry: { ...placedOnce, title: 'Again' } },
    ];
    const plan = planImport(entries, []);
    expect(
      plan.rows.map((row) => (row.action === 'refused' ? (row.needsPlace ?? false) : null)),
    ).toEqual([true, false, false, null, false]);
    expect(plan.rows[4]).toMatchObject({ reasons: ['duplicate video_id'] });
    const placed = planImport(
      withPlaces(entries, { 'Row 2': { lat: 38.6, lng: -90.2 }, 'Row 9': { lat: 1, lng: 1 } }),
      [],
    );
    expect(placed.rows[0]).toMatchObject({
      action: 'create',
      node: { video_id: 'unplaced', lat: 38.6, lng: -90.2 },
    });
    // A place picked for a row that is not an object changes nothing.
    expect(withPlaces([{ row: '#1', entry: 'text' }], { '#1': { lat: 1, lng: 1 } })).toEqual([
      { row: '#1', entry: 'text' },
    ]);
  });
});
